// Guerra a Muerte: a schematic map of Spanish America, 1810–1824, drawn from the component data
// (`ctx.data`: the map, its reconstructed layout and the counters' printed faces). The 43 land areas sit
// in their regions (§1.1) with their RP, cities, fortresses and ports, hostile and pro-side marks, and a
// border in the colour of who controls them (§1.1.1); the land borders (the Andes crossings dashed, §5.3),
// the sea areas and their links, the off-map links (§7.2), the Spain box (§7.3), the Haití and United
// States havens (§10.3) and Brasil (§10.6). Each side's force in a place is one marker; only its owner
// (or anyone with open intelligence) sees inside it, and a click opens its contents in the side panel
// (§5.1.3). Sieges (§6.2) and naval blockades (§6.5, §6.6) are marked. The side panel holds the turn
// track with the reinforcements due, the Liberals (§10.2), the RP pools (§4.2, §4.3), the legend and the
// units a decision names. Every area, sea area, box and unit that a legal action names is clickable.
// The map can be zoomed and panned (issue 55: on a 400 px phone it was 780 px wide, its names 5–6 px):
// a phone starts at the map's own size, where a name reads at 8–12 px and an area is a finger wide, its
// frame scrolled to the decision's first target; buttons zoom in and out or fit it to the screen.
import { h, s } from "/static/dom.js";
import { area as mapArea, group, label, links } from "/static/boards/parts.js";

const W = 1280;
const H = 1570;
const CELL_W = 150;  // the layout's grid: an area's land patch fills its cell, so a region's patches join
const CELL_H = 110;
const AW = 136;
const AH = 90;
const SEA_RX = 62;
const SEA_RY = 31;
const SIDES = ["patriot", "royalist", "rebel"];
const FILL = { patriot: "#2f5f9e", royalist: "#b23a2a", rebel: "#7b4a9c" };
const ROMAN = ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV", "XV"];
const PANEL = { x: 12, y: 466, width: 292 };
const REGION_FILL = {
  new_spain: "#eadfc0", islands: "#e3e6c6", venezuela: "#eed9bd", new_granada: "#dfe3c4",
  peru: "#ead2c4", chile: "#dcd9e6", el_plata: "#e6e0c9",
};
const STYLE = `
.guerra-a-muerte .ocean { fill: #d7e7ef; }
.guerra-a-muerte .region-tab rect { fill: #7a6a45; }
.guerra-a-muerte .region-tab text { fill: #fff !important; font-style: italic; }
.guerra-a-muerte .land-link { stroke: #9c8457; stroke-width: 5; stroke-linecap: round; }
.guerra-a-muerte .land-link.andes { stroke: #6b4e16; stroke-dasharray: 7 5; stroke-width: 4; }
.guerra-a-muerte .sea-link { stroke: #4d7fa8; stroke-width: 3; stroke-dasharray: 8 6; fill: none; }
.guerra-a-muerte .coast { stroke: #7fa7c4; stroke-width: 1.5; stroke-dasharray: 2 4; }
.guerra-a-muerte .box-link { stroke: #7a6a45; stroke-width: 2; stroke-dasharray: 4 5; fill: none; }
.guerra-a-muerte .off-map { stroke: #2c5d86; stroke-width: 3; stroke-dasharray: 14 6; fill: none; }
.guerra-a-muerte .area-box { fill: #f6efdc; stroke: #8b7b5d; stroke-width: 2; }
.guerra-a-muerte .area-box.held-patriot { fill: #dfe8f6; stroke: ${FILL.patriot}; stroke-width: 4; }
.guerra-a-muerte .area-box.held-royalist { fill: #f7e0da; stroke: ${FILL.royalist}; stroke-width: 4; }
.guerra-a-muerte .area-box.held-rebel { fill: #ece0f3; stroke: ${FILL.rebel}; stroke-width: 4; }
.guerra-a-muerte .area-box.held-partial { fill: url(#gam-partial); stroke: #5b3f6e; stroke-width: 4; }
.guerra-a-muerte .sea-box { fill: #bcd6e6; stroke: #4d7fa8; stroke-width: 1.5; }
.guerra-a-muerte .box-box { fill: #fbf7ee; stroke: #7a6a45; stroke-width: 2; stroke-dasharray: 6 3; }
.guerra-a-muerte .rp { fill: #6b4e16; }
.guerra-a-muerte .rp-text { fill: #fff !important; font-weight: 700; }
.guerra-a-muerte .place-name { font-weight: 600; }
.guerra-a-muerte .small { fill: #444 !important; }
.guerra-a-muerte .siege rect { fill: #b23a2a; }
.guerra-a-muerte .blockade rect { fill: #2c5d86; }
.guerra-a-muerte .badge text { fill: #fff !important; font-weight: 700; }
.guerra-a-muerte .force rect { stroke: #fff; stroke-width: 1.5; }
.guerra-a-muerte .force.hidden rect { stroke: #222; stroke-dasharray: 3 2; }
.guerra-a-muerte .force.opened rect { stroke: #e0a106; stroke-width: 3; }
.guerra-a-muerte .force text { fill: #fff !important; font-weight: 700; }
.guerra-a-muerte .panel { fill: #fbf7ee; stroke: #c9b98f; stroke-width: 1.5; }
.guerra-a-muerte .cell { fill: #fbf7ee; stroke: #8b7b5d; }
.guerra-a-muerte .cell.past { fill: #e7e0d0; }
.guerra-a-muerte .cell.now { fill: #8fb3da; stroke: #2c5d86; stroke-width: 3; }
.guerra-a-muerte .cell.liberal { stroke: #b23a2a; stroke-width: 3; }
.guerra-a-muerte .row rect { fill: #fff; stroke: #c9b98f; }
.guerra-a-muerte .row.target rect { stroke-width: 3; }
/* A place a legal action names: the target's gold border over any side's control colour (the fill still
   tells who holds it), with a glow, and a warmer fill under the pointer. */
.guerra-a-muerte .target > .area-box, .guerra-a-muerte .target > .sea-box, .guerra-a-muerte .target > .box-box {
  stroke: #e0a106; stroke-width: 5; stroke-dasharray: none; filter: drop-shadow(0 0 6px #e0a106);
}
.guerra-a-muerte .target:hover > .area-box, .guerra-a-muerte .target:hover > .sea-box,
.guerra-a-muerte .target:hover > .box-box, .guerra-a-muerte .target:focus > .area-box { fill: #fff0c2; }
`;

