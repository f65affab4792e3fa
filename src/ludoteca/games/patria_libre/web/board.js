// Patria Libre: New Spain's provinces placed after their geography (positions drawn by us, only for
// the picture: the rules use the borders of data/map.toml, drawn here as land and sea lines), with
// troops, leaders, fortresses, orders and control; the players' areas, popularity and order tokens;
// the market and the supply line below.
import { s } from "/static/dom.js";

const W = 1120;
const H = 960;
const POSITION = {
  estados_unidos: [520, 60], provincias_internas: [330, 80], nueva_vizcaya: [110, 130],
  nuevo_santander: [470, 180], zacatecas: [250, 230], san_luis_potosi: [400, 290],
  nueva_galicia: [95, 320], gto_valladolid: [250, 370], mexico_capital: [400, 420],
  veracruz: [560, 380], puebla: [480, 510], oaxaca: [420, 600], america_central: [600, 610],
  yucatan: [650, 470], barco: [640, 250], reino_de_espana: [680, 100],
};
const COLOUR = { hidalgo: "#2e7d32", morelos: "#9a7b00", calleja: "#1f4e99", venegas: "#6a3d9a", iturbide: "#b35400" };
const REGION = { corona: "#f2e3b3", tabaco: "#e4d3c0", barco: "#d6e6f0", campana: "#e6e0f0", antorcha: "#f3d6c9" };

function name(view, id) {
  return view.board.names[id] ?? id;
}

function drawBorders(svg, ctx) {
  for (const border of ctx.data.map?.border ?? []) {
    const [a, b] = border.link;
    if (!POSITION[a] || !POSITION[b]) continue;
    const [x1, y1] = POSITION[a];
    const [x2, y2] = POSITION[b];
    s("line", { x1, y1, x2, y2, class: border.sea ? "link sea" : "link land" }, svg);
  }
}

function drawProvince(svg, id, p, view, ctx) {
  const [x, y] = POSITION[id] ?? [40, 40];
  const g = s("g", { class: "province", "data-province": id, transform: `translate(${x},${y})` }, svg);
  const owner = p.control ? COLOUR[p.control] : "#8b7b5d";
  s("rect", { x: -72, y: -40, width: 144, height: 80, rx: 10, fill: REGION[p.region] ?? "#eee", stroke: owner, "stroke-width": p.control ? 4 : 1.5 }, g);
  const title = name(view, id);
  s("text", { x: 0, y: -24, class: title.length > 16 ? "loc-name long" : "loc-name" }, g, title);
  const marks = [ctx.msg(`region.${p.region}`), "★".repeat(p.stars), p.mine ? ctx.msg("board.mine") : "", p.flag ? ctx.msg(`side.${p.flag}`) : ""];
  s("text", { x: 0, y: -10, class: "small" }, g, marks.filter(Boolean).join(" · "));
  let cx = -60;
  for (const [role, n] of Object.entries(p.troops)) {
    s("rect", { x: cx, y: -2, width: 22, height: 18, rx: 3, fill: COLOUR[role] ?? "#555" }, g);
    s("text", { x: cx + 11, y: 11, class: "piece-mark" }, g, String(n));
    cx += 26;
  }
  for (const leader of p.leaders) {
    s("circle", { cx: cx + 10, cy: 7, r: 10, fill: COLOUR[leader] ?? "#555", stroke: "#fff", "stroke-width": 2 }, g);
    s("text", { x: cx + 10, y: 11, class: "piece-mark" }, g, name(view, leader).slice(0, 1));
    cx += 24;
  }
  if (p.fort) {
    const [level, fortOwner] = p.fort;
    s("path", { d: "M48,-2 l8,-6 l8,6 v16 h-16 z", fill: COLOUR[fortOwner] ?? "#555" }, g);
    s("text", { x: 56, y: 12, class: "piece-mark" }, g, String(level));
  }
  p.orders.forEach((order, i) => {
    s("rect", { x: -60 + i * 42, y: 21, width: 40, height: 14, rx: 3, fill: "#fff", stroke: COLOUR[order.role] ?? "#555" }, g);
    s("text", { x: -40 + i * 42, y: 31, class: "tiny-text" }, g, ctx.msg(`face.${order.face}`).slice(0, 9));
  });
  ctx.target(g, id);
}

