"""Maquis in a terminal: a position drawn with Rich for `ludoteca play maquis`.

Everything shown comes from `state.view(role, lang)` (DESIGN §2); the town map is a character canvas laid
out from the schematic positions of `data/layout.toml`, with the white roads as dotted lines.
"""

from __future__ import annotations

from itertools import groupby
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ludoteca.games.maquis import GAME
from ludoteca.games.maquis.board import BOARD
from ludoteca.games.maquis.view import BoardView

WIDTH, HEIGHT = 100, 20  # the largest map canvas; it shrinks to the terminal's width
MARGIN = 10  # columns kept clear at the sides of the map
# Token colours as printed (rulebook §Componentes), explosives grey for black; pawns: white workers,
# blue Milice, red Soldiers.
COLOUR = {"intel": "blue", "food": "green", "medicine": "white", "money": "yellow", "weapon": "red"}
RESOURCE_STYLE = {kind: f"bold {COLOUR.get(kind, 'grey50')}" for kind in BOARD.resources}
PAWN_STYLE = {"w": "bold white", "m": "bold blue", "s": "bold red"}
KIND_STYLE = {
    "street": "italic grey70",
    "field": "green",
    "spare_room": "magenta",
    "mission_slot": "bold yellow",
}


def render(view: dict[str, Any], lang: str) -> RenderableType:
    """The whole position: header and day track, town map, resources/workers/patrols, missions."""
    b: BoardView = view["board"]
    return Group(
        _header(view, lang), _town(b, lang), _counters(b, lang), _patrol_cards(b, lang), _missions(b, lang)
    )


def _t(key: str, lang: str) -> str:
    return GAME.catalog.text(f"term.{key}", lang)


def _pawn(kind: str, lang: str) -> Text:
    return Text("●" + _t(f"pawn.{kind}", lang), PAWN_STYLE[kind])


def _header(view: dict[str, Any], lang: str) -> Panel:
    """Phase, day, morale with its red number (the fewest patrols), the soldier marker, then the day track
    (rulebook §Registros): Start, boxes 1–14, End; the boxes that lower morale — orange, or the triangles in
    the hard modes — are filled orange, and boxes past a short game's end are struck out."""
    b: BoardView = view["board"]
    days = b["days"]
    label = {0: _t("start", lang), 15: _t("end", lang)}
    lap = b["pass"] > 1 or view.get("options", {}).get("difficulty") == "very-easy"
    line = Text.assemble(
        (GAME.catalog.text(f"phase.{b['phase']}", lang), "bold"),
        (f"   {_t('day', lang)} {label.get(b['day'], b['day'])}", "bold"),
        f" ({_t('pass', lang)} {b['pass']})" if lap else "",
        f"   {_t('morale', lang)} ",
        (str(b["morale"]), "bold reverse"),
        f" ({_t('minimum', lang)} ",
        (str(b["patrols_minimum"]), "bold red"),
        f" {_t('patrols', lang).lower()})   {_t('soldiers', lang)} ",
        (f"{b['soldiers']}/5", "bold red"),
    )
    track, counting = Text(), days[days["morale_marks"]]
    for day in range(16):
        style = "black on dark_orange" if day in counting else "dark_orange" if day in days["orange"] else ""
        if day == b["day"]:
            style = "bold black on bright_white"
        triangle = days["morale_marks"] == "triangle" and day in days["triangle"]
        cell = f" {label.get(day, day):>2}" + ("▴" if triangle else " ")
        track.append(cell, "grey42 strike" if day > b["last_day"] else style)
    track.append("  ")
    track.append(" ▴ " if days["morale_marks"] == "triangle" else "   ", "black on dark_orange")
    track.append(f" {_t('morale_mark', lang)}")
    if b["shot_today"]:
        track.append(f"   ✶ {_t('shot_today', lang)}", "red")
    lines = [line, track]
    if view.get("result"):
        won = view["result"]["returns"][0] > 0
        lines.append(Text(view["result"]["text"], "bold green" if won else "bold red"))
    return Panel(Group(*lines), title=f"[bold]{GAME.title}[/]", box=box.HEAVY)


