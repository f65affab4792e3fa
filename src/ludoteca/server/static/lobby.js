// The lobby: create a game (options and seats), list open, running and finished games, upload a record.
import { api, h } from "/static/dom.js";
import { lang, languageLink, t } from "/static/i18n.js";
import { remember, seatLink, tokens } from "/static/tokens.js";

const $ = (id) => document.getElementById(id);
let catalog = [];
let seatRoles = [];

function translatePage() {
  document.documentElement.lang = lang;
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  $("lang").append(languageLink());
}

function currentGame() {
  return catalog.find((g) => g.id === $("game").value);
}

/** The options chosen, leaving out those that have no effect with the others (hidden: `when`). */
function chosenOptions() {
  const options = {};
  for (const select of document.querySelectorAll("[data-option]")) {
    if (!select.closest("label").hidden) options[select.dataset.option] = select.value;
  }
  return options;
}

/** Show an option only where it has an effect: `when` names the option and the values it needs (the
 * historical placement only in the scenarios that have one). */
function showWhatApplies() {
  const game = currentGame();
  for (const o of game.options) {
    if (!o.when) continue;
    const [name, values] = o.when;
    const other = document.querySelector(`[data-option="${CSS.escape(name)}"]`);
    document.querySelector(`[data-option="${CSS.escape(o.name)}"]`).closest("label").hidden = !values.includes(other?.value);
  }
}

/** The game's options: the main ones first, then the readings of ambiguous rules and the variants folded
 * under one heading (their defaults follow the rulebook), each with its whole help as its tooltip. */
function drawForm() {
  const game = currentGame();
  const options = $("options");
  options.replaceChildren(h("legend", {}, t("options")));
  const readings = h("details", { class: "readings", id: "readings" }, h("summary", {}, t("readings")));
  for (const o of game.options) {
    const changed = () => { showWhatApplies(); drawSeats(); };
    const select = h("select", { name: `option-${o.name}`, "data-option": o.name, onchange: changed },
      o.choices.map((c, i) => h("option", { value: c, selected: c === o.default }, o.labels?.[i] ?? c)));
    (o.reading ? readings : options).append(h("label", { title: o.help }, h("span", {}, o.help || o.name), " ", select));
  }
  if (readings.children.length > 1) options.append(readings);
  showWhatApplies();
  return drawSeats();
}

/** The AI's strengths a seat offers, each with a line that says what it is: the search's levels, the
 * random player, any other agent of the game by its name, and a spec written by hand (for experts). */
function levelChoices(game) {
  const out = [];
  if (game.agents.includes("ismcts")) for (const level of ["easy", "normal", "hard"]) out.push([`ismcts:level=${level}`, t(`level_${level}`)]);
  // A game with plans (issue 56) keeps the search over single actions selectable, to compare with.
  if (game.agents.includes("ismcts") && game.planner) out.push(["ismcts:level=normal:plans=0", t("level_actions")]);
  for (const kind of game.agents) {
    if (kind === "ismcts") continue;
    out.push([kind, kind === "random" ? t("level_random") : t("level_other", { name: kind })]);
  }
  out.push(["spec", t("level_spec")]);
  return out;
}

/** One line per seat in play with the chosen options: me, an invited person, or an AI agent. */
async function drawSeats() {
  const game = currentGame();
  const query = new URLSearchParams({ ...chosenOptions(), lang });
  seatRoles = await api(`/api/seats/${game.id}?${query}`);
  const seats = $("seats");
  seats.replaceChildren(h("legend", {}, t("seats")),
    h("datalist", { id: `agents-${game.id}` }, game.agents.map((a) => h("option", { value: a }))));
  seatRoles.forEach((seat, i) => {
    const kind = h("select", { name: `seat-${i}`, "data-seat": i },
      ["me", "human", "ai"].map((k) => h("option", { value: k }, t(k))));
    const level = h("select", { name: `level-${i}`, "data-level": i, hidden: true, "aria-label": t("ai") },
      levelChoices(game).map(([value, text]) => h("option", { value, selected: value === "ismcts:level=normal" }, text)));
    // For experts, an agent spec: a kind, with parameters if wanted (`ismcts:iters=500`); the kinds are suggested.
    const spec = h("input", { name: `spec-${i}`, "data-spec": i, hidden: true, list: `agents-${game.id}`,
      value: game.agents[0], size: 18, "aria-label": t("level_spec") });
    const show = () => {
      level.hidden = kind.value !== "ai";
      spec.hidden = kind.value !== "ai" || level.value !== "spec";
    };
    kind.addEventListener("change", show);
    level.addEventListener("change", show);
    seats.append(h("label", {}, h("span", {}, seat.name), " ", kind, " ", level, " ", spec));
  });
}

