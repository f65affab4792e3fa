// The game page: one seat's live view over a WebSocket; targets on the board and buttons to act.
import { api, h } from "/static/dom.js";
import { downloadRecord, drawBoard, loadBoard, loadSections, renderLog, renderMoves, renderResult, ruleLink } from "/static/client.js";
import { lang, languageLink, t } from "/static/i18n.js";
import { showChat, setupChat } from "/static/chat.js";
import { auth, pageToken } from "/static/tokens.js";
import { setupTurnMark, turnMark } from "/static/turnmark.js";

const $ = (id) => document.getElementById(id);
const gameId = location.pathname.split("/").pop();
const token = pageToken(gameId);
let board = null;
let roleNames = {};
let data = null;
let moves = [];
let logLines = [];
let last = null;
let selected = null;
let socket = null;
let retry = 0;
let undoing = false;  // an undo asked for: the forced moves it comes back to are taken back too
let forcedAt = null;  // the version of the position whose only choice was played for the seat
const ALL_BUTTONS = 24;  // up to this many legal actions, each has its button
const NARROW = window.matchMedia("(max-width: 900px)");  // the one-column page of style.css
const HINT_ROWS = 5;  // the hint lists this many of the moves the search weighed, most visited first

/** Send `message` on the live connection; false when it is not open yet (or any more). */
function send(message) {
  if (!socket || socket.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify(message));
  return true;
}

function act(action) {
  $("error").textContent = "";
  document.body.classList.add("busy");
  for (const b of document.querySelectorAll("#actions button, #undo, #hint")) b.disabled = true;
  send({ type: "act", action: action.id, version: last.version });
}

function askHint() {
  $("hint").disabled = true;
  $("hint-box").hidden = false;
  $("hint-box").replaceChildren(h("p", {}, t("hint_thinking")));
  send({ type: "hint" });
}

/** The search's suggestion for this position: the sentence that says what to play and why (built on the
 * server, in the page's language), its move highlighted, and the moves it weighed with their visits and
 * estimated chances of winning. */
function renderHint(hint) {
  if (!last || hint.move !== last.view.move) return;  // the game has moved on
  $("hint").disabled = false;
  for (const b of document.querySelectorAll("#actions button")) b.classList.toggle("hinted", Number(b.dataset.action) === hint.action);
  const target = last.view.actions.find((a) => a.id === hint.action)?.target;
  if (target) document.querySelector(`#board [data-target="${CSS.escape(target)}"]`)?.classList.add("hinted");
  const rows = hint.alternatives.slice(0, HINT_ROWS).map((a) =>
    h("tr", { class: a.action === hint.action ? "chosen" : null },
      h("td", { title: a.notation }, a.label),
      h("td", { class: "num" }, String(a.visits)),
      h("td", { class: "num" }, a.chance === null ? "" : t("hint_percent", { n: a.chance }))));
  const table = h("table", { class: "hint-table" },
    h("thead", {}, h("tr", {}, h("th", {}, t("hint_move")), h("th", { class: "num" }, t("hint_visits")),
      h("th", { class: "num" }, t("hint_chance")))),
    h("tbody", {}, ...rows));
  // A hint that names a plan (issue 56) lists the plans weighed instead of the moves.
  const plans = hint.plans ? h("table", { class: "hint-table hint-plans" },
    h("thead", {}, h("tr", {}, h("th", {}, t("hint_plan")), h("th", { class: "num" }, t("hint_visits")),
      h("th", { class: "num" }, t("hint_chance")))),
    h("tbody", {}, ...hint.plans.slice(0, HINT_ROWS).map((p) =>
      h("tr", { class: p.name === hint.plan.name ? "chosen" : null, "data-plan": p.name },
        h("td", {}, p.text),
        h("td", { class: "num" }, String(p.visits)),
        h("td", { class: "num" }, p.chance === null ? "" : t("hint_percent", { n: p.chance })))))) : null;
  const weighed = plans ? t("hint_plans_weighed", { n: hint.iterations }) : t("hint_weighed", { n: hint.iterations });
  $("hint-box").replaceChildren(
    h("p", { class: "hint-sentence" }, hint.sentence),
    hint.iterations ? h("p", { class: "dim" }, weighed) : "",
    hint.iterations ? plans ?? table : "",
  );
}

/** Whether the page offers the board's actions by their targets alone: on the one-column page, for a
 * board module that asks for it (`export const targetsFirst = true`), so that what is chosen from comes
 * right under the prompt rather than a screen of buttons before it. */
