// Maquis: the town drawn from the game's layout (data/layout.toml, 100 × 70 grid), with roads, the
// pieces on each location, the two missions, and the tracks (day, morale, soldiers), resources and
// the patrol deck below.
import { s } from "/static/dom.js";

const W = 1000;
const X = (x) => 40 + x * 9.2;
const Y = (y) => 40 + y * 9;
const RES = ["intel", "food", "medicine", "money", "weapon", "explosive"];
const RES_COLOR = { intel: "#5b7fa6", food: "#c9a13b", medicine: "#d8d8d8", money: "#6a9a4b", weapon: "#555", explosive: "#c2452d" };
const RES_MARK = { intel: "I", food: "F", medicine: "+", money: "$", weapon: "W", explosive: "E" };
const PAWN = { w: ["#2f5d8a", "R"], m: ["#1b1b1b", "M"], s: ["#8a2f2f", "S"] };

function kindOf(id, data) {
  const loc = (data.board?.location || []).find((l) => l.id === id);
  return loc?.kind ?? (id.startsWith("mission") ? "mission_slot" : "action");
}

function chip(g, x, y, kind, count) {
  s("circle", { cx: x, cy: y, r: 9, fill: RES_COLOR[kind], stroke: "#222", "stroke-width": 1 }, g);
  s("text", { x, y: y + 4, class: "chip", fill: kind === "medicine" ? "#222" : "#fff" }, g, RES_MARK[kind]);
  if (count > 1) s("text", { x: x + 13, y: y + 4, class: "small start" }, g, `×${count}`);
}

function drawRoads(svg, view, data) {
  const pos = view.board.layout;
  const closed = new Set(view.board.closed_roads.map((r) => r.join("|")));
  for (const road of data.board?.road || []) {
    if (road.bridge && view.board.bridges_destroyed.includes(road.bridge)) closed.add([...road.ends].sort().join("|"));
  }
  for (const [a, b] of view.board.roads) {
    const cut = closed.has([a, b].sort().join("|"));
    s("line", { x1: X(pos[a][0]), y1: Y(pos[a][1]), x2: X(pos[b][0]), y2: Y(pos[b][1]), class: cut ? "road cut" : "road" }, svg);
  }
}

function drawLocation(svg, id, view, ctx) {
  const b = view.board;
  const [px, py] = b.layout[id];
  const kind = kindOf(id, ctx.data);
  const g = s("g", { class: `loc kind-${kind}`, "data-loc": id, transform: `translate(${X(px)},${Y(py)})` }, svg);
  const w = kind === "mission_slot" ? 230 : 122;
  const hgt = kind === "mission_slot" ? 64 : 50;
  s("rect", { x: -w / 2, y: -hgt / 2, width: w, height: hgt, rx: 8, class: "loc-box" }, g);
  const mission = b.missions.find((m) => m.slot === id);
  const name = mission ? b.names[mission.id] : b.names[id];
  s("text", { x: 0, y: -hgt / 2 + 15, class: name.length > 16 ? "loc-name long" : "loc-name" }, g, name);
  if (b.tiles[id]) s("text", { x: 0, y: 2, class: "tile" }, g, b.names[b.tiles[id]]);
  if (b.closed_locations.includes(id)) g.classList.add("closed");
  if (mission) {
    for (let i = 0; i < mission.boxes_total; i += 1) {
      s("rect", { x: -w / 2 + 10 + i * 20, y: 8, width: 15, height: 15, rx: 2, class: i < mission.boxes ? "box done" : "box" }, g);
    }
    if (mission.done) s("text", { x: w / 2 - 14, y: 20, class: "done-mark" }, g, "✓");
    if (mission.worker_on_card) s("circle", { cx: w / 2 - 40, cy: 15, r: 8, fill: PAWN.w[0] }, g);
  }
  const pawn = b.pawns[id];
  if (pawn) {
    const [fill, mark] = PAWN[pawn];
    const ready = b.workers.to_activate.includes(id);
    s("circle", { cx: 0, cy: 12, r: 11, fill, class: ready ? "pawn ready" : "pawn" }, g);
    s("text", { x: 0, y: 16, class: "pawn-mark" }, g, mark);
  }
  const tokens = b.fields[id];
  if (tokens) Object.entries(tokens).forEach(([kindName, n], i) => chip(g, -w / 2 + 14 + i * 30, 12, kindName, n));
  ctx.target(g, id);
}

