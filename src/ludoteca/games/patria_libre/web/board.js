// Patria Libre: New Spain's provinces placed after their geography (positions drawn by us, only for
// the picture: the rules use the borders of data/map.toml, drawn here as land and sea lines), with
// troops, leaders, fortresses, orders and control; the players' areas, popularity and order tokens;
// the market and the supply line below.
import { s } from "/static/dom.js";
import { area, chip, counter, grid, group, label, links } from "/static/boards/parts.js";

const W = 1120;
const POSITION = {
  estados_unidos: [520, 60], provincias_internas: [330, 80], nueva_vizcaya: [110, 130],
  nuevo_santander: [470, 180], zacatecas: [250, 230], san_luis_potosi: [400, 290],
  nueva_galicia: [95, 320], gto_valladolid: [250, 370], mexico_capital: [400, 420],
  veracruz: [560, 380], puebla: [480, 510], oaxaca: [420, 600], america_central: [600, 610],
  yucatan: [650, 470], barco: [640, 250], reino_de_espana: [680, 100],
};
const COLOUR = { hidalgo: "#2e7d32", morelos: "#9a7b00", calleja: "#1f4e99", venegas: "#6a3d9a", iturbide: "#b35400" };
const REGION = { corona: "#f2e3b3", tabaco: "#e4d3c0", barco: "#d6e6f0", campana: "#e6e0f0", antorcha: "#f3d6c9" };

const CARD = { blue: "#1f4e99", yellow: "#b08a00" };
const PROVINCE_W = 148;
const PROVINCE_H = 86;

function name(view, id) {
  return view.board.names[id] ?? id;
}

function cardFill(info) {
  return CARD[info.colour] ?? "#555";
}

function drawBorders(svg, ctx) {
  const drawn = (ctx.data.map?.border ?? []).filter(({ link: [a, b] }) => POSITION[a] && POSITION[b]);
  links(svg, drawn.map((border) => [POSITION[border.link[0]], POSITION[border.link[1]], border.sea ? "link sea" : "link land"]));
}

/** A province's troops, leaders and fortress in one row: a square counting each player's troops, a
 * tag with each leader's whole name, the fortress with its level; narrowed together when crowded. */
function drawPieces(g, p, view) {
  const left = -PROVINCE_W / 2 + 6;
  const room = PROVINCE_W - 12;
  const troops = Object.entries(p.troops);
  const wanted = troops.length * 25 + p.leaders.length * 49 + (p.fort ? 20 : 0);
  const scale = Math.min(1, room / Math.max(wanted, 1));
  let cx = left;
  for (const [role, n] of troops) {
    counter(g, { x: cx + 11 * scale, y: 2, r: 11 * scale, square: true, fill: COLOUR[role] ?? "#555", mark: String(n), cls: "troop", tip: `${name(view, role)}: ${n}` });
    cx += 25 * scale;
  }
  for (const leader of p.leaders) {
    const tag = group(g, cx, -7, { class: "leader" });
    s("title", {}, tag, name(view, leader));
    s("rect", { width: 46 * scale, height: 18, rx: 9, fill: COLOUR[leader] ?? "#555", stroke: "#fff", "stroke-width": 1.5 }, tag);
    label(tag, name(view, leader), { x: 23 * scale, y: 9, middle: true, width: 46 * scale - 6, size: 9, min: 6.5, weight: 700, cls: "piece-mark", tip: false });
    cx += 49 * scale;
  }
  if (p.fort) {
    const [level, fortOwner] = p.fort;
    const fort = group(g, cx, 0, { class: "fort" });
    s("path", { d: "M0,-2 l8,-6 l8,6 v16 h-16 z", fill: COLOUR[fortOwner] ?? "#555" }, fort);
    label(fort, String(level), { x: 8, y: 8, middle: true, size: 9, weight: 700, cls: "piece-mark", tip: false });
  }
}

function drawProvince(svg, id, p, view, ctx) {
  const [x, y] = POSITION[id] ?? [40, 40];
  const g = area(svg, {
    x, y, width: PROVINCE_W, height: PROVINCE_H, rx: 10, attrs: { class: "province", "data-province": id },
    fill: REGION[p.region] ?? "#eee", stroke: p.control ? COLOUR[p.control] : "#8b7b5d", strokeWidth: p.control ? 4 : 1.5,
  });
  const top = -PROVINCE_H / 2;
  label(g, name(view, id), { y: top + 15, width: PROVINCE_W - 10, size: 13, min: 9, weight: 600, cls: "loc-name" });
  const marks = [ctx.msg(`region.${p.region}`), "★".repeat(p.stars), p.mine ? ctx.msg("board.mine") : "", p.flag ? ctx.msg(`side.${p.flag}`) : ""];
  label(g, marks.filter(Boolean).join(" · "), { y: top + 29, width: PROVINCE_W - 10, size: 11, min: 8, cls: "small" });
  drawPieces(g, p, view);
  const slots = p.orders.length;
  const slip = Math.min(62, (PROVINCE_W - 12 - 3 * (slots - 1)) / Math.max(slots, 1));
  grid(slots, { x: -PROVINCE_W / 2 + 6, y: 17, dx: slip + 3 }).forEach(([ox, oy], i) => {
    const order = p.orders[i];
    const tag = group(g, ox, oy, { class: "order" });
    s("rect", { width: slip, height: 20, rx: 3, fill: "#fff", stroke: COLOUR[order.role] ?? "#555" }, tag);
    label(tag, ctx.msg(`face.${order.face}`), { x: slip / 2, y: 10, middle: true, width: slip - 4, size: 8.5, min: 6.5, lines: 2, leading: 1, cls: "tiny-text" });
  });
  ctx.target(g, id);
}