function targetsFirst() {
  return Boolean(board?.targetsFirst) && NARROW.matches;
}

function choose(actions) {
  if (actions.length === 1 && !targetsFirst()) act(actions[0]);
  else {  // several actions, or a tap on a phone: the target's actions as named buttons, then one is chosen
    selected = actions;
    document.body.dataset.selected = actions[0].target;
    renderActions(new Set());
    if (targetsFirst()) $("actions").scrollIntoView({ block: "nearest" });
  }
}

/** The legal actions as named buttons: all of them when they are few (a person sees every choice without
 * hovering), else those the board does not offer one to a target (several on one location, or none);
 * with `targetsFirst`, only those the board does not offer. */
function renderActions(drawn) {
  const actions = last.view.actions;
  const perTarget = new Map();
  for (const a of actions) if (drawn.has(a.id)) perTarget.set(a.target, (perTarget.get(a.target) ?? 0) + 1);
  const offBoard = targetsFirst() ? actions.filter((a) => !drawn.has(a.id)) : null;
  const shown = selected ?? offBoard ?? (actions.length <= ALL_BUTTONS ? actions : actions.filter((a) => !drawn.has(a.id) || perTarget.get(a.target) > 1));
  const buttons = shown.map((a) => h("button", {
    type: "button", "data-action": a.id, "data-notation": a.notation, class: `group-${a.group}`, onclick: () => act(a),
  }, a.label));
  $("actions").replaceChildren(...buttons);
}

/** Whose turn it is and what to do. A seat that waits (or a spectator) reads only whom it waits for,
 * named once: the prompt is addressed to the seat that decides. */
function renderPrompt(message) {
  const view = message.view;
  const prompt = $("prompt");
  prompt.classList.toggle("my-turn", view.actions.length > 0);
  if (view.terminal) {
    prompt.replaceChildren(h("b", {}, t("game_over")));
    return;
  }
  const player = message.seats.find((seat) => seat.role === view.current_role)?.player;
  const name = (roleNames[view.current_role] || view.current_role) + (player ? ` (${player})` : "");
  if (!view.actions.length) {
    const ai = message.seats.find((s) => s.role === view.current_role)?.kind === "ai";
    // An AI playing a plan says what it is doing and how far along it is (issue 56): "reclutando, 7 de 22".
    const doing = ai && message.thinking?.role === view.current_role ? message.thinking.text : null;
    const waiting = doing ? t("prompt_doing_ai", { role: name, doing }) : t(ai ? "prompt_wait_ai" : "prompt_wait", { role: name });
    prompt.replaceChildren(h("span", { class: "waiting", "data-doing": doing ? "1" : null }, waiting));
    return;
  }
  // A prompt that already begins with the role's name ("Hidalgo: elige…") is not prefixed by it twice.
  let text = view.prompt ?? "";
  if (name && text.startsWith(`${name}: `)) text = text.slice(name.length + 2);
  const named = message.my_roles.length > 1 || text !== (view.prompt ?? "");
  const who = named ? h("span", { class: "turn-of" }, t("turn_of", { role: name }), " ") : "";
  prompt.replaceChildren(who, text, " ", view.rule ? ruleLink(view.game, view.rule) : "");
}

const DIE_FACES = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

/** Companion mode (issue 29): at a chance node the seat asked says what the physical dice and cards show,
 * with one large button per outcome still possible, its number on it (the one printed on the card or die,
 * which never changes as cards leave; a die's face drawn too), or by typing its number, its name or the
 * start of its name, as at the terminal (the server reads the entry: issue 54); any other seat reads whom
 * the table waits for, and never the outcomes. */
function renderTableChance(asked) {
  const name = roleNames[asked.asker] || asked.asker_name;
  if (!asked.choices) {
    $("prompt").replaceChildren(h("span", { class: "waiting" }, t("table_wait", { role: name })));
    $("actions").replaceChildren();
    return;
  }
  $("prompt").classList.add("my-turn");
  $("prompt").replaceChildren(t("table_ask"), " ", asked.rule ? ruleLink(last.view.game, asked.rule) : "");
  $("table-entry").hidden = false;
  $("actions").replaceChildren(...asked.choices.map((c) => {
    const face = c.group === "die" ? DIE_FACES[Number(c.target) - 1] : undefined;
    return h("button", {
      type: "button", "data-action": c.id, "data-notation": c.notation, "data-number": c.number,
      class: `table-outcome group-${c.group}`, onclick: () => act(c),
    }, h("span", { class: "num" }, String(c.number)), face ? h("span", { class: "face", "aria-hidden": "true" }, face) : "", h("span", {}, c.label));
  }));
}