class _Canvas:
    """A grid of styled characters."""

    def __init__(self, width: int) -> None:
        self.width, self.cells = width, [[(" ", "")] * width for _ in range(HEIGHT)]

    def put(self, row: int, col: int, text: Text | str, style: str = "") -> None:
        text = text if isinstance(text, Text) else Text(text, style)
        styles = [str(text.style)] * len(text)
        for span in text.spans:
            styles[span.start : span.end] = [str(span.style)] * (span.end - span.start)
        for i, (char, char_style) in enumerate(zip(text.plain, styles, strict=True)):
            if 0 <= row < HEIGHT and 0 <= col + i < self.width:
                self.cells[row][col + i] = (char, char_style)

    def line(self, a: tuple[int, int], b: tuple[int, int], char: str, style: str) -> None:
        """Bresenham's line between two (row, col) points."""
        (r0, c0), (r1, c1) = a, b
        dr, dc, sr, sc = -abs(r1 - r0), abs(c1 - c0), 1 if r0 < r1 else -1, 1 if c0 < c1 else -1
        err = dc + dr
        while True:
            self.put(r0, c0, char, style)
            if (r0, c0) == (r1, c1):
                return
            twice = 2 * err
            if twice >= dr:
                err, c0 = err + dr, c0 + sc
            if twice <= dc:
                err, r0 = err + dc, r0 + sr

    def text(self) -> Text:
        out = Text()
        for n, row in enumerate(self.cells):
            for style, run in groupby(row, key=lambda cell: cell[1]):
                out.append("".join(ch for ch, _ in run), style)
            out.append("\n" if n < HEIGHT - 1 else "")
        return out


