// The replay viewer: step through every move of a game (or an uploaded record) as this seat saw it.
import { api, h } from "/static/dom.js";
import { downloadRecord, drawBoard, loadBoard, loadSections, moveItem, moveText, renderLog, renderResult, ruleLink } from "/static/client.js";
import { lang, languageLink, t } from "/static/i18n.js";
import { auth, pageToken } from "/static/tokens.js";

const $ = (id) => document.getElementById(id);
const gameId = location.pathname.split("/").pop();
const token = pageToken(gameId);
let board = null;
let data = null;
let count = 0;
let moves = [];

/** `ask()`, asked again after a second (twice at most) if the server refused it: a viewer stepping faster
 * than the server's limit on replay steps waits instead of stopping. */
async function patiently(ask) {
  for (let tries = 0; ; tries += 1) {
    try {
      return await ask();
    } catch (error) {
      if (tries >= 2) throw error;
      await new Promise((done) => setTimeout(done, 1000));
    }
  }
}

async function show(step) {
  step = Math.max(0, Math.min(count, step));
  // the move list is asked for once, and again only when the game has moved on since
  const frameAt = (withMoves) => patiently(() => api(`/api/games/${gameId}/replay?${new URLSearchParams({ step, lang, moves: withMoves })}`,
    { headers: auth(token) }));
  let frame = await frameAt(!moves.length);
  if (!frame.moves && frame.count !== moves.length) frame = await frameAt(true);
  count = frame.count;
  moves = frame.moves ?? moves;
  const view = { ...frame.view, actions: [] };
  $("step").max = count;
  $("step").value = step;
  $("position").textContent = `${t("step")} ${step} ${t("of")} ${count}`;
  document.body.dataset.step = step;
  drawBoard(board, $("board"), view, data, () => {});
  $("prompt").replaceChildren(view.prompt ?? "", " ", view.rule ? ruleLink(view.game, view.rule) : "");
  renderLog($("log"), view);
  renderResult($("result"), view);
  $("moves").replaceChildren(...moves.map((m, i) => moveItem(m, { class: i + 1 === step ? "current" : "" },
    h("a", { href: "#", onclick: (e) => { e.preventDefault(); show(i + 1); } }, moveText(m)))));
}

async function main() {
  document.documentElement.lang = lang;
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  $("lang").append(languageLink());
  const first = await api(`/api/games/${gameId}/replay?step=0&lang=${lang}`, { headers: auth(token) });
  count = first.count;
  const catalog = await api(`/api/catalog?lang=${lang}`);
  const entry = catalog.find((g) => g.id === first.game);
  $("title").textContent = entry.title;
  $("rules-link").href = `/rules/${entry.id}?lang=${lang}`;
  const record = $("record-link");
  record.hidden = !first.record_available;
  record.addEventListener("click", (event) => downloadRecord(event, gameId, token));
  data = await api(`/api/data/${entry.id}`);
  data.messages = await api(`/api/messages/${entry.id}?lang=${lang}`);
  board = await loadBoard(entry.board);
  await loadSections(entry.id);
  const current = () => Number($("step").value);
  $("first").onclick = () => show(0);
  $("prev").onclick = () => show(current() - 1);
  $("next").onclick = () => show(current() + 1);
  $("last").onclick = () => show(count);
  $("step").oninput = () => show(current());
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight") show(current() + 1);
    if (e.key === "ArrowLeft") show(current() - 1);
  });
  await show(0);
}

main().catch((error) => { $("error").textContent = error.message; });