/** The catalog's name of an area, sea area or box. */
function placeName(ctx, place) {
  const table = place in ctx.data.areas ? "area" : ctx.data.seas.includes(place) ? "sea" : "box";
  return ctx.msg(`${table}.${place}`);
}

/** A counter's name: a printed unit by its own name, a militia counter by its nationality and arm. */
function unitName(ctx, id) {
  const c = ctx.data.counters[id];
  return c.militia ? ctx.msg(`militia.${c.nationality}:${c.arm}`) : ctx.msg(`unit.${id}`);
}

/** A counter's line: name, arm, factor and steps, then where it stands and whether it operates now (in the
 * force activated, `operating`) or has operated this turn. */
function unitLine(ctx, unit) {
  const c = ctx.data.counters[unit.id];
  const factor = c.steps === 2 && unit.steps === 1 ? c.reduced : c.factor;
  const steps = ctx.msg("board.steps", { n: unit.steps });
  const done = operating.has(unit.id) ? ctx.msg("board.operating") : unit.done ? ctx.msg("board.operated") : "";
  const marks = [unit.city ? ctx.msg("board.city") : "", unit.guerrilla ? ctx.msg("board.guerrilla") : "", done];
  const line = ctx.msg("board.unit_line", { name: unitName(ctx, unit.id), arm: ctx.msg(`arm.${c.militia ? "militia" : c.arm}`), factor, steps });
  return [line, ...marks.filter(Boolean)].join(" · ");
}

function leaderLine(ctx, id) {
  const l = ctx.data.leaders[id];
  return ctx.msg("board.leader_factors", { name: ctx.msg(`leader.${id}`), ops: l.ops, tactical: l.tactical });
}

/** The side holding a city of the area against an enemy force in its field (§6.2), or null. A hidden
 * force's marker cannot tell a garrison from ships in port; a visible one counts only land counters. */
