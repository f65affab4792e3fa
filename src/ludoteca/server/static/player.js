// The lobby's "Your key" panel (issue 58): get a key, rename it, copy its link, replace it, and the key's
// games from every device: your turn first, then waiting, then finished, each with its last change.
import { api, h } from "/static/dom.js";
import { lang, t } from "/static/i18n.js";
import { keyHeader, playerKey, remember, seatLink, setPlayerKey } from "/static/tokens.js";
import { noticesPanel } from "/static/noticepanel.js";

const $ = (id) => document.getElementById(id);

/** How long ago a time (seconds since the epoch) was, in words. */
function ago(when) {
  const seconds = Math.max(0, Date.now() / 1000 - when);
  const [key, n] = seconds < 60 ? ["ago_s", 0] : seconds < 3600 ? ["ago_m", Math.floor(seconds / 60)]
    : seconds < 86400 ? ["ago_h", Math.floor(seconds / 3600)] : ["ago_d", Math.floor(seconds / 86400)];
  return t("ago", { time: t(key, { n }) });
}

function gameLine(g) {
  const link = h("a", { href: seatLink(`/play/${g.id}?lang=${lang}`, g.token), class: g.turn === "yours" ? "button" : "" },
    g.turn === "finished" ? t("watch") : t("play"));
  return h("li", { "data-game": g.id, "data-turn": g.turn },
    h("b", {}, g.title), " ", h("code", {}, g.id), " · ", `${g.moves} ${t("moves")}`, " · ",
    h("small", {}, ago(g.touched)), " ", link);
}

function drawGames(games) {
  const groups = ["yours", "waiting", "finished"].map((turn) => {
    const items = games.filter((g) => g.turn === turn).map(gameLine);
    return items.length ? [h("h3", {}, t(`turn_${turn}`)), h("ul", { class: "games", id: `key-${turn}` }, items)] : [];
  });
  return groups.flat();
}

function drawNoKey(panel, message) {
  const name = h("input", { id: "key-name", maxlength: 40, required: true, "aria-label": t("key_name") });
  const form = h("form", { id: "key-form" },
    h("label", {}, h("span", {}, t("key_name")), " ", name), " ", h("button", { type: "submit" }, t("key_get")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const made = await api("/api/players", { method: "POST", body: { name: name.value } });
      setPlayerKey(made.key);
      await refreshPlayer();
    } catch (error) {
      $("key-error").textContent = error.message;
    }
  });
  panel.replaceChildren(h("h2", {}, t("key_title")), h("p", { class: "small" }, message || t("key_help")), form,
    h("p", { class: "error", id: "key-error", role: "alert" }));
}

function drawKey(panel, key, me) {
  const link = h("input", { readonly: true, class: "link", id: "key-link", value: new URL(`/#key=${encodeURIComponent(key)}`, location.href).href });
  const copy = h("button", { type: "button", class: "copy" }, t("copy"));
  copy.addEventListener("click", async () => {
    try { await navigator.clipboard.writeText(link.value); } catch { link.select(); document.execCommand("copy"); }
    copy.textContent = t("copied");
  });
  const name = h("input", { id: "key-rename", maxlength: 40, value: me.name, "aria-label": t("key_name") });
  const rename = h("form", { id: "rename-form" }, name, " ", h("button", { type: "submit" }, t("key_rename")));
  rename.addEventListener("submit", async (event) => {
    event.preventDefault();
    await act(() => api("/api/players/me", { method: "PATCH", body: { name: name.value }, headers: keyHeader() }));
  });
  const replace = h("button", { type: "button", id: "key-replace" }, t("key_replace"));
  replace.addEventListener("click", async () => {
    if (!confirm(t("key_replace_confirm"))) return;
    await act(async () => setPlayerKey((await api("/api/players/me/key", { method: "POST", headers: keyHeader() })).key));
  });
  const forget = h("button", { type: "button", id: "key-forget" }, t("key_forget"));
  forget.addEventListener("click", async () => { setPlayerKey(null); await refreshPlayer(); });
  panel.replaceChildren(h("h2", {}, t("key_title")), h("p", { id: "key-as" }, t("key_as", { name: me.name })),
    rename, h("label", {}, h("span", { class: "small" }, t("key_link")), " ", link, " ", copy),
    h("p", {}, replace, " ", forget), h("p", { class: "error", id: "key-error", role: "alert" }), noticesPanel(),
    ...drawGames(me.games));
}

async function act(change) {
  try {
    await change();
    await refreshPlayer();
  } catch (error) {
    $("key-error").textContent = error.message;
  }
}

/** Draw the panel from the key this browser holds; the key's seats are remembered here, so that every
 * other list of the lobby offers "play" for them too. */
export async function refreshPlayer() {
  const panel = $("player");
  const key = playerKey();
  if (!key) return drawNoKey(panel);
  let me;
  try {
    me = await api("/api/players/me", { headers: keyHeader() });
  } catch (error) {
    return drawNoKey(panel, t("key_lost"));
  }
  for (const g of me.games) remember(g.id, g.token);
  drawKey(panel, key, me);
}
