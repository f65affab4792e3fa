// Pax Porfiriana: the regime card with its values, the Tripartite each player faces, bulls and bears and
// the deck; the market as two rows of cards under their prices; this seat's own hand; the public cards
// not yet bought; every seat's tableau (Hacendado, private army, enterprises and partners with their
// cubes, unrest and troops, the prestige pile, prestige by type). Every card shows its whole text, wrapped; every card, troop,
// Hacendado, public card and player that a legal action names is a target.
import { s } from "/static/dom.js";
import { group, label } from "/static/boards/parts.js";

const W = 860;                  // near the width the page gives the board, so text keeps its size
const M = 14;                   // the margin
const CARD_W = 130;
const GAP = 6;
const TEXT = 11;                // the card text's size: readable at the default zoom
const TYPE_FILL = {
  enterprise: "#2e7d32", partner: "#1f4e99", troop: "#6a3d9a", orange: "#c8601a", black: "#222",
  headline: "#9a7b00", topple: "#a01010", public: "#5d4037", hacendado: "#455a64", regime: "#7b1f2b",
};
const SEAT = ["#c0392b", "#1f4e99", "#2e7d32", "#7f8c8d", "#8e44ad", "#b08a00"];

function seatColour(role) {
  return SEAT[(Number(role.split("-")[1]) - 1) % SEAT.length];
}

/** Each card's printed facts by id, from the component data the page loaded (data/*.toml). */
function cardFacts(ctx) {
  const facts = {};
  for (const card of ctx.data.cards?.card ?? []) facts[card.id] = card;
  for (const topple of ctx.data.special?.topple ?? []) facts[topple.id] = { ...topple, type: "topple" };
  for (const pub of ctx.data.special?.public ?? []) facts[pub.id] = { ...pub, type: "public" };
  for (const hac of ctx.data.special?.hacendado ?? []) facts[hac.id] = { ...hac, type: "hacendado" };
  return facts;
}

/**
 * A card at (`x`, `y`), `CARD_W` wide: a band of its type's colour with `band` in it, its name, then each
 * of `notes` (status lines) and, when `full`, its whole text, all wrapped, never cut. Returns the group,
 * its frame (whose height the caller may raise to line up a row) and the height it needs.
 */
function card(parent, x, y, id, ctx, facts, { band = null, notes = [], full = true, width = CARD_W, attrs = {} } = {}) {
  const type = facts[id]?.type ?? "";
  const g = group(parent, x, y, { class: "pax-card", "data-card": id, ...attrs });
  const frame = s("rect", { width, height: 40, rx: 7, fill: "#fffdf8", stroke: "#6d5f47", "stroke-width": 1.2 }, g);
  s("title", {}, g, `${ctx.msg(`card.${id}.name`)}: ${ctx.msg(`card.${id}.text`)}`);
  s("rect", { x: 1, y: 1, width: width - 2, height: 18, rx: 6, fill: TYPE_FILL[type] ?? "#555" }, g);
  label(g, band ?? ctx.msg(`type.${type}`), {
    x: 8, y: 13.5, width: width - 16, size: 10.5, min: 8, weight: 700, anchor: "start", fill: "#fff", tip: false,
  });
  let h = 24;
  const name = label(g, ctx.msg(`card.${id}.name`), {
    x: 8, y: h + 11, width: width - 16, size: 12.5, weight: 700, anchor: "start", lines: 6, min: 12.5, tip: false,
  });
  h += name.height + 2;
  for (const note of notes) {
    const line = label(g, note.text, {
      x: 8, y: h + 10, width: width - 16, size: 10.5, weight: 600, anchor: "start", lines: 8, min: 10.5,
      fill: note.colour ?? "#5b4b2f", tip: false,
    });
    h += line.height + 1;
  }
  if (full) {
    const text = label(g, ctx.msg(`card.${id}.text`), {
      x: 8, y: h + 11, width: width - 16, size: TEXT, anchor: "start", lines: 40, min: TEXT, fill: "#222", tip: false,
    });
    h += text.height;
  }
  h += 8;
  frame.setAttribute("height", h);
  return { g, frame, height: h };
}

/** Cards in rows of `perRow` from (`x`, `y`), each row as tall as its tallest card. Returns the bottom. */
function cardRows(parent, x, y, items, perRow, draw) {
  let top = y;
  for (let i = 0; i < items.length; i += perRow) {
    const drawn = items.slice(i, i + perRow).map((item, k) => draw(item, x + k * (CARD_W + GAP), top));
    const tallest = Math.max(...drawn.map((d) => d.height));
    for (const d of drawn) d.frame.setAttribute("height", tallest);
    top += tallest + GAP;
  }
  return top;
}