function drawPlayers(svg, view, ctx) {
  const b = view.board;
  let y = 30;
  const x = 775;
  s("text", { x, y: y - 8, class: "track-label" }, svg,
    ctx.msg("board.points", { list: Object.entries(b.vp).map(([side, n]) => `${ctx.msg(`side.${side}`)} ${n}`).join(" · ") }));
  for (const role of b.seats) {
    const p = b.players[role];
    const g = s("g", { class: "player", "data-player": role, transform: `translate(${x},${y})` }, svg);
    s("rect", { width: 335, height: 150, rx: 10, fill: "#fffdf8", stroke: COLOUR[role], "stroke-width": role === b.turn ? 4 : 1.5 }, g);
    s("text", { x: 12, y: 20, class: "loc-name start" }, g, `${name(view, role)} · ${ctx.msg(`side.${p.side}`)} · ${p.coins} ${ctx.msg("word.coins")}`);
    Object.entries(p.popularity).forEach(([column, levels], i) => {
      const col = s("g", { class: "column", transform: `translate(${12 + i * 106},30)` }, g);
      s("rect", { width: 102, height: 30, rx: 4, fill: "#f6f1e7", stroke: "#c9bda4" }, col);
      s("text", { x: 51, y: 13, class: "small" }, col, ctx.msg(`column.${column}`));
      s("text", { x: 51, y: 26, class: "small" }, col, levels.join(" / "));
      if (role === view.role) ctx.target(col, column, ["pop", "supply"]);
    });
    p.orders.forEach((order, i) => {
      const tok = s("g", { class: "token", transform: `translate(${12 + i * 80},68)` }, g);
      s("rect", { width: 76, height: 30, rx: 15, fill: order.on ? "#ddd" : "#fff", stroke: COLOUR[role] }, tok);
      s("text", { x: 38, y: 13, class: "tiny-text" }, tok, ctx.msg(`face.${order.face}`).slice(0, 14));
      s("text", { x: 38, y: 25, class: "tiny-text" }, tok, order.on ? `→ ${name(view, order.on)}`.slice(0, 16) : `#${order.token}`);
      if (role === view.role) ctx.target(tok, order.token, ["token"]);
    });
    p.area.forEach((card, i) => {
      const c = s("g", { class: "card", "data-card": card, transform: `translate(${12 + (i % 4) * 80},106)` }, g);
      const info = b.cards[card] ?? {};
      s("rect", { width: 76, height: 36, rx: 5, fill: info.colour === "blue" ? "#1f4e99" : info.colour === "yellow" ? "#b08a00" : "#555" }, c);
      s("text", { x: 38, y: 22, class: "card-name" }, c, name(view, card).slice(0, 15));
      s("title", {}, c, `${name(view, card)}: ${info.text ?? ""}`);
      if (role === view.role) ctx.target(c, card, ["card", "sell"]);
    });
    ctx.target(g, role, ["target"]);
    y += 162;
  }
}

function drawMarket(svg, view, ctx) {
  const b = view.board;
  const y = 700;
  s("text", { x: 30, y: y - 8, class: "track-label" }, svg, ctx.msg("word.market"));
  b.market.forEach((slot, i) => {
    const c = s("g", { class: "card market", transform: `translate(${30 + i * 170},${y})` }, svg);
    const info = b.cards[slot.card] ?? {};
    s("rect", { width: 160, height: 92, rx: 8, fill: info.colour === "blue" ? "#1f4e99" : info.colour === "yellow" ? "#b08a00" : "#555" }, c);
    s("text", { x: 10, y: 18, class: "card-num start" }, c, `${i + 1} · ${slot.price} ${ctx.msg("word.coins")}`);
    s("text", { x: 80, y: 42, class: "card-name" }, c, name(view, slot.card).slice(0, 24));
    s("text", { x: 80, y: 62, class: "card-name" }, c, [...(info.numbers ?? []), ...(info.letters ?? [])].join(" "));
    s("title", {}, c, `${name(view, slot.card)}: ${info.text ?? ""}`);
    ctx.target(c, i + 1, ["slot"]);
  });
  const lineY = y + 130;
  s("text", { x: 30, y: lineY - 8, class: "track-label" }, svg, ctx.msg("board.spv_left", { line: ctx.msg("word.line"), n: b.spv_left }));
  b.line.forEach((item, i) => {
    const g = s("g", { transform: `translate(${30 + (i % 7) * 150},${lineY + Math.floor(i / 7) * 46})` }, svg);
    s("rect", { width: 144, height: 40, rx: 6, fill: item.spv ? "#f0d7b0" : "#e6dcc6", stroke: "#8b7b5d" }, g);
    const text = item.spv ? `S/PV: ${name(view, item.spv)}` : `${item.pile}: ${item.count} (${name(view, item.top)})`;
    s("text", { x: 72, y: 25, class: "tiny-text" }, g, text.slice(0, 28));
  });
  s("text", { x: 30, y: lineY + 30 + Math.ceil(b.line.length / 7) * 46, class: "small start" }, svg,
    ctx.msg("board.discard", { n: b.discard.length, forts: b.forts_built }));
}

export function draw(container, view, ctx) {
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "board-svg patria-libre", role: "img" });
  s("rect", { x: 0, y: 0, width: W, height: H, class: "paper" }, svg);
  s("rect", { x: 10, y: 10, width: 755, height: 665, rx: 14, class: "sea" }, svg);
  drawBorders(svg, ctx);
  for (const [id, province] of Object.entries(view.board.provinces)) drawProvince(svg, id, province, view, ctx);
  drawPlayers(svg, view, ctx);
  drawMarket(svg, view, ctx);
  container.append(svg);
}
