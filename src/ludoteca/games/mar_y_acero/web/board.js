// Mar y Acero: the fifteen areas on their ring (§4.2: each is next to the one numbered after it, 15
// next to 1), the links by land or sea current (data/board.toml), the pieces of both factions, and in
// the middle the tracks, the bags by size, the destiny card, and this seat's own hand.
import { h, s } from "/static/dom.js";
import { area as mapArea, chip, grid, group, hand as drawHand, label, links, track } from "/static/boards/parts.js";

const W = 1100;
const H = 940;
const CX = W / 2;
const CY = 465;
const RX = 462;
const RY = 368;
const AREA_GROUPS = ["activate", "raid", "to", "at", "scribe", "repair"];
const PIECE_GROUPS = ["pick", "fight", "hit", "retreat", "reduce", "flip"];
const FACTION = { es: "#b23a2a", ind: "#3f7d3a" };
const LEADERS = ["colon", "caonabo", "guacanagari", "anacaona"];
const AREA_W = 156;
const AREA_H = 112;
const TEXT_W = 500;  // the centre's text column (x 300–800), clear of the ring's areas (5 starts at 931)

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
  links(svg, Array.from({ length: 15 }, (_, i) =>
    [place(i), place((i + 1) % 15), `link ${areas.find((a) => a.id === i + 1)?.link ?? "land"}`]));
}

/** A faction's pieces in an area, the same ones counted once: `[key, how many]` in the order they stand. */
function counted(keys) {
  const counts = new Map();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return [...counts];
}

/** A piece as a tag with its whole name (a square-cornered one for the Spaniards, a round one for the
 * Indigenous), `×n` when several alike stand together; one handle for all of them. */
function piece(g, x, y, width, [key, count], faction, ctx, view, clickable) {
  const [kind, reduced] = key.split(".");
  const node = group(g, x, y, { class: `piece ${faction}${reduced ? " reduced" : ""}` });
  const many = count > 1 ? ` ×${count}` : "";
  s("title", {}, node, `${kindName(ctx, view, key)}${many}`);
  s("rect", { width, height: 15, rx: faction === "es" ? 3 : 7.5 }, node);
  const name = `${LEADERS.includes(kind) ? "★" : ""}${view.board.names.kind[kind] ?? kind}${many}`;
  label(node, name, { x: width / 2, y: 7.5, middle: true, width: width - 5, size: 9.5, min: 7, weight: 700, cls: "piece-mark", tip: false });
  if (clickable) ctx.target(node, key, PIECE_GROUPS);
}

function drawArea(svg, area, view, ctx, pieceTargets) {
  const [x, y] = place(area.id - 1);
  const g = mapArea(svg, {
    x, y, width: AREA_W, height: AREA_H, rx: 12, boxClass: `area-box control-${area.control ?? "none"}`,
    attrs: { class: `area ${area.jungle ? "jungle" : ""} ${area.activated ? "activated" : ""}`, "data-area": area.id },
  });
  const top = -AREA_H / 2;
  label(g, String(area.id), { x: -AREA_W / 2 + 8, y: top + 19, size: 15, weight: 800, anchor: "start", cls: "area-num", tip: false });
  label(g, area.name, { x: 12, y: top + 18, width: AREA_W - 42, size: 13, min: 9, weight: 600, cls: "area-name" });
  const marks = [
    ctx.msg("board.area_vp", { n: area.value === 2 ? 2 : 1 }),
    area.scroll ? ctx.msg("term.scroll") : "",
    area.palisade ? ctx.msg("term.palisade") : "",
    area.citadel ? ctx.msg("term.citadel") : "",
  ].filter(Boolean).join(" · ");
  label(g, marks, { y: AREA_H / 2 - 6, width: AREA_W - 10, size: 10, min: 7.5, cls: "area-marks" });
  const es = counted(area.es);
  const ind = counted(area.ind);
  const rows = (n, across) => Math.ceil(n / across);
  const across = [2, 3, 4, 5].find((n) => rows(es.length, n) + rows(ind.length, n) <= 4) ?? 5;
  const gap = 3;
  const width = (AREA_W - 8 - gap * (across - 1)) / across;
  const clickable = pieceTargets && area.activated;
  const row = (list, y0, faction) => grid(list.length, { x: -AREA_W / 2 + 4, y: y0, perRow: across, dx: width + gap, dy: 17 })
    .forEach(([px, py], i) => piece(g, px, py, width, list[i], faction, ctx, view, clickable));
  row(es, top + 27, "es");
  row(ind, top + 27 + rows(es.length, across) * 17 + (es.length ? 2 : 0), "ind");
  ctx.target(g, area.id, AREA_GROUPS);
}