function heading(svg, text, x, y) {
  label(svg, text, { x, y, size: 14, weight: 700, anchor: "start", cls: "track-label", tip: false });
}

/** The regime card, the Tripartite, the deck and the run of headlines. */
function drawStatus(svg, view, ctx, facts) {
  const b = view.board;
  const kind = ctx.msg(`prestige.${b.prestige_counts}`);
  const REGIME_W = 290;
  const TRI_W = 280;
  const box = group(svg, M, M, { class: "regime", "data-regime": b.regime });
  s("rect", { width: REGIME_W, height: 118, rx: 9, fill: "#fbefe6", stroke: TYPE_FILL.regime, "stroke-width": 2 }, box);
  s("title", {}, box, ctx.msg(`card.${b.regime}.text`));
  label(box, `${ctx.msg("board.regime")}: ${ctx.msg(`regime.${b.regime}`)}`, {
    x: 12, y: 24, width: REGIME_W - 24, size: 16, weight: 700, anchor: "start", tip: false,
  });
  label(box, `${ctx.msg("board.counts", { kind })} · ${ctx.msg("board.values", b.regime_values)}`, {
    x: 12, y: 44, width: REGIME_W - 24, size: 12, anchor: "start", lines: 2, min: 12, tip: false,
  });
  if (b.depression) {
    label(box, ctx.msg("board.depression"), { x: 12, y: 84, width: REGIME_W - 24, size: 14, weight: 800, anchor: "start", fill: "#b3261e", tip: false });
  }
  const [icon, count] = b.run;
  label(box, icon ? ctx.msg("board.run", { n: count, icon: ctx.msg(`icon.${icon}`) }) : ctx.msg("board.no_run"), {
    x: 12, y: 106, width: REGIME_W - 24, size: 12, anchor: "start", tip: false,
  });

  const tri = group(svg, M + REGIME_W + 8, M, { class: "tripartite" });
  const rows = Object.entries(b.tripartite);
  s("rect", { width: TRI_W, height: 118, rx: 9, fill: "#f4f0e6", stroke: "#8b7b5d" }, tri);
  label(tri, `${ctx.msg("board.tripartite")} (${kind})`, { x: 12, y: 22, width: TRI_W - 24, size: 14, weight: 700, anchor: "start", tip: false });
  rows.forEach(([role, against], i) => {
    const col = i % 2;
    const row = Math.floor(i / 2);
    const mine = b.players[role].prestige[b.prestige_counts];
    label(tri, ctx.msg("board.standing", { who: ctx.msg(`role.${role}`), n: mine, against }), {
      x: 12 + col * (TRI_W / 2 - 6), y: 44 + row * 22, width: TRI_W / 2 - 18, size: 12, weight: mine > against ? 800 : 400,
      anchor: "start", fill: seatColour(role), tip: false,
    });
  });

  const left = M + REGIME_W + TRI_W + 16;
  const deck = group(svg, left, M, { class: "deck" });
  s("rect", { width: W - M - left, height: 118, rx: 9, fill: "#f4f0e6", stroke: "#8b7b5d" }, deck);
  const lines = [
    ctx.msg("board.deck", { n: b.deck }),
    ctx.msg("board.topples", { n: b.topples_done, total: b.topples_total }),
    ctx.msg("board.discard", { n: b.discard.length }),
    `${ctx.msg("board.turn", { who: ctx.msg(`role.${b.turn}`) })} · ${ctx.msg("board.actions_left", { n: b.actions_left })}`,
  ];
  if (b.banned.length) lines.push(ctx.msg("board.banned", { list: b.banned.map((f) => ctx.msg(`faction.${f}`)).join(", ") }));
  lines.forEach((text, i) => label(deck, text, {
    x: 10, y: 22 + i * 21, width: W - M - left - 20, size: 12.5, weight: i === 3 ? 700 : 400, anchor: "start", tip: false,
  }));

  return M + 118;
}

/** The public cards not yet bought, under the market and the hand (what a turn mostly chooses from). */
function drawPublic(svg, view, ctx, facts, top) {
  const publics = Object.entries(view.board.public).filter(([, owner]) => owner === null);
  if (!publics.length) return top;
  const y = top + 26;
  heading(svg, ctx.msg("board.public"), M, y - 8);
  return cardRows(svg, M, y, publics, 6, ([id], px, py) => {
    const drawn = card(svg, px, py, id, ctx, facts, { band: `${ctx.msg("type.public")} · ${ctx.msg("board.price", { n: facts[id]?.cost ?? "?" })}` });
    ctx.target(drawn.g, id);
    return drawn;
  });
}

