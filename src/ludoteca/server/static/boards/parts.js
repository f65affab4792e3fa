// The drawing parts the game boards share (issue 21): text that fits the room it is given, a numbered
// track with its marker, a card chip and a hand of them, a map's areas, links and grids of pieces, and
// a counter. A part draws what the board hands it: the words come from the game's catalog through the
// board (`ctx.msg`), never from here. No text is ever cut: a long label wraps onto its lines, then
// shrinks, then is squeezed to its width (SVG `textLength`), and always carries its whole text in a
// `<title>` tooltip.
import { s } from "/static/dom.js";

const FONT = '"Segoe UI", system-ui, sans-serif';  // the boards' font (style.css, `.board-svg text`)
let pen = null;

/** The width of `text` in pixels at `size` and `weight`, measured by the browser's own font engine. */
function measure(text, size, weight = 400) {
  pen ??= document.createElement("canvas").getContext("2d");
  pen.font = `${weight} ${size}px ${FONT}`;
  return pen.measureText(text).width;
}

/** `words` laid greedily on lines no wider than `width` (a word wider than that has a line of its own). */
function wrap(words, size, weight, width) {
  const rows = [];
  let row = "";
  for (const word of words) {
    const longer = row ? `${row} ${word}` : word;
    if (row && measure(longer, size, weight) > width) {
      rows.push(row);
      row = word;
    } else row = longer;
  }
  if (row) rows.push(row);
  return rows;
}

/**
 * A text on at most `lines` lines no wider than `width`, from `size` down to `min` pixels; what still
 * does not fit is squeezed to the width. `y` is the first line's baseline, or the block's middle when
 * `middle` is set. Returns the text node and the height its lines take.
 */
export function label(parent, text, {
  x = 0, y = 0, width = Infinity, size = 12, min = Math.max(6.5, size * 0.7), weight = 400, lines = 1,
  anchor = "middle", cls = "", fill = null, leading = 1.18, middle = false, tip = true,
} = {}) {
  const whole = String(text);
  const words = whole.split(/\s+/).filter(Boolean);
  let rows = null;
  let px = size;
  for (; px >= min; px -= 0.5) {
    const tried = lines === 1 ? [words.join(" ")] : wrap(words, px, weight, width);
    if (tried.length <= lines && tried.every((row) => measure(row, px, weight) <= width)) {
      rows = tried;
      break;
    }
  }
  if (!rows) {
    px = min;
    rows = lines === 1 ? [words.join(" ")] : wrap(words, px, weight, width);
    while (rows.length > lines) {
      const rest = rows.pop();
      rows[rows.length - 1] += ` ${rest}`;
    }
  }
  const step = px * leading;
  const top = middle ? y - ((rows.length - 1) * step) / 2 + px * 0.35 : y;
  const style = [`font-size:${px}px`, `font-weight:${weight}`, `text-anchor:${anchor}`, fill ? `fill:${fill}` : ""];
  const node = s("text", { x, y: top, class: cls || null, style: style.filter(Boolean).join(";") }, parent);
  rows.forEach((row, i) => {
    const squeeze = measure(row, px, weight) > width;
    s("tspan", {
      x, dy: i === 0 ? null : step, textLength: squeeze ? width : null, lengthAdjust: squeeze ? "spacingAndGlyphs" : null,
    }, node, row);
  });
  if (tip && whole) s("title", {}, node, whole);
  return { node, height: rows.length * step, size: px };
}

/** Where `count` things go in rows of `perRow`, `dx` apart and `dy` between rows, from (`x`, `y`). */
export function grid(count, { x = 0, y = 0, perRow = count || 1, dx = 0, dy = 0 } = {}) {
  return Array.from({ length: count }, (_, i) => [x + (i % perRow) * dx, y + Math.floor(i / perRow) * dy]);
}

/** A group moved to (`x`, `y`), its attributes `attrs` (classes, `data-*`). */
export function group(parent, x, y, attrs = {}) {
  return s("g", { ...attrs, transform: `translate(${x},${y})` }, parent);
}

/**
 * A numbered track: its label above, one cell per value from `from` to `to`, the cell of `value`
 * marked (`.on`). `classOf(v)` adds classes to a cell, `name(v)` its text (the number by default).
 * Returns the track's width.
 */