function drawCentre(svg, view, ctx) {
  const b = view.board;
  const x0 = CX - 250;
  const width = 500;
  const line = (text, at, options = {}) => label(svg, text, { x: x0, y: at, width, size: 12.5, min: 9.5, anchor: "start", cls: "info", ...options });
  let y = CY - 217;
  label(svg, ctx.msg("board.turn", { turn: b.turn }), { x: CX, y, width, size: 18, weight: 700, cls: "centre-title" });
  label(svg, ctx.msg(`phase.${b.phase}`), { x: CX, y: y + 16, width, size: 11, cls: "small" });
  y += 40;
  track(svg, { x: x0, y, label: ctx.msg("board.vp"), from: 0, to: 20, value: b.vp, cell: 19, gap: 3, height: 19 });
  y += 44;
  const rs = track(svg, { x: x0, y, label: ctx.msg("term.rs"), from: 0, to: 10, value: b.royal_support, cell: 19, gap: 3, height: 19 });
  line(ctx.msg("board.impulses", b.impulses), y + 14, { x: x0 + rs + 20, width: width - rs - 20 });
  y += 42;
  label(svg, ctx.msg("board.bags"), { x: x0, y, width, size: 13, weight: 600, anchor: "start", cls: "track-label" });
  Object.entries(b.bags).forEach(([bag, n], i) => {
    const g = chip(svg, { x: x0 + i * 101, y: y + 6, width: 95, height: 26, name: `${ctx.msg(`bag.${bag}`)}: ${n}`, lines: 1, size: 11, cls: "bag" });
    ctx.target(g, bag, ["draw"]);
  });
  y += 54;
  const marker = ctx.msg("board.grace", { face: ctx.msg(b.grace.face === "es" ? "board.grace_es" : "board.grace_ind") });
  const grace = b.grace.box === "used" ? ctx.msg("board.grace_used", { grace: marker }) : marker;
  const colon = ctx.msg(`term.${b.colon === "map" ? "on_map" : b.colon}`);
  line(`${grace} · ${ctx.msg("term.colon")}: ${colon} · ${ctx.msg("board.destiny_deck", { n: b.destinies_left })}`, y);
  y += 19;
  // The card texts stay in the centre's column, clear of area 5, wrapped on as many lines as they need
  // (never cut: `label` squeezes rather than drops a word).
  const card = { lines: 6, width: TEXT_W, size: 12, min: 10 };
  if (b.destiny !== null) {
    y += line(ctx.msg("board.destiny", { n: b.destiny, text: b.destiny_text }), y, card).height;
  }
  if (b.nitayno_card !== null) {  // solo: the Nitayno card of the turn (§5.3.2)
    y += line(`${ctx.msg(`nitayno.card.${b.nitayno_card}`)}: ${b.nitayno_text}`, y, card).height;
  }
  drawHands(svg, view, ctx, x0, y + 10);
}

function drawHands(svg, view, ctx, x0, y) {
  const b = view.board;
  const line = (text, at) => label(svg, text, { x: x0, y: at, width: 500, size: 12.5, min: 9.5, anchor: "start", cls: "info" });
  for (const fac of ["es", "ind"]) {
    const cards = b.hands[fac];
    const who = ctx.msg(fac === "es" ? "role.espanoles" : "role.indigenas");
    const committed = b.committed[fac] ? ` · ${ctx.msg("board.card_chosen")}` : "";
    if (typeof cards === "number") {
      line(`${ctx.msg("board.hand", { who, n: cards })}${committed}`, y);
      y += 20;
      continue;
    }
    line(`${who}${committed}:`, y);
    const drawn = drawHand(svg, {
      x: x0, y: y + 6, items: cards, perRow: 6, width: 80, height: 42, gap: 4,
      look: (card) => ({
        number: String(card), name: ctx.msg(`card.${card}`), fill: FACTION[fac],
        cls: `card ${b.my_commit === card ? "chosen" : ""}`, attrs: { "data-card": card },
      }),
    });
    drawn.chips.forEach((g, i) => ctx.target(g, cards[i], ["card"]));
    y += 20 + drawn.height;
  }
  const played = Object.entries(b.played).map(([fac, cards]) => `${ctx.msg(fac === "es" ? "role.espanoles" : "role.indigenas")}: ${cards.join(", ") || "—"}`);
  label(svg, ctx.msg("board.played", { list: played.join(" · ") }), { x: x0, y: y + 4, width: 500, size: 11, min: 8, anchor: "start", cls: "small", lines: 2 });
}

/** What the pieces' shapes and marks mean, under the drawing (issue 25). */
function legend(ctx) {
  const sample = (cls, text) => h("span", { class: `legend-piece ${cls}` }, text);
  return h("div", { class: "board-legend" }, h("section", { class: "legend pieces" },
    h("h4", {}, ctx.msg("board.legend")),
    h("ul", {},
      h("li", {}, sample("es", ctx.msg("kind.arcabucero")), " ", ctx.msg("board.legend_es")),
      h("li", {}, sample("ind", ctx.msg("kind.tama")), " ", ctx.msg("board.legend_ind")),
      h("li", {}, sample("es reduced", ctx.msg("kind.peon")), " ", ctx.msg("board.legend_reduced")),
      h("li", {}, sample("es", `★${ctx.msg("kind.colon")}`), " ", ctx.msg("board.legend_leader")),
      h("li", {}, sample("ind", `${ctx.msg("kind.naboria")} ×2`), " ", ctx.msg("board.legend_many")))));
}

export function draw(container, view, ctx) {
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "board-svg mar-y-acero", role: "img" });
  s("rect", { x: 0, y: 0, width: W, height: H, class: "sea" }, svg);
  drawLinks(svg, view, ctx);
  const pieceTargets = view.actions.some((a) => PIECE_GROUPS.includes(a.group));
  for (const area of view.board.areas) drawArea(svg, area, view, ctx, pieceTargets);
  drawCentre(svg, view, ctx);
  container.append(svg, legend(ctx));
}