/** Two rows of six cards under their column's price; a Speculation cube's owner on the card. */
function drawMarket(svg, view, ctx, facts, top) {
  const b = view.board;
  let y = top + 26;
  heading(svg, ctx.msg("board.market"), M, y - 8);
  b.market[0].forEach((slot, i) => {
    label(svg, ctx.msg("board.price", { n: slot.price }), {
      x: M + i * (CARD_W + GAP) + CARD_W / 2, y: y + 10, width: CARD_W, size: 13, weight: 700, cls: "price", tip: false,
    });
  });
  y += 18;
  for (const row of b.market) {
    const slots = row.map((slot, i) => ({ ...slot, i }));
    const drawn = slots.map((slot) => {
      const x = M + slot.i * (CARD_W + GAP);
      if (!slot.card) {
        const g = group(svg, x, y, { class: "empty-slot" });
        const frame = s("rect", { width: CARD_W, height: 60, rx: 7, fill: "none", stroke: "#b9ab8f", "stroke-dasharray": "5 4" }, g);
        return { g, frame, height: 60 };
      }
      const notes = slot.speculator === null ? [] : [{
        text: ctx.msg("board.speculator", { who: ctx.msg(`role.jugador-${slot.speculator + 1}`) }),
        colour: SEAT[slot.speculator % SEAT.length],
      }];
      const d = card(svg, x, y, slot.card, ctx, facts, { notes, attrs: { "data-slot": `${slot.price}` } });
      ctx.target(d.g, slot.card);
      return d;
    });
    const tallest = Math.max(...drawn.map((d) => d.height));
    for (const d of drawn) d.frame.setAttribute("height", tallest);
    y += tallest + GAP;
  }
  return y;
}

function drawHand(svg, view, ctx, facts, top) {
  const me = view.board.players[view.role];
  if (!me || !me.hand) return top;
  const y = top + 26;
  heading(svg, `${ctx.msg("board.hand")} (${me.hand.length})`, M, y - 8);
  if (!me.hand.length) return y;
  return cardRows(svg, M, y, me.hand, 6, (id, x, cy) => {
    const d = card(svg, x, cy, id, ctx, facts, { attrs: { class: "pax-card in-hand" } });
    ctx.target(d.g, id);
    return d;
  });
}

/** What a card in a row carries: Income cubes, the Connection cube, the Prestige cube, unrest. */
function rowNotes(entry, ctx) {
  const notes = [];
  if (entry.income) notes.push({ text: ctx.msg("board.income", { n: entry.income }) });
  if (entry.conn !== null) notes.push({ text: ctx.msg("board.connection", { who: ctx.msg(`role.jugador-${entry.conn + 1}`) }), colour: SEAT[entry.conn % SEAT.length] });
  if (entry.pcube) notes.push({ text: ctx.msg("board.prestige_cube") });
  if (entry.unrest) notes.push({ text: ctx.msg("board.unrest", { n: entry.unrest }), colour: "#b3261e" });
  return notes;
}

/** A troop standing on an enterprise: a tag of its owner's colour under the card, its own target. */
function troopTag(parent, entry, ctx, x, y) {
  const troop = entry.troop;
  const tag = group(parent, x, y, { class: "troop", "data-troop": troop.id });
  const text = ctx.msg("board.troop", { card: ctx.msg(`card.${troop.id}.name`), who: ctx.msg(`role.jugador-${troop.owner + 1}`) })
    + (troop.extort ? ` · ${ctx.msg("board.extortion")}` : "");
  const frame = s("rect", { width: CARD_W - 12, height: 20, rx: 5, fill: SEAT[troop.owner % SEAT.length], stroke: "#222" }, tag);
  s("title", {}, tag, `${text}: ${ctx.msg(`card.${troop.id}.text`)}`);
  const fitted = label(tag, text, { x: 6, y: 13, width: CARD_W - 24, size: 10.5, min: 10.5, lines: 4, weight: 700, anchor: "start", fill: "#fff", tip: false });
  frame.setAttribute("height", fitted.height + 8);
  ctx.target(tag, troop.id);
  return fitted.height + 8;
}