def _cells(b: BoardView, lang: str, width: int) -> dict[str, tuple[Text, Text]]:
    """Each location's two lines on a map `width` columns wide: its name, and what stands there."""
    label, mission_label = min(14, width * 2 // 13), min(26, width * 2 // 7)
    missions = {m["slot"]: m for m in b["missions"]}
    cells = {}
    for loc in b["layout"]:
        kind = BOARD.locations[loc].kind
        name, style, longest = b["names"][loc], KIND_STYLE.get(kind, "bold"), label
        below = _pawn(b["pawns"][loc], lang) if loc in b["pawns"] else Text()
        if loc in b["workers"]["to_activate"]:
            below.append("*", "bold white")
        if kind == "mission_slot" and loc in missions:
            name, longest = b["names"][missions[loc]["id"]], mission_label
            below.append(" ✓" * missions[loc]["done"], "bold green")
        elif kind == "spare_room":
            tile = b["tiles"].get(loc)
            name, style = (b["names"][tile], f"bold {style}") if tile else (_t("spare", lang), style)
        elif kind == "field":
            for res, n in b["fields"][loc].items():
                below.append(f"{n}{_t('abbr.' + res, lang)} ", RESOURCE_STYLE[res])
        elif kind in ("safe_house", "cafe"):
            below.append("●" * b["workers"]["home" if kind == "safe_house" else "cafe"], "white")
        if loc in b["closed_locations"]:
            below.append("×", "bold red")  # Bomb for the Officer keeps it out of use
        if len(name) > longest:
            name = name[: longest - 1].rstrip() + "…"
        cells[loc] = (Text(name, style), below)
    return cells


class _Town:
    """The board, north up, drawn as wide as the terminal allows: locations at their schematic places and
    the roads between them; a closed road (a destroyed bridge, the parade route on a parade day) is drawn
    with red crosses."""

    def __init__(self, board: BoardView, lang: str) -> None:
        self.board, self.lang = board, lang

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield _draw_town(self.board, self.lang, min(WIDTH, options.max_width))


def _draw_town(b: BoardView, lang: str, width: int) -> Text:
    xs, ys = [p[0] for p in b["layout"].values()], [p[1] for p in b["layout"].values()]
    spot = {
        loc: (
            round((y - min(ys)) / (max(ys) - min(ys)) * (HEIGHT - 2)),
            round(MARGIN / 2 + (x - min(xs)) / (max(xs) - min(xs)) * (width - MARGIN)),
        )
        for loc, (x, y) in b["layout"].items()
    }
    canvas, cells = _Canvas(width), _cells(b, lang, width)
    closed = [sorted(r) for r in b["closed_roads"]]
    for one, two in b["roads"]:
        cut = sorted((one, two)) in closed
        canvas.line(spot[one], spot[two], "×" if cut else "·", "bold red" if cut else "grey42")
    for loc, (name, below) in cells.items():
        row, col = spot[loc]
        room = max(len(name), len(below)) + 2
        left = min(max(0, col - room // 2), width - room)
        for line, text in ((row, name), (row + 1, below)):
            canvas.put(line, left, " " * room)
            canvas.put(line, left + (room - len(text)) // 2, text)
    return canvas.text()


def _town(b: BoardView, lang: str) -> Panel:
    """The town map with its legend."""
    keys = [_pawn("w", lang), _pawn("m", lang), _pawn("s", lang), Text("*", "bold"), Text("×", "bold red")]
    words = ("worker", "milice", "soldier", "ready", "closed")
    legend = Text("  ").join(
        Text.assemble(k, " ", _t(word, lang)) for k, word in zip(keys, words, strict=True)
    )
    return Panel(_Town(b, lang), title=_t("town", lang), subtitle=legend, box=box.ROUNDED, padding=(0, 0))


def _counters(b: BoardView, lang: str) -> Table:
    """Resources held and left in the supply, the workers, and the patrol deck (rulebook §Componentes)."""
    resources = Table(box=None, padding=(0, 0, 0, 1), pad_edge=False, header_style="grey50")
    for header in ("", "", _t("held", lang), _t("supply", lang)):
        resources.add_column(header, no_wrap=True, justify="right" if header else "left")
    for res, held in b["resources"].items():
        style, name = RESOURCE_STYLE[res], GAME.catalog.text(f"res.{res}", lang)
        supply = Text(str(b["supply"][res]), "grey50")
        resources.add_row(Text("■", style), name, Text(str(held), style), supply)
    w = b["workers"]
    workers = Table.grid(padding=(0, 1))
    workers.add_column(no_wrap=True)
    for key in ("home", "cafe", "lost", "on_cards"):
        workers.add_row(_t(key, lang), Text(f"{w[key]} " + "●" * w[key], "grey50" if key == "lost" else ""))
    ready = ", ".join(b["names"][loc] for loc in w["to_activate"]) or "—"
    ready_line = Text.assemble(f"{_t('to_activate', lang)}: ", (ready, "bold"))
    patrols = Table.grid(padding=(0, 1))
    patrols.add_column(no_wrap=True)
    patrols.add_row(_t("deck", lang), Text(f"{b['patrol_deck']} " + "▮" * b["patrol_deck"], "bold"))
    patrols.add_row(_t("discard", lang), " ".join(map(str, b["patrol_discard"])) or "—")
    if b["patrol_top"]:
        patrols.add_row(_t("top", lang), " → ".join(b["names"][loc] for loc in b["patrol_top"]))
    table = Table(box=box.ROUNDED, expand=True, header_style="bold")
    for key in ("resources", "workers", "patrols"):
        table.add_column(_t(key, lang), ratio=1)
    table.add_row(resources, Group(workers, ready_line), patrols)
    return table


def _patrol_cards(b: BoardView, lang: str) -> Panel:
    """The ten patrol cards with their three locations in order (rulebook §Colocación de patrulla): the
    discard pile may be looked through at any time, so the cards still in the deck are known too."""
    gone = set(b["patrol_discard"])
    table = Table.grid(padding=(0, 2), expand=True)
    table.add_column(ratio=1)
    table.add_column(ratio=1)
    cells = []
    for card, locations in sorted(b["patrol_cards"].items(), key=lambda kv: int(kv[0])):
        route = " → ".join(b["names"][loc] for loc in locations)
        style = "grey50" if int(card) in gone else "bold"
        cells.append(Text.assemble((f"{card:>2} ", style), (route, style)))
    for left, right in zip(cells[::2], cells[1::2], strict=True):
        table.add_row(left, right)
    return Panel(table, title=_t("patrol_cards", lang), box=box.ROUNDED)


def _missions(b: BoardView, lang: str) -> Table:
    """The two mission cards: level, success boxes, marks (graffiti, double-agent visits), the Dark Lady
    (rulebook §Misiones); then destroyed bridges and the spare-room tiles still to build."""
    table = Table(box=box.ROUNDED, expand=True, header_style="bold", caption_justify="left")
    for key in ("mission", "level", "success", "marks", "state"):
        table.add_column(_t(key, lang), ratio=1 if key == "marks" else None, no_wrap=key == "mission")
    for m in b["missions"]:
        state = Text()
        if m["done"]:
            state.append(f"✓ {_t('done', lang)}", "bold green")
        elif m["worker_on_card"]:
            state.append_text(_pawn("w", lang) + f" {_t('on_card', lang)}")
        elif m["dark_lady"]:
            state.append(f"{_t('dark_lady', lang)}: {b['names'][m['dark_lady']]}", "magenta")
        boxes = Text("■" * m["boxes"], "bold green") + Text("□" * (m["boxes_total"] - m["boxes"]), "grey50")
        seen = ", ".join(b["names"][loc] for loc in m["marks"])
        marks = f"{len(m['marks'])}: {seen}" if seen else ""
        table.add_row(Text(b["names"][m["id"]], "bold yellow"), str(m["level"]), boxes, marks, state)
    notes = []
    if b["bridges_destroyed"]:
        bridges = ", ".join(GAME.catalog.text(f"target.{x}", lang) for x in b["bridges_destroyed"])
        notes.append(f"{_t('bridges', lang)}: {bridges}")
    notes.append(f"{_t('tiles_left', lang)}: " + (", ".join(b["names"][t] for t in b["tiles_left"]) or "—"))
    table.caption = "\n".join(notes)
    return table
