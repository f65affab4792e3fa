"""Pax Porfiriana in a terminal: a position drawn with Rich for `ludoteca play pax-porfiriana`.

Everything shown comes from `state.view(role, lang)` (DESIGN §2): the regime and its values, the
Tripartite each player faces, bulls and bears, the deck's size; the market by price column; each player's
tableau (Hacendado, enterprises and partners with their cubes, unrest and troops, private army, prestige
pile, prestige by type, gold, free cubes); the reader's hand; and the full text of every card in the market
and in the reader's hand.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ludoteca.games.pax_porfiriana import PaxPorfiriana
from ludoteca.games.pax_porfiriana.board import CARDS, HACENDADOS, PRESTIGE_TYPES, PUBLIC_CARDS, TOPPLES
from ludoteca.games.pax_porfiriana.position import HacendadoState, InPlay
from ludoteca.games.pax_porfiriana.view import BoardView

CATALOG = PaxPorfiriana.catalog
SEAT_STYLE = ("bold red", "bold blue", "bold green", "bold white", "bold magenta", "bold yellow")
TYPE_STYLE = {
    "enterprise": "green",
    "partner": "cyan",
    "troop": "magenta",
    "orange": "dark_orange",
    "black": "bold white on grey23",
    "headline": "yellow",
    "topple": "bold red",
}


def render(view: dict[str, Any], lang: str) -> RenderableType:
    board: BoardView = view["board"]
    role: str | None = view["role"]
    reader = role if role in board["players"] else None
    parts: list[RenderableType] = [_header(board, lang), _market(board, lang), _players(board, lang)]
    if board["solo"] and board["diaz"]:
        parts.append(_diaz(board, lang))
    if reader is not None and "hand" in board["players"][reader]:
        parts.append(_hand(board["players"][reader]["hand"], lang))
    parts.append(_texts(board, reader, lang))
    return Group(*parts)


def _t(key: str, lang: str, **params: Any) -> str:
    return CATALOG.text(key, lang, params)


def name(card: str, lang: str) -> str:
    return CATALOG.text(f"card.{card}.name", lang)


def kind_of(card: str) -> str:
    """The card's type for its colour: a market card's type, or topple."""
    if card in TOPPLES:
        return "topple"
    return CARDS[card].type if card in CARDS else ""


def _who(role: str, lang: str) -> Text:
    index = int(role.rpartition("-")[2]) - 1
    return Text(_t(f"role.{role}", lang), SEAT_STYLE[index % len(SEAT_STYLE)])


def _card(card: str, lang: str) -> Text:
    return Text(name(card, lang), TYPE_STYLE.get(kind_of(card), ""))


def _header(board: BoardView, lang: str) -> Group:
    regime = board["regime"]
    kind = _t(f"prestige.{board['prestige_counts']}", lang)
    first = Text.assemble(
        ("Pax Porfiriana  ", "bold"),
        (f"{_t('board.regime', lang)}: {_t(f'regime.{regime}', lang)}", "bold"),
        f" ({_t('board.counts', lang, kind=kind)}; {_t('board.values', lang, **board['regime_values'])})",
    )
    if board["depression"]:
        first.append("  " + _t("board.depression", lang), "bold red")
    icon, count = board["run"]
    run = _t("board.run", lang, n=count, icon=_t(f"icon.{icon}", lang)) if icon else _t("board.no_run", lang)
    second = Text(
        " · ".join(
            [
                _t("board.deck", lang, n=board["deck"]),
                _t("board.topples", lang, n=board["topples_done"], total=board["topples_total"]),
                run,
                _t("board.discard", lang, n=len(board["discard"])),
            ]
        )
    )
    third = Text.assemble(
        _who(board["turn"], lang), f" · {_t('board.actions_left', lang, n=board['actions_left'])}"
    )
    if board["banned"]:
        factions = ", ".join(_t(f"faction.{faction}", lang) for faction in board["banned"])
        third.append(" · " + _t("board.banned", lang, list=factions), "italic")
    standing = Text(f"{_t('board.tripartite', lang)} ({kind}): ", "bold")
    standing.append(
        " · ".join(
            _t(
                "board.standing",
                lang,
                who=f"@role.{role}",
                n=board["players"][role]["prestige"][board["prestige_counts"]],
                against=against,
            )
            for role, against in board["tripartite"].items()
        )
    )
    public = Text(f"{_t('board.public', lang)}: ", "bold")
    public.append(
        " · ".join(
            _t("board.public_owned", lang, card=f"@card.{card}.name", who=f"@role.jugador-{owner + 1}")
            if owner is not None and owner >= 0
            else _t("board.public_free", lang, card=f"@card.{card}.name", n=PUBLIC_CARDS[card].cost)
            for card, owner in board["public"].items()
            if owner is None or owner >= 0
        )
    )
    return Group(first, second, third, standing, public)


def _market(board: BoardView, lang: str) -> Table:
    """Two rows by six columns, each column headed by its price; a Speculation cube's owner under the
    card."""
    table = Table(title=_t("board.market", lang), box=box.SIMPLE_HEAD, expand=False, title_justify="left")
    prices = [slot["price"] for slot in board["market"][0]]
    for price in prices:
        table.add_column(_t("board.price", lang, n=price), overflow="fold", max_width=22)
    for row in board["market"]:
        cells = []
        for slot in row:
            if slot["card"] is None:
                cells.append(Text(_t("board.empty", lang), "dim"))
                continue
            cell = _card(slot["card"], lang)
            if slot["speculator"] is not None:
                cell.append(
                    "\n" + _t("board.speculator", lang, who=f"@role.jugador-{slot['speculator'] + 1}")
                )
            cells.append(cell)
        table.add_row(*cells)
    return table


def _in_play(entry: InPlay, lang: str) -> Text:
    """A card of a row: its name and, in brackets, its cubes, unrest and troop."""
    text = _card(entry["id"], lang)
    notes = []
    if entry["income"]:
        notes.append(_t("board.income", lang, n=entry["income"]))
    if entry["conn"] is not None:
        notes.append(_t("board.connection", lang, who=f"@role.jugador-{entry['conn'] + 1}"))
    if entry["pcube"]:
        notes.append(_t("board.prestige_cube", lang))
    troop = entry["troop"]
    if troop is not None:
        words = _t(
            "board.troop", lang, card=f"@card.{troop['id']}.name", who=f"@role.jugador-{troop['owner'] + 1}"
        )
        notes.append(words + (f", {_t('board.extortion', lang)}" if troop["extort"] else ""))
    if notes:
        text.append(f" [{'; '.join(notes)}]", "dim")
    if entry["unrest"]:
        text.append(" " + _t("board.unrest", lang, n=entry["unrest"]), "bold red")
    return text


def _hacendado(hacendado: HacendadoState, lang: str) -> Text:
    if not hacendado["id"]:
        return Text(_t("board.empty", lang), "dim")
    text = Text(name(hacendado["id"], lang), "bold")
    if hacendado["side"] < 0:
        text.append(f" ({_t('board.loyalist', lang)}; {_t('board.income', lang, n=hacendado['income'])})")
    else:
        faction = HACENDADOS[hacendado["id"]].orientations[hacendado["side"]].faction
        text.append(f" ({_t('board.partner_side', lang, faction=f'@faction.{faction}')})")
    if hacendado["dead"]:
        text.append(f" {_t('board.dead', lang)}", "red")
    if hacendado["army"]:
        army = " · ".join(name(t, lang) for t in hacendado["army"])
        text.append(f"\n{_t('board.army', lang)}: {army}", "magenta")
    return text


def _players(board: BoardView, lang: str) -> Table:
    """One row per seat: the seat with its gold, free cubes and hand size; the Hacendado; prestige by type;
    the row and the prestige pile."""
    table = Table(box=box.SIMPLE_HEAD, expand=True, show_lines=True)
    table.add_column("", no_wrap=True)
    table.add_column(_t("board.hacendado", lang), ratio=2, min_width=16, overflow="fold")
    table.add_column(_t("board.prestige", lang), no_wrap=True)
    table.add_column(_t("board.row", lang), ratio=4, overflow="fold")
    for role in board["seats"]:
        player = board["players"][role]
        who = _who(role, lang)
        if role == board["turn"]:
            who.append(" ◀")
        if player["jailed"]:
            who.append("\n" + _t("board.jailed", lang), "bold red")
        who.append(f"\n{_t('board.gold', lang)} {player['gold']}", "bold")
        who.append(f"\n{_t('board.cubes', lang)} {player['cubes']}")
        who.append("\n" + _t("board.hand_size", lang, n=player["hand_size"]), "dim")
        prestige = Text(
            "\n".join(f"{_t(f'prestige.{kind}', lang)} {player['prestige'][kind]}" for kind in PRESTIGE_TYPES)
        )
        row = Text("\n").join(_in_play(entry, lang) for entry in player["row"])
        if player["pile"]:
            row.append(
                f"\n{_t('board.pile', lang)}: " + " · ".join(name(c, lang) for c in player["pile"]), "italic"
            )
        table.add_row(who, _hacendado(player["hacendado"], lang), prestige, row)
    return table


def _diaz(board: BoardView, lang: str) -> Text:
    text = Text(f"{_t('board.diaz_row', lang)}: ", "bold")
    text.append(" · ".join(name(card, lang) for card in board["diaz"]))
    return text


def _hand(hand: list[str], lang: str) -> Text:
    text = Text(f"{_t('board.hand', lang)}: ", "bold")
    text.append_text(
        Text(" · ").join(_card(card, lang) for card in hand) if hand else Text(_t("board.empty", lang))
    )
    return text


def _texts(board: BoardView, reader: str | None, lang: str) -> Table:
    """The whole text of every card in the market and in the reader's hand, of the regime and of the
    Hacendados in play (no truncation: Rich folds long lines)."""
    table = Table(title=_t("board.texts", lang), box=box.SIMPLE, show_header=False, title_justify="left")
    table.add_column(style="bold", no_wrap=True)
    table.add_column(ratio=1, overflow="fold")
    table.add_column(ratio=3, overflow="fold")
    rows = [
        (_t("board.price", lang, n=slot["price"]), slot["card"])
        for row in board["market"]
        for slot in row
        if slot["card"] is not None
    ]
    if reader is not None:
        rows += [(_t("board.hand", lang), card) for card in board["players"][reader].get("hand", [])]
    rows.append((_t("board.regime", lang), board["regime"]))
    rows += [
        (_t(f"role.{role}", lang), board["players"][role]["hacendado"]["id"])
        for role in board["seats"]
        if board["players"][role]["hacendado"]["id"]
    ]
    for where, card in rows:
        table.add_row(where, _card(card, lang), CATALOG.text(f"card.{card}.text", lang))
    return table
