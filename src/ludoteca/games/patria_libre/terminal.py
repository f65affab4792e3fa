"""Patria Libre in a terminal: a position drawn with Rich for `ludoteca play patria-libre`.

Everything shown comes from `state.view(role, lang)` (DESIGN §2): the map region by region (control,
forces, forts, orders), the players' areas (coins, popularity, orders, cards), the market and the supply
line, and the VP track.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ludoteca.games.patria_libre import GAME
from ludoteca.games.patria_libre.board import BOARD, COLUMNS
from ludoteca.games.patria_libre.view import BoardView, CardView

SIDE_STYLE = {"insurgent": "bold yellow", "royalist": "bold cyan", "military": "bold magenta"}
COLOUR_STYLE = {"yellow": "yellow", "blue": "cyan", "violet": "magenta"}
TROOP = ("", "I", "C", "A")  # infantry, cavalry, artillery


def render(view: dict[str, Any], lang: str) -> RenderableType:
    b: BoardView = view["board"]
    return Group(_header(view, lang), _map(b, lang), _players(b, lang), _market(b, lang), _texts(view, lang))


def _t(key: str, lang: str, **params: Any) -> str:
    return GAME.catalog.text(key, lang, params)


def _who(b: BoardView, role: str) -> Text:
    return Text(b["names"][role], SIDE_STYLE.get(b["sides"].get(role, ""), ""))


def _symbols(card: CardView) -> str:
    return "·".join(str(x) for x in (*card["numbers"], *card["letters"]))


def _texts(view: dict[str, Any], lang: str) -> Table:
    """What the market's cards and the hand of the player on the move (or the viewer) do: numbers and
    letters for matching, and the card's text."""
    b: BoardView = view["board"]
    reader = view["role"] if view["role"] in b["players"] else b["turn"]
    table = Table(box=box.SIMPLE, show_header=False, expand=False, pad_edge=False)
    table.add_column(style="bold")
    table.add_column()
    table.add_column(style="dim")
    table.add_column()
    rows = [(f"[{m['price']}]", m["card"]) for m in b["market"]]
    rows += [(b["names"][reader], c) for c in b["players"][reader]["area"]]
    for where, card in rows:
        info = b["cards"][card]
        name = Text(b["names"][card], COLOUR_STYLE.get(info["colour"], ""))
        table.add_row(
            where, name, _symbols(info), info["text"] if info["text"] != f"card.{card}.text" else ""
        )
    return table


def _header(view: dict[str, Any], lang: str) -> Text:
    b: BoardView = view["board"]
    line = Text.assemble(
        ("Patria Libre  ", "bold"),
        (f"{_t('side.insurgent', lang)} {b['vp']['insurgent']} PV", SIDE_STYLE["insurgent"]),
        "  ·  ",
        (f"{_t('side.royalist', lang)} {b['vp']['royalist']} PV", SIDE_STYLE["royalist"]),
        f"  ·  S/PV {len(b['spv_done'])}/5  ·  ",
        _who(b, b["turn"]),
    )
    return line


def _map(b: BoardView, lang: str) -> Table:
    """One row per province, grouped by region: icons, control, each player's force and pieces, fort,
    orders (with the card on each)."""
    table = Table(box=box.SIMPLE_HEAD, expand=False, pad_edge=False)
    for head in (
        "",
        "★",
        "",
        _t("word.control", lang),
        _t("word.forces", lang),
        _t("word.fort", lang),
        _t("word.orders", lang),
    ):
        table.add_column(head)
    for region, provinces in BOARD.regions.items():
        dominated = b["dominated"].get(region)
        title = Text(f"{_t(f'region.{region}', lang)}", "bold underline")
        if dominated:
            title.append(f"  ({_t('word.dominated', lang)}: {b['names'][dominated]})", "italic")
        table.add_row(title, "", "", "", "", "", "")
        for p in provinces:
            info = b["provinces"][p]
            marks = ("⚑" if info["flag"] else "") + ("$" if info["mine"] else "")
            flag_style = SIDE_STYLE.get(info["flag"], "")
            forces = Text()
            for role, f in info["force"].items():
                pieces = TROOP[info["troops"].get(role, 0)] + ("L" if role in info["leaders"] else "")
                forces.append_text(_who(b, role))
                forces.append(f" {pieces}={f}  ")
            fort = info["fort"]
            fort_text = (
                ""
                if not fort
                else ("½" if fort[0] == 1 else "■") + (f" {b['names'][fort[1]]}" if fort[1] else "")
            )
            orders = Text()
            for o in info["orders"]:
                orders.append_text(_who(b, o["role"]))
                orders.append(
                    ":" + (b["names"][o["card"]] if o["card"] else _t(f"face.{o['face']}", lang)) + "  "
                )
            control = _who(b, info["control"]) if info["control"] else Text("—", "dim")
            table.add_row(
                "  " + b["names"][p],
                "★" * info["stars"],
                Text(marks, flag_style),
                control,
                forces,
                fort_text,
                orders,
            )
    return table


def _players(b: BoardView, lang: str) -> Table:
    table = Table(box=box.SIMPLE_HEAD, expand=False)
    table.add_column(_t("word.player", lang))
    table.add_column("$")
    for c in COLUMNS:
        table.add_column(_t(f"column.{c}", lang))
    table.add_column(_t("word.orders", lang))
    table.add_column(_t("word.cards", lang))
    for role in b["seats"]:
        p = b["players"][role]
        pop = [f"{m:+d} ({pend:+d})" for m, pend in (p["popularity"][c] for c in COLUMNS)]
        orders = ", ".join(
            _t(f"face.{o['face']}", lang) + (f"@{b['names'][o['on']]}" if o["on"] else "")
            for o in p["orders"]
        )
        cards = ", ".join(b["names"][c] + (" ⛓" if c in b["prisoners"] else "") for c in p["area"])
        table.add_row(_who(b, role), str(p["coins"]), *pop, orders, cards)
    return table


def _market(b: BoardView, lang: str) -> Panel:
    market = "  ".join(f"[{m['price']}] {b['names'][m['card']]}" for m in b["market"])
    line = []
    for item in b["line"]:
        if "spv" in item:
            line.append(f"S/PV {b['names'][item['spv']]}")
        else:
            top = b["names"][item["top"]] if item["top"] else "?"
            line.append(f"{item['pile']}×{item['count']} ({top})")
    body = Text.assemble(
        (_t("word.market", lang) + ": ", "bold"),
        market,
        "\n",
        (_t("word.line", lang) + ": ", "bold"),
        " · ".join(line),
    )
    return Panel(body, box=box.ROUNDED)
