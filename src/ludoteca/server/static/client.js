// What the game page and the replay viewer share: loading a game's board module and data, drawing a
// view with its legal targets, the log with rule citations, and the move list.
import { h } from "/static/dom.js";
import { fill, lang, t } from "/static/i18n.js";
import { auth } from "/static/tokens.js";

const boards = {};

/** The board module of a game (the URL the catalog names: the game's own drawing or the generic one), loaded once. */
export async function loadBoard(url) {
  boards[url] ??= await import(url);
  return boards[url];
}

let sections = {};

/** The rules reference's section names in the page's language (`/api/rules/<game>/sections`), which
 * citations show. */
export async function loadSections(game) {
  const response = await fetch(`/api/rules/${game}/sections?lang=${lang}`);
  sections = response.ok ? await response.json() : {};
}

/** How a citation reads: a rulebook number as it is (§ 4.4.1), any other anchor by its section's name in
 * the page's language, after the number it starts with if any (§ 4.3.2.I Conflicto Indígena, § Fase de
 * acción): never an anchor's English word. */
export function ruleName(rule) {
  const number = rule.match(/^[0-9]+(\.([0-9]+|[IVX]+|[A-Z]))*/)?.[0] ?? "";
  const name = sections[rule];
  if (number === rule || !name) return `§ ${rule}`;
  return number && !name.startsWith(number) ? `§ ${number} ${name}` : `§ ${name}`;
}

export function ruleLink(game, rule, label = null) {
  return h("a", { class: "rule", href: `/rules/${game}?lang=${lang}#${rule}`, target: "ludoteca-rules", title: sections[rule] ?? t("rules") },
    label ?? ruleName(rule));
}

/**
 * Draw `view` on `container` with the game's board module. A board module calls
 * `ctx.target(node, target, groups)` for each thing it draws that an action may name: when legal
 * actions name `target` (and, if given, belong to one of `groups`), the node is highlighted and a
 * click calls `choose(actions)`. Returns the ids of the actions reachable on the board.
 */
export function drawBoard(board, container, view, data, choose) {
  const drawn = new Set();
  const ctx = {
    lang,
    data,
    t,
    /** A message of the game's own catalog, in the reader's language, its `{name}` fields filled from `params`. */
    msg: (key, params = {}) => fill(data.messages?.[key] ?? key, params),
    /** Make `node` the board's handle for `target`: highlighted and clickable when it is legal. */
    target(node, target, groups = null) {
      const actions = view.actions.filter((a) => a.target === String(target) && (!groups || groups.includes(a.group)));
      if (!actions.length) return;
      for (const a of actions) drawn.add(a.id);
      node.classList.add("target");
      node.setAttribute("data-target", String(target));
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      const label = actions.map((a) => a.label).join(" / ");
      node.setAttribute("aria-label", label);
      const tip = document.createElementNS("http://www.w3.org/2000/svg", "title");
      tip.textContent = label;
      node.appendChild(tip);
      node.addEventListener("click", () => choose(actions));
      node.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") choose(actions); });
    },
  };
  container.replaceChildren();
  board.draw(container, view, ctx);
  return drawn;
}

export function renderLog(list, view) {
  const items = view.log.map((line) =>
    h("li", {}, line.text, " ", line.rule ? ruleLink(view.game, line.rule) : null));
  list.reversed = true;
  list.replaceChildren(...items.reverse());
}

/** A move as the page's reader says it: the role's name and the move's label in the page's language (the
 * list's own number is the move's; the notation is left to the tooltip). */
export function moveText(move) {
  if (move.actor === "chance") return t("chance");
  return `${move.actor_name || move.actor}: ${move.label ?? move.notation ?? t("chose")}`;
}

/** One list item per move, numbered by the list itself (`value`), never twice. */
export function moveItem(move, attrs = {}, content = null) {
  return h("li", { value: move.n, title: move.notation ?? "", ...attrs, class: `${move.secret ? "secret" : ""} ${attrs.class ?? ""}`.trim() },
    content ?? moveText(move));
}

export function renderMoves(list, moves) {
  list.replaceChildren(...moves.map((m) => moveItem(m)));
}

/** Download the record with the seat's token in a header (a plain link would put it in the URL); a
 * refusal is shown in the page's language. */
export async function downloadRecord(event, gameId, token) {
  event.preventDefault();
  const response = await fetch(`/api/games/${gameId}/record?lang=${lang}`, { headers: auth(token) });
  if (!response.ok) {
    const refusal = await response.json().catch(() => ({}));
    window.alert(refusal.error || `${response.status}`);
    return;
  }
  const link = h("a", { href: URL.createObjectURL(await response.blob()), download: `${gameId}.record.json` });
  link.click();
  URL.revokeObjectURL(link.href);
}

export function renderResult(node, view) {
  node.hidden = !view.result;
  if (view.result) node.replaceChildren(h("h3", {}, t("result")), h("p", { id: "result-text" }, view.result.text));
}