function track(svg, x, y, label, from, to, value, mark = () => "", name = (v) => String(v)) {
  s("text", { x, y: y - 8, class: "track-label" }, svg, label);
  for (let v = from; v <= to; v += 1) {
    const cx = x + (v - from) * 34;
    s("rect", { x: cx, y, width: 30, height: 26, rx: 4, class: `cell ${mark(v)} ${v === value ? "on" : ""}` }, svg);
    const text = name(v);
    s("text", { x: cx + 15, y: y + 18, class: text.length > 2 ? "cell-text tiny" : "cell-text" }, svg, text);
  }
}

function drawTracks(svg, view, ctx) {
  const b = view.board;
  const top = 700;
  const counting = b.days[b.days.morale_marks];
  const dayName = (v) => (v === 0 ? ctx.msg("term.start") : v === 15 ? ctx.msg("term.end") : String(v));
  track(svg, 40, top, ctx.msg("term.day"), 0, 15, b.day, (v) => [
    counting.includes(v) ? "orange" : "",
    b.days.morale_marks === "triangle" && b.days.triangle.includes(v) ? "triangle" : "",
    v > b.last_day ? "struck" : "",
  ].join(" "), dayName);
  track(svg, 40, top + 62, ctx.msg("term.morale"), 0, 7, b.morale, (v) => (v <= 2 ? "low" : ""));
  track(svg, 340, top + 62, ctx.msg("term.soldiers"), 0, 5, b.soldiers);
  s("text", { x: 580, y: top + 54, class: "track-label" }, svg, ctx.msg("board.resources"));
  RES.forEach((kind, i) => {
    const x = 594 + i * 62;
    chip(svg, x, top + 75, kind, 1);
    s("text", { x: x + 14, y: top + 80, class: "small start" }, svg, `${b.resources[kind]}/${b.supply[kind]}`);
  });
  const w = b.workers;
  const workers = ctx.msg("board.workers", w);
  s("text", { x: 40, y: top + 125, class: "info start" }, svg, workers);
  const deck = [
    ctx.msg("board.patrols", { deck: b.patrol_deck, discard: b.patrol_discard.length }),
    b.patrol_top ? ctx.msg("board.patrols_top", { locations: b.patrol_top.map((l) => b.names[l]).join(", ") }) : "",
  ].filter(Boolean).join(" · ");
  s("text", { x: 40, y: top + 150, class: "info start" }, svg, deck);
  const phase = [ctx.msg(`phase.${b.phase}`), ctx.msg("board.pass", { n: b.pass }), b.shot_today ? ctx.msg("board.shot_today") : ""]
    .filter(Boolean).join(" · ");
  s("text", { x: 620, y: top + 125, class: "info start" }, svg, phase);
  [["w", "role.resistencia"], ["m", "term.milice"], ["s", "term.soldier"]].forEach(([pawn, key], i) => {
    const label = ctx.msg(key);
    const x = 620 + i * 110;
    s("circle", { cx: x + 8, cy: top + 145, r: 8, fill: PAWN[pawn][0] }, svg);
    s("text", { x: x + 20, y: top + 150, class: "small start" }, svg, label);
  });
}

export function draw(container, view, ctx) {
  const svg = s("svg", { viewBox: `0 0 ${W} 870`, class: "board-svg maquis", role: "img" });
  s("rect", { x: 0, y: 0, width: W, height: 870, class: "paper" }, svg);
  s("rect", { x: 20, y: 20, width: W - 40, height: 640, rx: 14, class: "town" }, svg);
  drawRoads(svg, view, ctx.data);
  for (const id of Object.keys(view.board.layout)) drawLocation(svg, id, view, ctx);
  drawTracks(svg, view, ctx);
  container.append(svg);
}