function besieged(ctx, entry) {
  const inCity = (f) => (f.marker ? f.city : f.units.some((u) => u.city && !["frigate", "ship_of_the_line"].includes(ctx.data.counters[u.id].arm)));
  const inField = (f) => (f.marker ? f.field : f.leaders.length > 0 || f.units.some((u) => !u.city));
  for (const [inside, outside] of [["patriot", "royalist"], ["royalist", "patriot"]]) {
    const here = entry.forces[inside];
    const there = entry.forces[outside];
    if (here && there && inCity(here) && inField(there)) return inside;
  }
  return null;
}

/** The besieged ports of an area whose sea area holds the besieger's ships only (§6.5, §6.6.2). */
function blockaded(ctx, area, places) {
  const entry = places[area];
  const inside = entry ? besieged(ctx, entry) : null;
  if (!inside) return [];
  const outside = inside === "patriot" ? "royalist" : "patriot";
  return Object.entries(ctx.data.cities)
    .filter(([, c]) => c.area === area && c.port && c.sea)
    .filter(([, c]) => {
      const sea = places[c.sea]?.forces ?? {};
      return outside in sea && !(inside in sea);
    })
    .map(([id]) => id);
}

function positions(data) {
  const at = {};
  for (const kind of ["area", "sea", "box"]) for (const item of data.layout[kind]) at[item.id] = [item.x, item.y];
  return at;
}

