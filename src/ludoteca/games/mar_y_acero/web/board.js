// Mar y Acero: the fifteen areas on their ring (§4.2: each is next to the one numbered after it, 15
// next to 1), the links by land or sea current (data/board.toml), the pieces of both factions, and in
// the middle the tracks, the bags by size, the destiny card, and this seat's own hand.
import { s } from "/static/dom.js";

const W = 1100;
const H = 940;
const CX = W / 2;
const CY = 465;
const RX = 462;
const RY = 368;
const AREA_GROUPS = ["activate", "raid", "to", "at", "scribe", "repair"];
const PIECE_GROUPS = ["pick", "fight", "hit", "retreat", "reduce", "flip"];
const FACTION = { es: "#b23a2a", ind: "#3f7d3a" };

function place(i) {
  const angle = -Math.PI / 2 + (i * 2 * Math.PI) / 15;
  return [CX + RX * Math.cos(angle), CY + RY * Math.sin(angle)];
}

function kindName(ctx, view, key) {
  const [kind, reduced] = key.split(".");
  const name = view.board.names.kind[kind] ?? kind;
  return reduced ? ctx.msg("board.reduced", { name }) : name;
}

function drawLinks(svg, view, ctx) {
  const areas = ctx.data.board?.area ?? [];
  for (let i = 0; i < 15; i += 1) {
    const [x1, y1] = place(i);
    const [x2, y2] = place((i + 1) % 15);
    const link = areas.find((a) => a.id === i + 1)?.link ?? "land";
    s("line", { x1, y1, x2, y2, class: `link ${link}` }, svg);
  }
}

function piece(g, x, y, key, faction, ctx, view, clickable) {
  const [kind, reduced] = key.split(".");
  const node = s("g", { class: `piece ${faction}${reduced ? " reduced" : ""}`, transform: `translate(${x},${y})` }, g);
  const leader = ["colon", "caonabo", "guacanagari", "anacaona"].includes(kind);
  if (faction === "es") s("rect", { x: -13, y: -10, width: 26, height: 20, rx: 3 }, node);
  else s("circle", { r: 11 }, node);
  s("text", { y: 4, class: "piece-mark" }, node, `${leader ? "★" : ""}${(view.board.names.kind[kind] ?? kind).slice(0, leader ? 1 : 3)}`);
  const tip = s("title", {}, node, kindName(ctx, view, key));
  if (clickable) ctx.target(node, key, PIECE_GROUPS);
  return tip;
}

function drawArea(svg, area, view, ctx, pieceTargets) {
  const [x, y] = place(area.id - 1);
  const g = s("g", { class: `area ${area.jungle ? "jungle" : ""} ${area.activated ? "activated" : ""}`, "data-area": area.id, transform: `translate(${x},${y})` }, svg);
  s("rect", { x: -78, y: -52, width: 156, height: 104, rx: 12, class: `area-box control-${area.control ?? "none"}` }, g);
  s("text", { x: -70, y: -34, class: "area-num start" }, g, String(area.id));
  s("text", { x: 12, y: -34, class: area.name.length > 14 ? "area-name long" : "area-name" }, g, area.name);
  const marks = [
    area.value === 2 ? "VP×2" : "VP×1",
    area.scroll ? ctx.msg("term.scroll") : "",
    area.palisade ? ctx.msg("term.palisade") : "",
    area.citadel ? ctx.msg("term.citadel") : "",
  ].filter(Boolean).join(" · ");
  s("text", { x: 0, y: 46, class: "area-marks" }, g, marks);
  const row = (list, y0, faction) => list.forEach((key, i) =>
    piece(g, -58 + (i % 5) * 29, y0 + Math.floor(i / 5) * 22, key, faction, ctx, view, pieceTargets && area.activated));
  row(area.es, -12 - 11 * Math.floor((area.es.length - 1) / 5), "es");
  row(area.ind, 18, "ind");
  ctx.target(g, area.id, AREA_GROUPS);
}

function track(svg, x, y, label, from, to, value, cell = 22) {
  s("text", { x, y: y - 6, class: "track-label" }, svg, label);
  for (let v = from; v <= to; v += 1) {
    const cx = x + (v - from) * cell;
    s("rect", { x: cx, y, width: cell - 3, height: 20, rx: 3, class: `cell ${v === value ? "on" : ""}` }, svg);
    s("text", { x: cx + (cell - 3) / 2, y: y + 14, class: "cell-text" }, svg, String(v));
  }
}