async function create(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  const game = currentGame();
  const options = chosenOptions();
  const seats = seatRoles.map((_, i) => {
    const kind = document.querySelector(`[data-seat="${i}"]`).value;
    const level = document.querySelector(`[data-level="${i}"]`).value;
    const spec = level === "spec" ? document.querySelector(`[data-spec="${i}"]`).value : level;
    return kind === "ai" ? { kind, spec } : { kind };
  });
  const seedText = $("seed").value.trim();
  try {
    const made = await api("/api/games", {
      method: "POST",
      body: {
        game: game.id, options, seats, seed: seedText ? Number(seedText) : null,
        chance: $("table-chance").checked ? "table" : "sample",
      },
    });
    if (made.token) remember(made.id, made.token);
    const mine = seatLink(`/play/${made.id}?lang=${lang}`, made.token);
    const invited = Object.entries(made.invitations);
    if (!invited.length) {
      location.href = mine;
      return;
    }
    const link = (path) => new URL(path, location.href).href;
    $("created").hidden = false;
    $("created").replaceChildren(
      h("h3", {}, t("invitations")),
      h("p", {}, t("invite_help")),
      h("ul", { class: "links" }, invited.map(([role, token]) => {
        const url = link(seatLink(`/play/${made.id}?lang=${lang}`, token));
        const name = seatRoles.find((seat) => seat.role === role)?.name ?? role;
        const field = h("input", { readonly: true, value: url, class: "link", "data-role": role });
        return h("li", {}, h("b", {}, name), " ", field, " ", copyButton(field));
      })),
      h("p", {}, h("a", { href: mine, class: "button", id: "go" }, made.token ? t("play") : t("watch"))),
    );
    await refresh();
  } catch (error) {
    $("create-error").textContent = error.message;
  }
}

/** A button that copies the invitation link of `field` and says so. */
function copyButton(field) {
  const button = h("button", { type: "button", class: "copy", "data-copy": field.dataset.role }, t("copy"));
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(field.value);
    } catch {
      field.select();
      document.execCommand("copy");
    }
    button.textContent = t("copied");
  });
  return button;
}

/** The options a game was created with that differ from the defaults, as the form names them ("Dificultad:
 * muy difícil"): never the raw ids. */
function optionsText(entry, options) {
  return Object.entries(options).map(([name, value]) => {
    const option = entry?.options.find((o) => o.name === name);
    if (!option || value === option.default) return null;
    const label = option.labels?.[option.choices.indexOf(value)] ?? value;
    return `${(option.help || name).split(":")[0]}: ${label}`;
  }).filter(Boolean).join(" · ");
}

function gameItem(g, mine) {
  const entry = catalog.find((c) => c.id === g.game);
  const title = entry?.title || g.game;
  const opts = optionsText(entry, g.options);
  const token = tokens()[g.id];
  const links = [];
  if (token && g.result === null) links.push(h("a", { href: seatLink(`/play/${g.id}?lang=${lang}`, token), class: "button" }, t("play")));
  else links.push(h("a", { href: seatLink(`/play/${g.id}?lang=${lang}`, token) }, t("watch")));
  links.push(h("a", { href: seatLink(`/replay/${g.id}?lang=${lang}`, token) }, t("replay")));
  const result = g.result ? h("span", { class: "result" }, g.result.text) : null;
  return h("li", { "data-game": g.id, class: mine ? "mine" : "" },
    h("b", {}, title), " ", h("code", {}, g.id), " ", h("small", {}, opts), " · ",
    `${g.moves} ${t("moves")}`, " ", result, " ", ...links);
}

async function refresh() {
  const listing = await api("/api/games");
  const mine = tokens();
  const all = [...listing.open, ...listing.running, ...listing.finished];
  const playing = all.filter((g) => mine[g.id] && g.result === null).map((g) => gameItem(g, true));
  $("list-mine").replaceChildren(...playing);
  $("mine-title").hidden = !playing.length;
  for (const status of ["open", "running", "finished"]) {
    const items = listing[status].map((g) => gameItem(g, false));
    $(`list-${status}`).replaceChildren(...(items.length ? items : [h("li", { class: "none" }, t("none"))]));
  }
}

async function upload() {
  $("upload-error").textContent = "";
  const file = $("upload").files[0];
  if (!file) return;
  try {
    const made = await api("/api/records", { method: "POST", body: await file.text() });
    location.href = `/replay/${made.id}?lang=${lang}`;
  } catch (error) {
    $("upload-error").textContent = error.message;
  }
}

async function main() {
  translatePage();
  catalog = await api(`/api/catalog?lang=${lang}`);
  $("game").replaceChildren(...catalog.map((g) => h("option", { value: g.id }, g.title)));
  $("game").addEventListener("change", drawForm);
  await drawForm();
  $("create-form").addEventListener("submit", create);
  $("upload").addEventListener("change", upload);
  await refresh();
  setInterval(refresh, 5000);
}

main();