function drawDefs(svg) {
  s("style", {}, svg, STYLE);
  const defs = s("defs", {}, svg);
  const pattern = s("pattern", { id: "gam-partial", width: 14, height: 14, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, defs);
  s("rect", { width: 7, height: 14, fill: "#dfe8f6" }, pattern);
  s("rect", { x: 7, width: 7, height: 14, fill: "#f7e0da" }, pattern);
}

/** The land: a patch the size of its grid cell behind each area, in its region's tint, so that the areas
 * of a region join into one coloured mass; the region's name on a tab over its first area. */
function drawRegions(svg, ctx, at) {
  const named = new Set();
  const order = [...ctx.data.layout.area].sort((a, b) => a.y - b.y || a.x - b.x);
  for (const item of order) {
    const [x, y] = at[item.id];
    const patch = s("rect", { x: x - CELL_W / 2, y: y - CELL_H / 2, width: CELL_W, height: CELL_H, fill: REGION_FILL[item.region] ?? "#e6e0c9", class: "land" }, svg);
    s("title", {}, patch, ctx.msg(`region.${item.region}`));
  }
  return () => {
    for (const item of order) {
      if (named.has(item.region)) continue;
      named.add(item.region);
      const [x, y] = at[item.id];
      const g = group(svg, x - AW / 2 + 4, y - AH / 2 - 9, { class: "region-tab", "data-region": item.region });
      const text = ctx.msg(`region.${item.region}`);
      s("rect", { width: AW - 30, height: 13, rx: 6 }, g);
      label(g, text, { x: (AW - 30) / 2, y: 6.5, width: AW - 38, size: 9.5, min: 6, middle: true });
    }
  };
}

/** The borders: land (the Andes dashed), coasts, sea links, off-map links around the continent (§7.2),
 * the Spain box's links (§7.3) and the other boxes' entries. */
function drawLinks(svg, ctx, at) {
  const d = ctx.data;
  const coasts = [];
  for (const [area, info] of Object.entries(d.areas)) for (const sea of info.seas) coasts.push([at[area], at[sea], "coast"]);
  links(svg, coasts);
  links(svg, d.land_links.map(([a, b, andes]) => [at[a], at[b], `land-link${andes ? " andes" : ""}`]));
  for (const [a, b, cost] of d.sea_links) {
    if (cost === 1) {
      links(svg, [[at[a], at[b], "sea-link"]]);
      continue;
    }
    const [[x1, y1], [x2, y2]] = [at[a], at[b]];
    const bottom = Math.abs(y1 - y2) < 200;  // around Cape Horn below the map, or round Brazil along its edge
    const path = bottom
      ? `M${x1},${y1} C${x1},${H - 8} ${x2},${H - 8} ${x2},${y2}`
      : `M${x1},${y1} C${W - 14},${y1} ${W - 14},${y2} ${x2},${y2}`;
    const node = s("path", { d: path, class: "off-map" }, svg);
    s("title", {}, node, `${placeName(ctx, a)} – ${placeName(ctx, b)}: ${ctx.msg("board.off_map", { n: cost })}`);
    const [mx, my] = bottom ? [(x1 + x2) / 2, H - 24] : [W - 28, (y1 + y2) / 2];
    badge(svg, mx, my, String(cost), "blockade", ctx.msg("board.off_map", { n: cost }));
  }
  for (const [box, to, op] of d.box_links) {
    const [[x1, y1], [x2, y2]] = [at[box], at[to]];
    const far = Math.abs(y2 - y1) > 600;  // Spain to the South Atlantic: along the map's eastern edge
    const path = far ? `M${x1},${y1} C${W - 4},${y1} ${W - 4},${y2} ${x2},${y2}` : `M${x1},${y1} L${x2},${y2}`;
    const node = s("path", { d: path, class: "box-link" }, svg);
    if (op) s("title", {}, node, `${placeName(ctx, box)} – ${placeName(ctx, to)}: ${ctx.msg("board.spain_cost", { n: op })}`);
  }
}

/** A small round badge with a letter or number and a tooltip. */
function badge(parent, x, y, text, cls, tip) {
  const g = group(parent, x, y, { class: `badge ${cls}` });
  s("title", {}, g, tip);
  s("rect", { x: -9, y: -8, width: 18, height: 16, rx: 8 }, g);
  label(g, text, { width: 15, size: 10, min: 6, middle: true, tip: false });
  return g;
}

/** One side's force in a place: a marker that shows its steps and leaders (★) to whoever may see inside,
 * and only "?" with its city and guerrilla marks to the other side (§5.1.3). */
function forceMarker(parent, x, y, side, force, place, ctx, state) {
  const hidden = Boolean(force.marker);
  const opened = state.opened === `${place}:${side}`;
  const g = group(parent, x, y, { class: `force ${side}${hidden ? " hidden" : ""}${opened ? " opened" : ""}`, "data-side": side, "data-place": place });
  let mark;
  let tip;
  if (hidden) {
    const where = ["field", "city", "guerrilla"].filter((k) => force[k]).map((k) => ctx.msg(`board.${k}`));
    // a combat in progress shows the counters and leaders that fight (§5.1.3)
    const shown = state.revealed.filter((x) => x.at === place && x.side === side);
    const steps = shown.reduce((n, x) => n + (x.steps ?? 0), 0);
    const chiefs = shown.filter((x) => x.leader).length;
    mark = `${steps || ""}${"★".repeat(chiefs)}?${force.city ? "⌂" : ""}${force.guerrilla ? "G" : ""}`;
    tip = [
      `${ctx.msg(`side.${side}`)}: ${ctx.msg("board.hidden")} (${where.join(", ")})`,
      ...shown.map((x) => (x.leader ? `★ ${leaderLine(ctx, x.id)}` : unitLine(ctx, x))),
    ].join("\n");
  } else {
    const steps = force.units.reduce((n, u) => n + u.steps, 0);
    const city = force.units.some((u) => u.city) ? "⌂" : "";
    const guerrilla = force.units.some((u) => u.guerrilla) ? "G" : "";
    mark = `${steps || ""}${"★".repeat(force.leaders.length)}${city}${guerrilla}`;
    tip = [
      ctx.msg("board.force_in", { side: ctx.msg(`side.${side}`), place: placeName(ctx, place) }),
      ...force.leaders.map((id) => `★ ${leaderLine(ctx, id)}`),
      ...force.units.map((u) => unitLine(ctx, u)),
    ].join("\n");
    g.addEventListener("click", () => {
      state.opened = `${place}:${side}`;
      state.redrawPanel();
    });
  }
  s("title", {}, g, tip);
  s("rect", { x: -21, y: -10, width: 42, height: 20, rx: side === "royalist" ? 3 : 9, fill: FILL[side] }, g);
  label(g, mark, { width: 38, size: 11, min: 6, middle: true, tip: false });
  return g;
}

function forceRow(parent, entry, place, ctx, state, y, width) {
  const present = SIDES.filter((side) => side in entry.forces);
  const step = Math.min(46, width / Math.max(present.length, 1));
  present.forEach((side, i) => forceMarker(parent, (i - (present.length - 1) / 2) * step, y, side, entry.forces[side], place, ctx, state));
}

function drawArea(svg, id, view, ctx, at, state) {
  const b = view.board;
  const info = ctx.data.areas[id];
  const entry = b.places[id] ?? { forces: {}, control: [] };
  const control = entry.control ?? [];
  const held = control.length > 1 ? "partial" : control[0] ?? "none";
  const [x, y] = at[id];
  const g = mapArea(svg, { x, y, width: AW, height: AH, rx: 10, boxClass: `area-box held-${held}`, attrs: { class: "area", "data-area": id, "data-control": control.join(" ") } });
  const top = -AH / 2;
  label(g, placeName(ctx, id), { x: -10, y: top + 14, width: AW - 34, size: 12, min: 8, lines: 1, cls: "place-name" });
  const rp = group(g, AW / 2 - 14, top + 12, {});
  s("title", {}, rp, `${info.rp} RP`);
  s("circle", { r: 9.5, class: "rp" }, rp);
  label(rp, String(info.rp), { width: 14, size: 11, middle: true, cls: "rp-text", tip: false });
  // marks: hostile (§5.3), pro-side (§9.1, §9.2), repression (§10.4), slave levies (§4.9)
  const marks = [];
  if (info.hostile) marks.push(["☠", "hostile", ctx.msg("board.hostile"), "#8a6d00"]);
  if (info.pro) marks.push(["⚑", `pro-${info.pro}`, ctx.msg(`board.pro_${info.pro}_long`), FILL[info.pro]]);
  if (b.repression.includes(id)) marks.push(["R", "repression", ctx.msg("board.repression"), FILL.royalist]);
  for (const [side, areas] of Object.entries(b.slaves)) {
    if (areas.includes(id)) marks.push(["L", `slaves-${side}`, ctx.msg("board.slaves", { side: ctx.msg(`side.${side}`) }), FILL[side]]);
  }
  marks.forEach(([text, cls, tip, fill], i) => {
    const m = badge(g, -AW / 2 + 14 + i * 20, top + 29, text, `mark ${cls}`, tip);
    m.querySelector("rect").setAttribute("fill", fill);
  });
  // cities: ■ fortress (+8), □ city (+2), ⚓ port (§6.2, §7)
  const cities = Object.entries(ctx.data.cities).filter(([, c]) => c.area === id);
  if (cities.length) {
    const text = cities.map(([, c]) => `${c.fortress ? "■" : "□"}${c.name}${c.port ? "⚓" : ""}`).join(" ");
    const tip = cities.map(([, c]) => [c.name, ctx.msg(c.fortress ? "board.fortress" : "board.town"), c.port ? ctx.msg("board.port_of", { sea: placeName(ctx, c.sea) }) : ""].filter(Boolean).join(", ")).join("\n");
    const node = label(g, text, { y: top + 46, width: AW - 10, size: 9.5, min: 7, lines: 2, leading: 1.1, cls: "small", tip: false }).node;
    s("title", {}, node, tip);
  }
  const inside = besieged(ctx, entry);
  if (inside) badge(g, AW / 2 - 14, top + 29, "⚔", "siege", ctx.msg("board.siege_of", { side: ctx.msg(`side.${inside}`) }));
  const ports = blockaded(ctx, id, b.places);
  if (ports.length) {
    badge(g, AW / 2 - 34, top + 29, "⚓", "blockade", ports.map((c) => ctx.msg("board.blockade_of", { city: ctx.data.cities[c].name })).join("\n"));
  }
  forceRow(g, entry, id, ctx, state, AH / 2 - 17, AW - 8);
  ctx.target(g, id);
}

function drawSea(svg, id, view, ctx, at, state) {
  const [x, y] = at[id];
  const g = group(svg, x, y, { class: "sea-area", "data-sea": id });
  s("ellipse", { rx: SEA_RX, ry: SEA_RY, class: "sea-box" }, g);
  const entry = view.board.places[id];
  const busy = entry && Object.keys(entry.forces).length;
  label(g, placeName(ctx, id), { y: busy ? -8 : 0, middle: true, width: SEA_RX * 1.5, size: 10, min: 7, lines: 2, cls: "small" });
  if (busy) forceRow(g, entry, id, ctx, state, 14, SEA_RX * 1.6);
  ctx.target(g, id);
}

function drawBox(svg, id, view, ctx, at, state) {
  const [x, y] = at[id];
  const g = mapArea(svg, { x, y, width: AW, height: 64, rx: 6, boxClass: "box-box", attrs: { class: "box", "data-box": id } });
  label(g, placeName(ctx, id), { y: -14, middle: true, width: AW - 12, size: 11, min: 7, lines: 2, cls: "place-name" });
  const entry = view.board.places[id];
  if (entry) forceRow(g, entry, id, ctx, state, 16, AW - 8);
  ctx.target(g, id);
}

/** The side panel: turn track, Liberals, RP pools, counters off the map, legend, and the opened force or
 * the units the decision names. Returns a function that redraws its lower part. */
function drawPanel(svg, view, ctx, state) {
  const b = view.board;
  const { x, width } = PANEL;
  let y = PANEL.y;
  s("rect", { x: x - 6, y: y - 10, width: width + 12, height: H - y - 4, rx: 12, class: "panel" }, svg);
  const line = (text, options = {}) => {
    const drawn = label(svg, text, { x, y, width, size: 12, min: 8, anchor: "start", lines: 2, ...options });
    y += drawn.height + 4;
    return drawn;
  };
  y += 12;
  line(ctx.msg("board.turn", { turn: ROMAN[b.turn], year: b.year }), { size: 16, weight: 700, lines: 1 });
  line(ctx.msg(`phase.${b.phase}`), { size: 12 });
  line(`${ctx.msg("board.scenario", { scenario: b.scenario })} · ${ctx.msg(`board.intelligence_${b.intelligence}`)}`, { size: 11, cls: "small" });
  if (view.rule) {  // the prompt only to the seat that decides: another side's may name a counter (§5.1.3)
    const who = ctx.msg("board.waiting", { role: ctx.msg(`role.${view.current_role}`) });
    line(`${view.actions.length ? view.prompt : who} [§${view.rule}]`, { size: 11, lines: 4, weight: view.actions.length ? 700 : 400 });
  }
  y += 4;
  line(ctx.msg("board.turn_track"), { weight: 700, lines: 1 });
  const due = {};
  for (const turn of Object.values(b.due)) due[turn] = (due[turn] ?? 0) + 1;
  const cell = (width - 4 * 4) / 5;
  for (let turn = 1; turn <= 15; turn += 1) {
    const cx = x + ((turn - 1) % 5) * (cell + 4);
    const cy = y + Math.floor((turn - 1) / 5) * 44;
    const cls = ["cell", turn === b.turn ? "now" : turn < b.turn ? "past" : "", b.liberals === turn ? "liberal" : ""].filter(Boolean).join(" ");
    const g = group(svg, cx, cy, { class: "turn", "data-turn": turn });
    s("rect", { width: cell, height: 40, rx: 4, class: cls }, g);
    label(g, ROMAN[turn], { x: cell / 2, y: 14, width: cell - 4, size: 12, weight: 700, tip: false });
    label(g, String(1809 + turn), { x: cell / 2, y: 26, width: cell - 4, size: 9, cls: "small", tip: false });
    if (due[turn]) {
      label(g, `+${due[turn]}`, { x: cell / 2, y: 37, width: cell - 4, size: 9, weight: 700, tip: false });
      s("title", {}, g, ctx.msg("board.due", { n: due[turn] }));
    }
  }
  y += 3 * 44 + 8;
  line(b.liberals ? ctx.msg("board.liberals", { turn: ROMAN[b.liberals] }) : ctx.msg("board.absolutists"), { size: 11 });
  if (b.iguala) line(ctx.msg("board.iguala", { turn: ROMAN[b.iguala] }), { size: 11 });
  line(ctx.msg("board.rp"), { weight: 700, lines: 1 });
  const pools = Object.entries(b.rp);
  pools.forEach(([pool, value], i) => {
    const px = x + (i % 2) * (width / 2);
    const py = y + Math.floor(i / 2) * 18;
    const whole = Math.floor(value);
    const amount = value - whole >= 0.5 ? `${whole || ""}½` : String(whole);
    label(svg, `${ctx.msg(`pool.${pool}`)}: ${amount}`, { x: px, y: py, width: width / 2 - 6, size: 12, min: 8, anchor: "start", fill: FILL[pool === "royalist" ? "royalist" : "patriot"] });
  });
  y += Math.ceil(pools.length / 2) * 18 + 4;
  const inPool = { patriot: 0, royalist: 0, rebel: 0 };
  for (const id of b.pool) inPool[ctx.data.counters[id].side] += 1;
  line(ctx.msg("board.pools", { patriot: inPool.patriot, royalist: inPool.royalist, dead: b.dead.length }), { size: 11, cls: "small" });
  line(`${ctx.msg("board.legend")}: ${ctx.msg("board.legend_control")}. ${ctx.msg("board.legend_marker")}. ☠ ${ctx.msg("board.hostile")}. ⚔ ${ctx.msg("board.siege")}, ⚓ ${ctx.msg("board.blockade")}. ■ ${ctx.msg("board.fortress")}, □ ${ctx.msg("board.town")}.`, { size: 10, lines: 6, cls: "small" });
  const lower = s("g", { class: "panel-lower" }, svg);
  const top = y + 6;
  return () => {
    lower.replaceChildren();
    drawChoices(lower, view, ctx, state, top);
  };
}

/** The lower panel: the units a legal action names (a step loss, a unit left behind, a recruit, each
 * recruit with its cost and the pool that pays, as its action's label says), each a clickable row;
 * otherwise the force the seat opened on the map. */
function drawChoices(parent, view, ctx, state, top) {
  const { x, width } = PANEL;
  let y = top;
  const visible = {};
  for (const [place, entry] of Object.entries(view.board.places)) {
    for (const [side, force] of Object.entries(entry.forces)) if (!force.marker) for (const u of force.units) visible[u.id] = { unit: u, place, side };
  }
  const named = view.actions.filter((a) => a.target && a.target in ctx.data.counters);
  const row = (text, target = null) => {
    const g = group(parent, x, y, { class: "row", "data-unit": target });
    const height = 30;
    s("rect", { width, height, rx: 5 }, g);
    label(g, text, { x: 6, y: height / 2, width: width - 12, size: 10.5, min: 7, lines: 2, anchor: "start", middle: true });
    if (target) ctx.target(g, target);
    y += height + 4;
  };
  const heading = (text) => {
    y += label(parent, text, { x, y: y + 12, width, size: 12, weight: 700, anchor: "start", lines: 2 }).height + 6;
  };
  if (named.length) {
    heading(named.some((a) => a.group === "recruit") ? ctx.msg("board.recruit_pool") : ctx.msg("board.choose_unit"));
    for (const id of [...new Set(named.map((a) => a.target))]) {
      if (y > H - 40) break;
      const seen = visible[id];
      const recruit = named.find((a) => a.target === id && a.group === "recruit");
      row(recruit ? recruit.label : seen ? `${placeName(ctx, seen.place)}: ${unitLine(ctx, seen.unit)}` : unitName(ctx, id), id);
    }
    return;
  }
  const [place, side] = (state.opened ?? "").split(":");
  const force = view.board.places[place]?.forces?.[side];
  if (!force || force.marker) {
    label(parent, ctx.msg(view.role ? "board.click_hint" : "board.click_hint_any"), { x, y: y + 12, width, size: 11, lines: 2, anchor: "start", cls: "small" });
    return;
  }
  heading(ctx.msg("board.force_in", { side: ctx.msg(`side.${side}`), place: placeName(ctx, place) }));
  for (const id of force.leaders) row(`★ ${leaderLine(ctx, id)}`);
  for (const unit of force.units) {
    if (y > H - 40) break;
    row(unitLine(ctx, unit));
  }
}

const memory = { opened: null, zoom: null, scroll: 0 };
const ZOOMS = [0, 0.6, 0.8, 1, 1.25, 1.6];  // 0: the map fits the frame's width; else its scale
const PHONE = 700;  // a frame narrower than this starts at the map's own size (zoom 1)

/** The zoom chosen (kept for the next positions and pages), else the frame's default. */
function zoomOf(container) {
  memory.zoom ??= Number(localStorage.getItem("ludoteca.gam.zoom") ?? (container.clientWidth < PHONE ? 1 : 0));
  return ZOOMS.includes(memory.zoom) ? memory.zoom : 0;
}

/** Size the map for `zoom`: the frame's width, or the map's width times the zoom, panned by scrolling. */
function applyZoom(container, svg, zoom) {
  svg.style.minWidth = "0";
  svg.style.width = zoom ? `${W * zoom}px` : "100%";
  container.style.overflowX = zoom ? "auto" : "";
  container.dataset.zoom = String(zoom);
}

/** The zoom buttons: out, in, and fit to the screen; each redraws the map at its zoom. */
function zoomBar(container, svg, ctx) {
  const set = (zoom) => {
    memory.zoom = zoom;
    localStorage.setItem("ludoteca.gam.zoom", String(zoom));
    applyZoom(container, svg, zoom);
    bar.querySelector("[data-zoom='fit']").setAttribute("aria-pressed", String(zoom === 0));
  };
  // the next scale up or down from what is shown ("fit" shows the frame's width); below the least, fit
  const step = (by) => () => {
    const shown = zoomOf(container) || container.clientWidth / W;
    const scales = ZOOMS.slice(1);
    const next = by > 0 ? scales.find((z) => z > shown + 1e-6) ?? scales.at(-1) : scales.findLast((z) => z < shown - 1e-6);
    set(next ?? 0);
  };
  const bar = h("div", { class: "zoom-bar", role: "toolbar" },
    h("button", { type: "button", "data-zoom": "out", title: ctx.msg("board.zoom_out"), "aria-label": ctx.msg("board.zoom_out"), onclick: step(-1) }, "−"),
    h("button", { type: "button", "data-zoom": "in", title: ctx.msg("board.zoom_in"), "aria-label": ctx.msg("board.zoom_in"), onclick: step(1) }, "+"),
    h("button", { type: "button", "data-zoom": "fit", "aria-pressed": String(zoomOf(container) === 0), onclick: () => set(0) }, ctx.msg("board.zoom_fit")));
  return bar;
}

/** Keep the frame where the person panned it; when none of the decision's targets is in sight, bring the
 * first one to the middle. */
function panToTargets(container, svg) {
  if (!container.dataset.panned) {
    container.dataset.panned = "1";
    container.addEventListener("scroll", () => { memory.scroll = container.scrollLeft; });
  }
  container.scrollLeft = memory.scroll;
  const frame = container.getBoundingClientRect();
  const targets = [...svg.querySelectorAll(".target:not(.row)")].map((t) => t.getBoundingClientRect());
  if (!targets.length || targets.some((b) => b.left >= frame.left && b.right <= frame.right)) return;
  container.scrollLeft += targets[0].left - frame.left - (frame.width - targets[0].width) / 2;
  memory.scroll = container.scrollLeft;
}
let operating = new Set();  // the counters of the force activated now (the view's `operating`)

export function draw(container, view, ctx) {
  operating = new Set(view.board.operating ?? []);
  const at = positions(ctx.data);
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "board-svg guerra-a-muerte", role: "img" });
  drawDefs(svg);
  s("rect", { x: 0, y: 0, width: W, height: H, class: "ocean" }, svg);
  const tabs = drawRegions(svg, ctx, at);
  drawLinks(svg, ctx, at);
  const state = { opened: memory.opened, redrawPanel: () => {}, revealed: view.board.revealed ?? [] };
  for (const id of ctx.data.seas) drawSea(svg, id, view, ctx, at, state);
  for (const id of ctx.data.boxes) drawBox(svg, id, view, ctx, at, state);
  for (const id of Object.keys(ctx.data.areas)) drawArea(svg, id, view, ctx, at, state);
  tabs();
  const redraw = drawPanel(svg, view, ctx, state);
  state.redrawPanel = () => {
    memory.opened = state.opened;
    for (const node of svg.querySelectorAll(".force.opened")) node.classList.remove("opened");
    const [place, side] = state.opened.split(":");
    svg.querySelector(`.force[data-place="${place}"][data-side="${side}"]`)?.classList.add("opened");
    redraw();
  };
  redraw();
  const zoom = zoomOf(container);
  container.append(zoomBar(container, svg, ctx), svg);
  applyZoom(container, svg, zoom);
  if (zoom) panToTargets(container, svg);
}