function drawCentre(svg, view, ctx) {
  const b = view.board;
  const x0 = CX - 250;
  let y = CY - 215;
  s("text", { x: CX, y, class: "centre-title" }, svg, ctx.msg("board.turn", { turn: b.turn }));
  s("text", { x: CX, y: y + 18, class: "small" }, svg, ctx.msg(`phase.${b.phase}`));
  y += 44;
  track(svg, x0, y, ctx.msg("board.vp"), 0, 20, b.vp);
  y += 48;
  track(svg, x0, y, ctx.msg("term.rs"), 0, 10, b.royal_support);
  s("text", { x: x0 + 260, y: y + 14, class: "info start" }, svg,
    ctx.msg("board.impulses", b.impulses));
  y += 44;
  s("text", { x: x0, y, class: "track-label" }, svg, ctx.msg("board.bags"));
  Object.entries(b.bags).forEach(([bag, n], i) => {
    const g = s("g", { class: "bag", transform: `translate(${x0 + i * 100},${y + 8})` }, svg);
    s("rect", { width: 92, height: 30, rx: 6 }, g);
    s("text", { x: 46, y: 20, class: "small" }, g, `${ctx.msg(`bag.${bag}`)}: ${n}`);
    ctx.target(g, bag, ["draw"]);
  });
  y += 62;
  const marker = ctx.msg("board.grace", { face: ctx.msg(b.grace.face === "es" ? "board.grace_es" : "board.grace_ind") });
  const grace = b.grace.box === "used" ? ctx.msg("board.grace_used", { grace: marker }) : marker;
  const colon = ctx.msg(`term.${b.colon === "map" ? "on_map" : b.colon}`);
  s("text", { x: x0, y, class: "info start" }, svg, `${grace} · ${ctx.msg("term.colon")}: ${colon}`);
  y += 22;
  if (b.destiny !== null) {
    s("text", { x: x0, y, class: "info start" }, svg, ctx.msg("board.destiny", { n: b.destiny, text: b.destiny_text }).slice(0, 110));
  }
  s("text", { x: x0 + 380, y: y + 22, class: "small start" }, svg, ctx.msg("board.destiny_deck", { n: b.destinies_left }));
  if (b.nitayno_card !== null) {  // solo: the Nitayno card of the turn (§5.3.2)
    y += 22;
    s("text", { x: x0, y: y + 22, class: "info start" }, svg,
      `${ctx.msg(`nitayno.card.${b.nitayno_card}`)}: ${b.nitayno_text}`.slice(0, 110));
  }
  y += 40;
  drawHands(svg, view, ctx, x0, y);
}

function drawHands(svg, view, ctx, x0, y) {
  const b = view.board;
  for (const fac of ["es", "ind"]) {
    const hand = b.hands[fac];
    const who = ctx.msg(fac === "es" ? "role.espanoles" : "role.indigenas");
    const committed = b.committed[fac] ? ` · ${ctx.msg("board.card_chosen")}` : "";
    if (typeof hand === "number") {
      s("text", { x: x0, y, class: "info start" }, svg, `${ctx.msg("board.hand", { who, n: hand })}${committed}`);
      y += 24;
      continue;
    }
    s("text", { x: x0, y, class: "info start" }, svg, `${who}${committed}:`);
    hand.forEach((card, i) => {
      const g = s("g", { class: `card ${b.my_commit === card ? "chosen" : ""}`, "data-card": card, transform: `translate(${x0 + (i % 5) * 102},${y + 8 + Math.floor(i / 5) * 58})` }, svg);
      s("rect", { width: 96, height: 52, rx: 6, fill: FACTION[fac] }, g);
      s("text", { x: 8, y: 16, class: "card-num start" }, g, String(card));
      const title = ctx.msg(`card.${card}`);
      s("text", { x: 48, y: 32, class: "card-name" }, g, title.length > 18 ? `${title.slice(0, 17)}…` : title);
      s("title", {}, g, title);
      ctx.target(g, card, ["card"]);
    });
    y += 24 + Math.ceil(hand.length / 5) * 58;
  }
  const played = Object.entries(b.played).map(([fac, cards]) => `${ctx.msg(fac === "es" ? "role.espanoles" : "role.indigenas")}: ${cards.join(", ") || "—"}`);
  s("text", { x: x0, y: y + 4, class: "small start" }, svg, ctx.msg("board.played", { list: played.join(" · ") }));
}

export function draw(container, view, ctx) {
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "board-svg mar-y-acero", role: "img" });
  s("rect", { x: 0, y: 0, width: W, height: H, class: "sea" }, svg);
  drawLinks(svg, view, ctx);
  const pieceTargets = view.actions.some((a) => PIECE_GROUPS.includes(a.group));
  for (const area of view.board.areas) drawArea(svg, area, view, ctx, pieceTargets);
  drawCentre(svg, view, ctx);
  container.append(svg);
}
