// The fallback board for a game without its own drawing: the view's board data, listed readably.
import { h } from "/static/dom.js";

function show(value) {
  if (value === null || value === undefined) return h("span", { class: "nil" }, "—");
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v !== "object" || v === null)) return h("span", {}, value.join(", ") || "—");
    return h("ol", {}, value.map((v) => h("li", {}, show(v))));
  }
  if (typeof value === "object") {
    return h("dl", {}, Object.entries(value).flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, show(v))]));
  }
  return h("span", {}, String(value));
}

export function draw(container, view, ctx) {
  container.append(h("div", { class: "generic-board" }, h("h3", {}, ctx.t("board_data")), show(view.board)));
}