/** Tell the table's outcome as typed: the server finds the one it names, or says why not (the entry
 * stays, to be corrected). */
function tell(event) {
  event.preventDefault();
  const text = $("table-text").value.trim();
  if (!text || !last) return;
  $("error").textContent = "";
  document.body.classList.add("busy");
  send({ type: "act", action: text, version: last.version });
}

/** The outcome this seat told last, said back while it may still take it back (nothing happened since). */
function renderTold(told) {
  $("told").hidden = !told;
  $("told").textContent = told ? t("table_told", told) : "";
}

/** A decision of this seat with one choice is played at once, as the terminal plays it (issue 55): the
 * page says what was played. An undo that comes back to such a decision goes on back past it (else the
 * page would play it again), as far as the seat may undo. */
function forced(message) {
  const view = message.view;
  if (message.table_chance || view.terminal || view.actions.length !== 1) {
    undoing = false;
    return false;
  }
  if (undoing && message.undoable > 0) {
    send({ type: "undo" });
    return true;
  }
  undoing = false;
  if (forcedAt !== message.version && send({ type: "act", action: view.actions[0].id, version: message.version })) {
    forcedAt = message.version;
  }
  return true;
}

/** Take in a message from the server: its moves and log lines follow those already held. */
function merge(message) {
  moves = moves.slice(0, message.moves_from).concat(message.moves);
  logLines = message.log_from ? logLines.concat(message.view.log) : message.view.log;
  message.view.log = logLines;
  render(message);
  turnMark(message);
}

function render(message) {
  if (last && last.view.move !== message.view.move) $("table-text").value = "";  // told: the next is new
  const before = last;
  last = message;
  selected = null;
  delete document.body.dataset.selected;
  document.body.classList.remove("busy");
  const view = message.view;
  const named = (role) => roleNames[role] || role;
  $("who").textContent = view.role ? `${t("you_are")}: ${message.my_roles.map(named).join(", ")}` : t("spectator");
  renderPrompt(message);
  $("table-entry").hidden = true;
  if (forced(message)) {  // played already: nothing to click
    drawBoard(board, $("board"), { ...view, actions: [] }, data, choose);
    $("actions").replaceChildren(h("p", { class: "forced" }, t("only_choice", { label: view.actions[0].label })));
    document.body.classList.add("busy");
  } else renderActions(drawBoard(board, $("board"), view, data, choose));
  if (message.table_chance) renderTableChance(message.table_chance);
  document.body.dataset.table = message.table_chance ? (message.table_chance.choices ? "ask" : "wait") : "";
  renderTold(message.told);
  $("undo").disabled = !(message.undoable > 0);
  $("undo").hidden = view.terminal || !view.role;
  // A disabled undo says which rule of undo stops it, in its tooltip and beside it.
  const why = message.undo_blocked && view.role && !view.terminal ? t(message.undo_blocked) : "";
  $("undo").title = why;
  $("undo-why").textContent = why;
  $("undo-why").hidden = !why;
  $("hint").hidden = view.terminal || !view.role;
  $("hint").disabled = view.actions.length === 0;
  $("hint-box").hidden = true;
  renderLog($("log"), view);
  renderMoves($("moves"), moves);
  renderResult($("result"), view);
  const record = $("record-link");
  record.hidden = !message.record_available;

  $("rematch-row").hidden = !((view.terminal || message.ended) && message.my_roles.length);
  if (message.ended) {
    $("result").hidden = false;
    $("result").replaceChildren(h("h3", {}, t("game_over")), h("p", {}, message.ended));
  }
  if (!before || before.view.move !== view.move || before.status !== message.status) showClock();
  document.body.dataset.move = view.move;
  document.body.dataset.terminal = view.terminal;
}

let keySent = null;

/** "Play again" (issue 58): the rematch's link for this seat, each person one seat on. */
function offerRematch(made) {
  if (!made.token) return;
  const link = $("rematch-link");
  link.href = `/play/${made.id}?lang=${lang}#token=${encodeURIComponent(made.token)}`;
  link.hidden = false;
  $("rematch").hidden = true;
}

/** The game's time per move (issue 58): when this move's time runs out and, once a seat is overdue, the
 * other seats' votes and buttons. Read when the position changes and every minute. */