/** One seat's tableau: its header, its Hacendado (with the private army), its row, its prestige pile. */
function drawSeat(svg, view, ctx, facts, role, top) {
  const b = view.board;
  const p = b.players[role];
  const panel = group(svg, M, top, { class: "seat", "data-player": role });
  const frame = s("rect", { width: W - 2 * M, height: 80, rx: 10, fill: "#fffaf0", stroke: seatColour(role), "stroke-width": role === b.turn ? 4 : 1.5 }, panel);
  const prestige = Object.entries(p.prestige).map(([k, n]) => `${ctx.msg(`prestige.${k}`)} ${n}`).join(" · ");
  const head = [
    ctx.msg(`role.${role}`), `${ctx.msg("board.gold")} ${p.gold}`, `${ctx.msg("board.cubes")} ${p.cubes}`,
    ctx.msg("board.hand_size", { n: p.hand_size }), p.jailed ? ctx.msg("board.jailed") : "",
  ].filter(Boolean).join(" · ");
  const split = (W - 2 * M) * 0.55;
  label(panel, head, { x: 12, y: 22, width: split - 20, size: 14, weight: 700, anchor: "start", fill: seatColour(role), lines: 2, min: 14, tip: false });
  label(panel, `${ctx.msg("board.prestige")}: ${prestige}`, { x: split, y: 22, width: W - 2 * M - split - 12, size: 12.5, anchor: "start", lines: 2, min: 12.5, tip: false });
  const y0 = 40;
  const hac = p.hacendado;
  const items = [];
  if (hac.id) items.push({ kind: "hacendado" });
  for (const entry of p.row) items.push({ kind: "row", entry });
  let bottom = y0;
  const perRow = 6;
  for (let i = 0; i < items.length; i += perRow) {
    const drawn = items.slice(i, i + perRow).map((item, k) => {
      const x = 8 + k * (CARD_W + GAP);
      if (item.kind === "hacendado") {
        const side = hac.side < 0 ? ctx.msg("board.loyalist")
          : ctx.msg("board.partner_side", { faction: ctx.msg(`faction.${facts[hac.id]?.orientations?.[hac.side]?.faction ?? ""}`) });
        const notes = [{ text: side }];
        if (hac.side < 0) notes.push({ text: ctx.msg("board.income", { n: hac.income }) });
        if (hac.dead) notes.push({ text: ctx.msg("board.dead"), colour: "#b3261e" });
        const d = card(panel, x, bottom, hac.id, ctx, facts, { band: ctx.msg("type.hacendado"), notes, full: false });
        ctx.target(d.g, hac.id);
        let h = d.height;
        for (const troop of hac.army) {
          const t = card(panel, x + 6, bottom + h, troop, ctx, facts, { band: ctx.msg("board.army"), full: false, width: CARD_W - 12 });
          ctx.target(t.g, troop);
          h += t.height + 3;
        }
        return { ...d, height: h };
      }
      const entry = item.entry;
      const band = facts[entry.id]?.type === "public" ? ctx.msg("type.public") : null;
      const d = card(panel, x, bottom, entry.id, ctx, facts, { band, notes: rowNotes(entry, ctx), full: false });
      ctx.target(d.g, entry.id);
      let h = d.height;
      if (entry.troop) h += troopTag(panel, entry, ctx, x + 6, bottom + h + 2) + 4;
      return { ...d, height: h };
    });
    bottom += Math.max(...drawn.map((d) => d.height)) + GAP;
  }
  if (p.pile.length) {
    const names = p.pile.map((id) => ctx.msg(`card.${id}.name`)).join(" · ");
    const pile = label(panel, `${ctx.msg("board.pile")}: ${names}`, { x: 12, y: bottom + 12, width: W - 2 * M - 24, size: 12, anchor: "start", lines: 6, min: 12, tip: false });
    bottom += pile.height + 6;
  }
  frame.setAttribute("height", bottom + 6);
  ctx.target(panel, role);
  return top + bottom + 6 + GAP;
}

function drawDiaz(svg, view, ctx, facts, top) {
  const cards = Object.keys(view.board.diaz);
  if (!view.board.solo || !cards.length) return top;
  const y = top + 26;
  heading(svg, ctx.msg("board.diaz_row"), M, y - 8);
  return cardRows(svg, M, y, cards, 6, (id, x, cy) => card(svg, x, cy, id, ctx, facts, { full: false }));
}

/** On a phone the page offers the actions drawn here by their cards alone (game.js `targetsFirst`): the
 * market and the hand come right under the prompt, not after a screen of buttons (issue 55); a tap on a
 * card brings its actions as named buttons, each with its price. */
export const targetsFirst = true;

export function draw(container, view, ctx) {
  const facts = cardFacts(ctx);
  const svg = s("svg", { class: "board-svg pax-porfiriana", role: "img" });
  const paper = s("rect", { x: 0, y: 0, width: W, class: "paper" }, svg);
  let y = drawStatus(svg, view, ctx, facts);
  y = drawMarket(svg, view, ctx, facts, y);
  y = drawHand(svg, view, ctx, facts, y);
  y = drawPublic(svg, view, ctx, facts, y);
  y = drawDiaz(svg, view, ctx, facts, y);
  y += 10;
  for (const role of view.board.seats) y = drawSeat(svg, view, ctx, facts, role, y);
  svg.setAttribute("viewBox", `0 0 ${W} ${y + M}`);
  paper.setAttribute("height", y + M);
  container.append(svg);
}
