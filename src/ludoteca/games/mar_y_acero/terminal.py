"""Mar y Acero in a terminal: a position drawn with Rich for `ludoteca play mar-y-acero`.

Everything shown comes from `state.view(role, lang)` (DESIGN §2). The 15 areas are drawn as the ring they
form (§4.2: 1 next to 2 … 15 next to 1) around the tracks and the destiny card in force; below, the hand of
the player who is looking, the cards played and the bags.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ludoteca.games.mar_y_acero import GAME
from ludoteca.games.mar_y_acero.board import BOARD
from ludoteca.games.mar_y_acero.view import AreaView, BoardView

STYLE = {"soldier": "bold yellow", "settler": "red", "taino": "green", "caribe": "blue", "rebel": "grey62"}
LEADER_STYLE = {"es": "bold yellow reverse", "ind": "bold green reverse"}


def _t(key: str, lang: str) -> str:
    return GAME.catalog.text(f"term.{key}", lang)


def render(view: dict[str, Any], lang: str) -> RenderableType:
    board: BoardView = view["board"]
    return Group(_ring(board, lang), _cards(view, lang))


def _piece(k: str, fac: str, lang: str) -> Text:
    kind, _, reduced = k.partition(".")
    spec = BOARD.kinds[kind]
    name = GAME.catalog.text(f"kind.{kind}", lang)
    short = name if spec.leader else name[:4]
    style = LEADER_STYLE[fac] if spec.leader else STYLE[spec.bag]
    if reduced:
        return Text(short.lower() + "·", style.replace("bold ", "") + " dim")
    return Text(short, style)


def _area(area: AreaView, lang: str) -> Panel:
    """One area: its number and name, value, jungle, fortifications, and the pieces of each side."""
    title = Text.assemble((f"{area['id']} ", "bold"), area["name"])
    marks = Text()
    marks.append(
        f"{area['value']}PV " if lang == "es" else f"{area['value']}VP ", "bold" if area["value"] == 2 else ""
    )
    if area["scroll"]:
        marks.append(f"({_t('scroll', lang)}) ", "grey50")
    if area["jungle"]:
        marks.append(_t("jungle", lang) + " ", "green")
    if area["palisade"]:
        marks.append("▥ " + _t("palisade", lang), "yellow")
    if area["citadel"]:
        marks.append("■ " + _t("citadel", lang), "bold yellow")
    lines = [marks]
    for fac in ("es", "ind"):
        if area[fac]:
            lines.append(Text(" ").join(_piece(k, fac, lang) for k in area[fac]))
    border = "yellow" if area["control"] == "es" else "green"
    if area["activated"]:
        border = "bold magenta"
    return Panel(Group(*lines), title=title, title_align="left", border_style=border, box=box.ROUNDED)


def _centre(board: BoardView, lang: str) -> list[RenderableType]:
    """The tracks (turn, VP, Royal Support, impulses, the Gracia Divina/Yaya marker) and the destiny card."""
    phase = GAME.catalog.text(f"phase.{board['phase']}", lang)
    grace = GAME.catalog.text(f"grace.{board['grace']['face']}", lang)
    tracks = Text.assemble(
        (f"{_t('turn', lang)} {board['turn']}/6 · {phase}\n", "bold"),
        (f"{_t('vp', lang)} {board['vp']}", "bold yellow"),
        f" (15) · {_t('rs', lang)} {board['royal_support']}\n",
        f"{_t('impulses', lang)}: ",
        (f"{board['impulses']['ind']}", "green"),
        " / ",
        (f"{board['impulses']['es']}", "yellow"),
        f"\n{_t('grace', lang)}: {grace} ({_t(board['grace']['box'], lang)})",
    )
    destiny: RenderableType = Text(_t("none", lang))
    if board["destiny"] is not None:
        card = board["destiny"]
        flags = [_t(k, lang) for k in ("naval", "conflict") if board["flags"][k]]
        destiny = Text.assemble(
            (f"{card} · {GAME.catalog.text(f'card.{card}', lang)}\n", "bold"),
            (board["destiny_text"] or "", ""),
            ("\n" + ", ".join(flags) if flags else "", "bold red"),
        )
    if board["nitayno_card"] is not None:  # solo: the Nitayno card of the turn (§5.3.2)
        card = board["nitayno_card"]
        destiny = Group(
            destiny,
            Text.assemble(
                (f"\n{GAME.catalog.text(f'nitayno.card.{card}', lang)}\n", "bold green"),
                board["nitayno_text"] or "",
            ),
        )
    colon = _t(board["colon"] if board["colon"] != "map" else "on_map", lang)
    leaders = Text(f"{_t('colon', lang)}: {colon}")
    if board["testament"] is not None:
        leaders.append(f" · {_t('testament', lang)} {board['testament']:+d}")
    return [
        Panel(tracks, box=box.SIMPLE),
        Panel(destiny, title=_t("destiny", lang), box=box.ROUNDED, border_style="cyan"),
        Panel(leaders, box=box.SIMPLE),
    ]


def _ring(board: BoardView, lang: str) -> Group:
    """Three bands: areas 1–5 on top; 15, 14 | the centre | 6, 7, 8 in the middle; 13–9 at the bottom."""
    areas = {area["id"]: _area(area, lang) for area in board["areas"]}

    def band(ids: list[int]) -> Table:
        table = Table.grid(expand=True)
        for _ in ids:
            table.add_column(ratio=1)
        table.add_row(*(areas[i] for i in ids))
        return table

    middle = Table.grid(expand=True)
    for ratio in (1, 3, 1):
        middle.add_column(ratio=ratio)
    centre = _centre(board, lang)
    middle.add_row(Text(""), centre[0], areas[6])
    middle.add_row(areas[15], centre[1], areas[7])
    middle.add_row(areas[14], centre[2], areas[8])
    return Group(band([1, 2, 3, 4, 5]), middle, band([13, 12, 11, 10, 9]))


def _cards(view: dict[str, Any], lang: str) -> Table:
    """The looking player's hand (the other side's is only a count), the cards played, and the bags."""
    board: BoardView = view["board"]
    table = Table(box=box.ROUNDED, expand=True, header_style="bold")
    table.add_column(_t("hand", lang), ratio=2)
    table.add_column(_t("played", lang), ratio=2)
    table.add_column(_t("bags", lang), ratio=1)
    hand = Text()
    for fac in ("es", "ind"):
        cards = board["hands"][fac]
        name = GAME.catalog.text(f"side.{fac}", lang)
        if isinstance(cards, list):
            listed = ", ".join(f"{c} {GAME.catalog.text(f'card.{c}', lang)}" for c in cards)
            hand.append(f"{name}: {listed or '—'}\n", "bold")
        else:
            hand.append(f"{name}: {cards} {_t('cards', lang)}\n", "grey50")
        if board["committed"][fac]:
            hand.append(f"  {name} {_t('committed', lang)}\n", "italic")
    played = Text()
    for fac in ("ind", "es"):
        name = GAME.catalog.text(f"side.{fac}", lang)
        listed = ", ".join(f"{c} {GAME.catalog.text(f'card.{c}', lang)}" for c in board["played"][fac])
        played.append(f"{name}: {listed or '—'}\n")
    bags = Text()
    for bag, n in board["bags"].items():
        bags.append(f"{GAME.catalog.text(f'bag.{bag}', lang)} {n}\n", STYLE[bag])
    table.add_row(hand, played, bags)
    return table