async function showClock() {
  let clock;
  try {
    clock = await api(`/api/games/${gameId}/clock`, { headers: auth(token) });
  } catch {
    return;
  }
  const box = $("clock");
  box.hidden = !clock.per_move || !!last?.view.terminal || last?.status === "finished";
  if (box.hidden) return;
  const named = (role) => roleNames[role] || role;
  const parts = [h("p", { class: "small" }, t("clock_until", { when: new Date(clock.until * 1000).toLocaleString(lang) }))];
  if (clock.overdue) {
    parts.push(h("p", {}, t("clock_vote", { role: named(clock.overdue) })));
    const votes = Object.entries(clock.votes).map(([role, choice]) => `${named(role)}: ${t(`vote_${choice.replace(":", "_")}`)}`);
    if (votes.length) parts.push(h("p", { class: "small" }, t("clock_votes", { votes: votes.join(" · ") })));
    if (clock.may_vote) {
      parts.push(h("p", {}, clock.choices.flatMap((choice) => {
        const button = h("button", { type: "button", "data-vote": choice }, t(`vote_${choice.replace(":", "_")}`));
        button.addEventListener("click", async () => {
          try {
            await api(`/api/games/${gameId}/overdue`, { method: "POST", body: { token, choice } });
          } catch (error) {
            $("error").textContent = error.message;
          }
          await showClock();
        });
        return [button, " "];
      })));
    }
  }
  box.replaceChildren(...parts);
}

async function askRematch() {
  try {
    offerRematch(await api(`/api/games/${gameId}/rematch`, { method: "POST", body: { token } }));
    location.href = $("rematch-link").href;
  } catch (error) {
    $("error").textContent = error.message;
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${gameId}?${new URLSearchParams({ lang })}`);
  socket.onopen = () => {
    keySent = token ? localStorage.getItem("ludoteca.key") : null;  // binds the seat to the player's key
    socket.send(JSON.stringify({ type: "join", token, ...(keySent ? { key: keySent } : {}) }));
    if (last) forced(last);  // a forced decision shown before the connection opened is played now
    retry = 0;
    $("link-state").textContent = t("connected");
    $("link-state").className = "link-state ok";
  };
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "state") merge(message);
    else if (message.type === "hint") renderHint(message);
    else if (message.type === "chat") showChat(message, last, roleNames, send);
    else if (message.type === "rematch") offerRematch(message);
    else if (message.type === "error") {
      if (message.status === 401 && keySent && !last) {  // a key replaced elsewhere: the seat's link still works
        localStorage.removeItem("ludoteca.key");
        return;  // the server closes the connection; it is opened again without the key
      }
      document.body.classList.remove("busy");
      $("error").textContent = message.message;
      if (last) render(last);
      if (message.status === 403 || message.status === 404) socket.onclose = null;
    }
  };
  socket.onclose = () => {
    $("link-state").textContent = t("disconnected");
    $("link-state").className = "link-state down";
    retry += 1;
    setTimeout(connect, Math.min(10000, 500 * 2 ** retry));
  };
}

async function main() {
  document.documentElement.lang = lang;
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  $("lang").append(languageLink());
  const first = await api(`/api/games/${gameId}?lang=${lang}`, { headers: auth(token) });
  const catalog = await api(`/api/catalog?lang=${lang}`);
  const entry = catalog.find((g) => g.id === first.view.game);
  roleNames = Object.fromEntries(entry.roles.map((r, i) => [r, entry.role_names[i]]));
  document.title = `${entry.title} · Ludoteca`;
  $("title").textContent = entry.title;
  $("rules-link").href = `/rules/${entry.id}?lang=${lang}`;
  data = await api(`/api/data/${entry.id}`);
  data.messages = await api(`/api/messages/${entry.id}?lang=${lang}`);
  board = await loadBoard(entry.board);
  await loadSections(entry.id);
  $("undo").addEventListener("click", () => {
    undoing = true;
    send({ type: "undo" });
  });
  $("table-text").placeholder = t("table_type");
  $("table-text").setAttribute("aria-label", t("table_type"));
  $("table-entry").addEventListener("submit", tell);
  $("hint").addEventListener("click", askHint);
  setupChat(send);
  $("rematch").addEventListener("click", askRematch);
  setInterval(showClock, 60_000);
  setupTurnMark($("link-state").parentNode);
  NARROW.addEventListener("change", () => { if (last && board?.targetsFirst) render(last); });
  $("record-link").addEventListener("click", (event) => downloadRecord(event, gameId, token));
  merge(first);
  connect();
}

main().catch((error) => { $("error").textContent = error.message; });
