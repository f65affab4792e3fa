// Maquis: the town drawn from the game's layout (data/layout.toml, 100 × 70 grid), with roads, the
// pieces on each location, the two missions, and the tracks (day, morale, soldiers), resources and
// the patrol deck below; under the drawing, what the terminal also shows: each location's actions with
// their cost and effect, and the ten patrol cards in order with the discarded ones marked (issue 25).
import { h, s } from "/static/dom.js";
import { area, counter, label, links, track } from "/static/boards/parts.js";

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

function chip(g, x, y, kind, count, ctx) {
  counter(g, { x, y, r: 9, fill: RES_COLOR[kind], mark: RES_MARK[kind], markFill: kind === "medicine" ? "#222" : "#fff", cls: "chip", tip: ctx.msg(`res.${kind}`) });
  if (count > 1) label(g, `×${count}`, { x: x + 12, y: y + 4, size: 11, anchor: "start", tip: false });
}

function drawRoads(svg, view, data) {
  const pos = view.board.layout;
  const closed = new Set(view.board.closed_roads.map((r) => r.join("|")));
  for (const road of data.board?.road || []) {
    if (road.bridge && view.board.bridges_destroyed.includes(road.bridge)) closed.add([...road.ends].sort().join("|"));
  }
  const at = (id) => [X(pos[id][0]), Y(pos[id][1])];
  links(svg, view.board.roads.map(([a, b]) => [at(a), at(b), closed.has([a, b].sort().join("|")) ? "road cut" : "road"]));
}

/** A location: its name at the top, clear of the outline that legal targets and the hint thicken; under
 * it a built room's tile, then the pawn or the field's tokens. The box grows downwards when the name
 * takes two lines or a tile is built, so that nothing in it overlaps (issue 25). */
function drawLocation(svg, id, view, ctx) {
  const b = view.board;
  const [px, py] = b.layout[id];
  const kind = kindOf(id, ctx.data);
  const w = kind === "mission_slot" ? 230 : 122;
  const hgt = kind === "mission_slot" ? 64 : 50;
  const g = area(svg, { x: X(px), y: Y(py), width: w, height: hgt, rx: 8, boxClass: "loc-box", attrs: { class: `loc kind-${kind}`, "data-loc": id } });
  const top = -hgt / 2;
  const mission = b.missions.find((m) => m.slot === id);
  const name = mission ? b.names[mission.id] : b.names[id];
  const title = label(g, name, { y: top + 17, width: w - 12, size: 13, min: 9, weight: 600, lines: 2, leading: 1.05 });
  let below = top + 17 + title.height - title.size * 1.05 + title.size * 0.25;  // under the name's last line
  if (b.tiles[id]) {
    label(g, b.names[b.tiles[id]], { y: below + 11, width: w - 12, size: 11, min: 8, cls: "tile" });
    below += 14;
  }
  if (b.closed_locations.includes(id)) g.classList.add("closed");
  if (mission) {
    for (let i = 0; i < mission.boxes_total; i += 1) {
      s("rect", { x: -w / 2 + 10 + i * 20, y: 8, width: 15, height: 15, rx: 2, class: i < mission.boxes ? "box done" : "box" }, g);
    }
    if (mission.done) s("text", { x: w / 2 - 14, y: 20, class: "done-mark" }, g, "✓");
    if (mission.worker_on_card) s("circle", { cx: w / 2 - 40, cy: 15, r: 8, fill: PAWN.w[0] }, g);
  }
  const row = mission ? 15 : Math.max(12, below + 13);  // the pieces' row, discs of radius 11 under the texts
  if (!mission) g.querySelector("rect").setAttribute("height", Math.max(hgt, row + 15 - top));
  const pawn = b.pawns[id];
  if (pawn) {
    const [fill, mark] = PAWN[pawn];
    const ready = b.workers.to_activate.includes(id);
    counter(g, { x: 0, y: row, r: 11, fill, mark, cls: ready ? "pawn ready" : "pawn" });
  }
  const tokens = b.fields[id];
  if (tokens) Object.entries(tokens).forEach(([kindName, n], i) => chip(g, -w / 2 + 14 + i * 30, row, kindName, n, ctx));
  ctx.target(g, id);
}