export function track(parent, {
  x, y, label: title, from, to, value, cell = 30, height = 26, gap = 4, classOf = () => "", name = String, size = 12,
}) {
  if (title) label(parent, title, { x, y: y - 7, cls: "track-label", size: 13, weight: 600, anchor: "start", tip: false });
  for (let v = from; v <= to; v += 1) {
    const cx = x + (v - from) * (cell + gap);
    const marks = [classOf(v), v === value ? "on" : ""].filter(Boolean).join(" ");
    s("rect", { x: cx, y, width: cell, height, rx: 4, class: `cell ${marks}`.trim() }, parent);
    label(parent, name(v), { x: cx + cell / 2, y: y + height / 2, middle: true, width: cell - 4, size, min: 6, cls: "cell-text" });
  }
  return (to - from + 1) * (cell + gap) - gap;
}

/**
 * A card chip at (`x`, `y`): a rounded box of `fill`, its `number` in the corner, its `name` wrapped on
 * up to `lines` lines below, a second `detail` line under it, and `tip` (the whole name by default) as
 * its tooltip. Returns the chip's group, for `ctx.target`.
 */
export function chip(parent, {
  x, y, width, height, fill = null, number = null, name = "", detail = "", lines = 2, size = 10, cls = "card", attrs = {}, tip = null,
}) {
  const g = group(parent, x, y, { class: cls, ...attrs });
  s("title", {}, g, tip ?? name);
  s("rect", { width, height, rx: 6, fill }, g);
  const head = number === null ? 0 : Math.min(18, height * 0.35);
  if (number !== null) {
    label(g, number, { x: 7, y: 14, width: width - 14, size: 12, weight: 800, anchor: "start", cls: "card-num", tip: false });
  }
  const room = height - head - (detail ? 16 : 0);
  label(g, name, { x: width / 2, y: head + room / 2 + 2, middle: true, width: width - 10, size, lines, cls: "card-name", tip: false });
  if (detail) label(g, detail, { x: width / 2, y: height - 7, width: width - 10, size: size - 0.5, cls: "card-name", tip: false });
  return g;
}

/**
 * A hand: `items` as chips in rows of `perRow` from (`x`, `y`), each chip's look given by
 * `look(item, i)` (the options of `chip` but its place). Returns the height the rows take and the chips.
 */
export function hand(parent, { x, y, items, perRow, width, height, gap = 6, look }) {
  const places = grid(items.length, { x, y, perRow, dx: width + gap, dy: height + gap });
  const chips = items.map((item, i) => chip(parent, { ...look(item, i), x: places[i][0], y: places[i][1], width, height }));
  return { height: Math.ceil(items.length / perRow) * (height + gap), chips };
}

/**
 * A map's area: a group at (`x`, `y`) holding a box of `width` × `height` centred on it (class
 * `boxClass`, or `fill` and `stroke`). Returns the group, to draw the area's contents in.
 */
export function area(parent, {
  x, y, width, height, rx = 10, attrs = {}, boxClass = null, fill = null, stroke = null, strokeWidth = null,
}) {
  const g = group(parent, x, y, attrs);
  s("rect", {
    x: -width / 2, y: -height / 2, width, height, rx, class: boxClass, fill, stroke, "stroke-width": strokeWidth,
  }, g);
  return g;
}

/** A map's links: for each `[from, to, cls]`, a line between the two places ([x, y]) with class `cls`. */
export function links(parent, list) {
  for (const [[x1, y1], [x2, y2], cls] of list) s("line", { x1, y1, x2, y2, class: cls }, parent);
}

/**
 * A counter: a disc (or, with `square`, a rounded square) of `fill` at (`x`, `y`) and radius `r`, its
 * `mark` fitted inside, `tip` as its tooltip. Returns its group.
 */
export function counter(parent, {
  x, y, r = 10, fill = null, mark = "", tip = null, square = false, cls = "counter", markFill = "#fff", attrs = {},
}) {
  const g = group(parent, x, y, { class: cls, ...attrs });
  if (tip) s("title", {}, g, tip);
  if (square) s("rect", { x: -r, y: -r * 0.85, width: 2 * r, height: 1.7 * r, rx: 3, fill }, g);
  else s("circle", { r, fill }, g);
  if (mark !== "") label(g, mark, { width: 2 * r - 3, size: r * 1.05, min: 6, weight: 700, middle: true, fill: markFill, tip: false });
  return g;
}