function drawPlayers(svg, view, ctx) {
  const b = view.board;
  let y = 30;
  const x = 775;
  const points = Object.entries(b.vp).map(([side, n]) => `${ctx.msg(`side.${side}`)} ${n}`).join(" · ");
  label(svg, ctx.msg("board.points", { list: points }), { x, y: y - 8, width: 335, size: 13, weight: 600, anchor: "start", cls: "track-label" });
  for (const role of b.seats) {
    const p = b.players[role];
    const g = group(svg, x, y, { class: "player", "data-player": role });
    s("rect", { width: 335, height: 150, rx: 10, fill: "#fffdf8", stroke: COLOUR[role], "stroke-width": role === b.turn ? 4 : 1.5 }, g);
    label(g, `${name(view, role)} · ${ctx.msg(`side.${p.side}`)} · ${p.coins} ${ctx.msg("word.coins")}`,
      { x: 12, y: 20, width: 311, size: 13, min: 9, weight: 600, anchor: "start", cls: "loc-name" });
    Object.entries(p.popularity).forEach(([column, levels], i) => {
      const col = group(g, 12 + i * 106, 30, { class: "column" });
      s("rect", { width: 102, height: 30, rx: 4, fill: "#f6f1e7", stroke: "#c9bda4" }, col);
      label(col, ctx.msg(`column.${column}`), { x: 51, y: 13, width: 96, size: 11, min: 7.5, cls: "small" });
      label(col, levels.join(" / "), { x: 51, y: 26, width: 96, size: 11, min: 7.5, cls: "small" });
      if (role === view.role) ctx.target(col, column, ["pop", "supply"]);
    });
    p.orders.forEach((order, i) => {
      const tok = group(g, 12 + i * 80, 68, { class: "token" });
      s("rect", { width: 76, height: 36, rx: 14, fill: order.on ? "#ddd" : "#fff", stroke: COLOUR[role] }, tok);
      label(tok, ctx.msg(`face.${order.face}`), { x: 38, y: 12, width: 66, size: 9, min: 7, cls: "tiny-text" });
      const where = order.on ? `→ ${name(view, order.on)}` : `#${order.token}`;
      label(tok, where, { x: 38, y: 25, middle: true, width: 66, size: 8.5, min: 7, lines: 2, leading: 1.05, cls: "tiny-text" });
      if (role === view.role) ctx.target(tok, order.token, ["token"]);
    });
    p.area.forEach((card, i) => {
      const info = b.cards[card] ?? {};
      const c = chip(g, {
        x: 12 + (i % 4) * 80, y: 110, width: 76, height: 34, fill: cardFill(info), name: name(view, card), size: 9.5,
        attrs: { "data-card": card }, tip: `${name(view, card)}: ${info.text ?? ""}`,
      });
      if (role === view.role) ctx.target(c, card, ["card", "sell"]);
    });
    ctx.target(g, role, ["target"]);
    y += 162;
  }
  return y;
}

function drawMarket(svg, view, ctx, top) {
  const b = view.board;
  const y = Math.max(700, top + 20);
  label(svg, ctx.msg("word.market"), { x: 30, y: y - 8, size: 13, weight: 600, anchor: "start", cls: "track-label", tip: false });
  b.market.forEach((slot, i) => {
    const info = b.cards[slot.card] ?? {};
    const c = chip(svg, {
      x: 30 + i * 170, y, width: 160, height: 92, fill: cardFill(info), number: `${i + 1} · ${slot.price} ${ctx.msg("word.coins")}`,
      name: name(view, slot.card), detail: [...(info.numbers ?? []), ...(info.letters ?? [])].join(" "), size: 11,
      cls: "card market", tip: `${name(view, slot.card)}: ${info.text ?? ""}`,
    });
    ctx.target(c, i + 1, ["slot"]);
  });
  const lineY = y + 130;
  label(svg, ctx.msg("board.spv_left", { line: ctx.msg("word.line"), n: b.spv_left }), { x: 30, y: lineY - 8, size: 13, weight: 600, anchor: "start", cls: "track-label", tip: false });
  grid(b.line.length, { x: 30, y: lineY, perRow: 7, dx: 150, dy: 46 }).forEach(([lx, ly], i) => {
    const item = b.line[i];
    const text = item.spv ? `S/PV: ${name(view, item.spv)}` : `${item.pile}: ${item.count} (${name(view, item.top)})`;
    chip(svg, { x: lx, y: ly, width: 144, height: 40, fill: item.spv ? "#f0d7b0" : "#e6dcc6", name: text, size: 10, cls: "supply" });
  });
  const bottom = lineY + 30 + Math.ceil(b.line.length / 7) * 46;
  label(svg, ctx.msg("board.discard", { n: b.discard.length, forts: b.forts_built }), { x: 30, y: bottom, size: 11, anchor: "start", cls: "small" });
  return bottom + 20;
}

export function draw(container, view, ctx) {
  const svg = s("svg", { class: "board-svg patria-libre", role: "img" });
  const paper = s("rect", { x: 0, y: 0, width: W, class: "paper" }, svg);
  s("rect", { x: 10, y: 10, width: 755, height: 665, rx: 14, class: "sea" }, svg);
  drawBorders(svg, ctx);
  for (const [id, province] of Object.entries(view.board.provinces)) drawProvince(svg, id, province, view, ctx);
  const height = drawMarket(svg, view, ctx, drawPlayers(svg, view, ctx));
  svg.setAttribute("viewBox", `0 0 ${W} ${height}`);
  paper.setAttribute("height", height);
  container.append(svg);
}