function drawTracks(svg, view, ctx) {
  const b = view.board;
  const top = 700;
  const counting = b.days[b.days.morale_marks];
  const dayName = (v) => (v === 0 ? ctx.msg("term.start") : v === 15 ? ctx.msg("term.end") : String(v));
  const classOf = (v) => [
    counting.includes(v) ? "orange" : "",
    b.days.morale_marks === "triangle" && b.days.triangle.includes(v) ? "triangle" : "",
    v > b.last_day ? "struck" : "",
  ].join(" ");
  track(svg, { x: 40, y: top, label: ctx.msg("term.day"), from: 0, to: 15, value: b.day, classOf, name: dayName });
  track(svg, { x: 40, y: top + 62, label: ctx.msg("term.morale"), from: 0, to: 7, value: b.morale, classOf: (v) => (v <= 2 ? "low" : "") });
  track(svg, { x: 340, y: top + 62, label: ctx.msg("term.soldiers"), from: 0, to: 5, value: b.soldiers });
  label(svg, ctx.msg("board.resources"), { x: 580, y: top + 54, width: 380, size: 13, weight: 600, anchor: "start", cls: "track-label" });
  RES.forEach((kind, i) => {
    const x = 594 + i * 62;
    chip(svg, x, top + 75, kind, 1, ctx);
    label(svg, `${b.resources[kind]}/${b.supply[kind]}`, { x: x + 13, y: top + 80, width: 36, size: 11, anchor: "start", tip: false });
  });
  const info = (text, x, y, width) => label(svg, text, { x, y, width, size: 13, min: 9, anchor: "start", cls: "info" });
  info(ctx.msg("board.workers", b.workers), 40, top + 125, 560);
  const deck = [
    ctx.msg("board.patrols", { deck: b.patrol_deck, discard: b.patrol_discard.length }),
    b.patrol_top ? ctx.msg("board.patrols_top", { locations: b.patrol_top.map((l) => b.names[l]).join(", ") }) : "",
  ].filter(Boolean).join(" · ");
  info(deck, 40, top + 150, 560);
  const phase = [ctx.msg(`phase.${b.phase}`), ctx.msg("board.pass", { n: b.pass }), b.shot_today ? ctx.msg("board.shot_today") : ""]
    .filter(Boolean).join(" · ");
  info(phase, 620, top + 125, 340);
  [["w", "role.resistencia"], ["m", "term.milice"], ["s", "term.soldier"]].forEach(([pawn, key], i) => {
    const x = 620 + i * 114;
    counter(svg, { x: x + 8, y: top + 145, r: 8, fill: PAWN[pawn][0], mark: PAWN[pawn][1] });
    label(svg, ctx.msg(key), { x: x + 20, y: top + 150, width: 88, size: 11, min: 8, anchor: "start" });
  });
}

/** A location's actions as the player reads them, cost and effect (the catalog's `do.*`): a built spare
 * room by its tile's. */
function effects(loc, view, ctx) {
  const tile = view.board.tiles[loc.id];
  const source = tile ? (ctx.data.cards?.tile || []).find((t) => t.id === tile) : loc;
  return (source?.option || []).map((o) => ctx.msg(`do.${o.id}`));
}

function locationList(view, ctx) {
  const b = view.board;
  const items = (ctx.data.board?.location || []).filter((loc) => b.layout[loc.id] && loc.kind !== "mission_slot")
    .map((loc) => [loc, effects(loc, view, ctx)]).filter(([, list]) => list.length)
    .map(([loc, list]) => h("li", { "data-loc": loc.id },
      h("b", {}, b.names[b.tiles[loc.id]] ?? b.names[loc.id]), loc.star ? " ★" : "", ": ", list.join(" · ")));
  return h("section", { class: "legend locations" },
    h("h4", {}, ctx.msg("board.locations")), h("ul", {}, ...items), h("p", { class: "dim" }, ctx.msg("board.star")));
}

function patrolList(view, ctx) {
  const b = view.board;
  const gone = new Set(b.patrol_discard.map(String));
  const cards = Object.entries(b.patrol_cards).sort(([x], [y]) => Number(x) - Number(y));
  return h("section", { class: "legend patrols" },
    h("h4", {}, ctx.msg("board.patrol_cards")),
    h("ol", {}, ...cards.map(([card, route]) => h("li", {
      value: card, class: gone.has(card) ? "discarded" : "", "data-card": card,
    }, route.map((loc) => b.names[loc]).join(" → "), gone.has(card) ? h("em", {}, ` — ${ctx.msg("board.discarded")}`) : ""))));
}

export function draw(container, view, ctx) {
  const svg = s("svg", { viewBox: `0 0 ${W} 870`, class: "board-svg maquis", role: "img" });
  s("rect", { x: 0, y: 0, width: W, height: 870, class: "paper" }, svg);
  s("rect", { x: 20, y: 20, width: W - 40, height: 640, rx: 14, class: "town" }, svg);
  drawRoads(svg, view, ctx.data);
  for (const id of Object.keys(view.board.layout)) drawLocation(svg, id, view, ctx);
  drawTracks(svg, view, ctx);
  container.append(svg, h("div", { class: "board-legend" }, locationList(view, ctx), patrolList(view, ctx)));
}
