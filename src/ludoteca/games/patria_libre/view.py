"""What a player sees of a Patria Libre position: the board view and the observation tensor.

Everything is public (§Configuración: «todos los elementos de los jugadores son públicos» — cards, coins
and orders lie open in each player's area); only the supply line's cards below each pile's top are
unknown, and the state never stores them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict, final

from ludoteca.core.observation import Observation, SectionMemo
from ludoteca.games.patria_libre.board import BOARD, COLUMNS, ROLES
from ludoteca.games.patria_libre.market import PRICES
from ludoteca.games.patria_libre.position import Position

if TYPE_CHECKING:
    from ludoteca.games.patria_libre.state import PatriaState

CARDS = list(BOARD.cards)
CARD_SLOTS = ("market", "line", "discard", "spv_done", "placed", *ROLES)
"""Where a card may be (`card_entries`): the observation's one-hot per card."""


class OrderView(TypedDict):
    """An order token in a player's area: its number, the face up and the hidden one, where it lies."""

    token: int
    face: str
    hidden: str
    on: str | None


class PlayerView(TypedDict):
    side: str
    coins: int
    popularity: dict[str, list[int]]
    """``[marker, pendulum]`` by column."""
    orders: list[OrderView]
    area: list[str]
    leader: str | None
    wiped: bool
    reorganized_last: bool


class PlacedView(TypedDict):
    """An order on a province: who placed it, its face, the card played on it."""

    role: str
    face: str
    card: str | None


class ProvinceView(TypedDict):
    region: str
    stars: int
    mine: bool
    flag: str
    troops: dict[str, int]
    leaders: list[str]
    fort: list[Any] | None
    """``[1 (half) or 2 (complete), owner or None]``."""
    orders: list[PlacedView]
    force: dict[str, int]
    control: str | None
    adjacent: list[str]


class MarketView(TypedDict):
    card: str
    price: int


@final
class SpvView(TypedDict):
    spv: str


@final
class PileView(TypedDict):
    pile: str
    count: int
    top: str | None


class CardView(TypedDict):
    type: str
    colour: str
    numbers: list[Any]
    letters: list[Any]
    text: str


class BoardView(TypedDict):
    """The board part of a Patria Libre view (`board_view`), as the terminal and the browser read it."""

    seats: list[str]
    turn: str
    sides: dict[str, str]
    solo: str | None
    vp: dict[str, int]
    provinces: dict[str, ProvinceView]
    players: dict[str, PlayerView]
    market: list[MarketView]
    line: list[SpvView | PileView]
    spv_done: list[str]
    spv_left: int
    discard: list[str]
    forts_built: int
    dominated: dict[str, str]
    prisoners: dict[str, str]
    extra: dict[str, Any]
    """The military faction's and the personality deck's keys, as the position holds them."""
    cards: dict[str, CardView]
    names: dict[str, str]


def board_view(state: PatriaState, role: int | None, lang: str) -> BoardView:
    d = state.d
    seats = d["seats"]
    leaders: dict[str, list[str]] = {}  # the leader tokens by province
    for r in seats:
        if (at := d["leaders"].get(r)) is not None:
            leaders.setdefault(at, []).append(r)
    return {
        "seats": list(seats),
        "turn": seats[d["turn"]],
        "sides": dict(d["side"]),
        "solo": state.solo_seat(),
        "vp": dict(d["vp"]),
        "provinces": {p: _province(state, p, leaders.get(p, ())) for p in BOARD.ids},
        "players": {
            r: {
                "side": d["side"][r],
                "coins": d["coins"][r],
                "popularity": {c: list(d["pop"][r][c]) for c in COLUMNS},
                "orders": [
                    {
                        "token": k + 1,
                        "face": BOARD.tokens[k][up],
                        "hidden": BOARD.tokens[k][1 - up],
                        "on": where,
                    }
                    for k, (up, where) in enumerate(d["tokens"][r])
                ],
                "area": list(d["area"][r]),
                "leader": d["leaders"].get(r),
                "wiped": d["wiped"][r],
                "reorganized_last": d["last_reorg"][r],
            }
            for r in seats
        },
        "market": [{"card": c, "price": PRICES[i]} for i, c in enumerate(d["market"])],
        "line": [
            {"spv": item[1]} if item[0] == "spv" else {"pile": item[1], "count": item[2], "top": item[3]}
            for item in d["line"]
        ],
        "spv_done": list(d["spv_done"]),
        "spv_left": SPV_CARDS - len(d["spv_done"]),
        "discard": list(d["discard"]),
        "forts_built": d["forts_built"],
        "dominated": dict(d["dominated"]),
        "prisoners": dict(d["captured_from"]),
        "extra": {k: v for k, v in d.items() if k.startswith(("mil_", "pers_"))},
        "cards": {c: _card(state, c, lang) for c in _shown(d)},
        "names": names(state, lang),
    }


PROVINCES = {
    p: (province.region, province.stars, province.mine, province.flag, tuple(BOARD.adjacent[p]))
    for p, province in BOARD.provinces.items()
}
SPV_CARDS = len(BOARD.spv)
"""Each province's printed data, and how many SPV cards there are, looked up once (issue 26)."""


def _province(state: PatriaState, p: str, here: list[str] | tuple[()]) -> ProvinceView:
    """What a player sees of province `p`, where the leader tokens `here` stand: its printed data, troops,
    leaders, fort, orders, each present player's force (§Fuerza) and its controller (§Control)."""
    d = state.d
    region, stars, mine, flag, adjacent = PROVINCES[p]
    troops = d["troops"][p]
    fort = d["forts"].get(p)
    holder = fort[1] if fort and fort[0] == 2 else None
    force = {}
    for r in d["seats"]:  # `state.force` of each present player (§Presencia), inlined
        if r in troops or r in here:
            force[r] = troops.get(r, 0) + (r in here) + (holder == r)
    tokens = d["tokens"]
    return {
        "region": region,
        "stars": stars,
        "mine": mine,
        "flag": flag,
        "troops": dict(troops),
        "leaders": list(here),
        "fort": fort,
        "orders": [
            {"role": who, "face": BOARD.tokens[k][tokens[who][k][0]], "card": card}
            for who, k, card in d["placed"][p]
        ],
        "force": force,
        "control": state.controller(p),
        "adjacent": list(adjacent),
    }


_NAMES: dict[str, dict[str, str]] = {}


def names(state: PatriaState, lang: str) -> dict[str, str]:
    """Every province, card and role named in `lang` (computed once per language)."""
    if lang not in _NAMES:
        catalog = state.game.catalog
        _NAMES[lang] = {
            **{p: catalog.text(f"province.{p}", lang) for p in BOARD.ids},
            **{c: catalog.text(f"card.{c}.name", lang) for c in CARDS},
            **{r: catalog.text(f"role.{r}", lang) for r in ROLES},
        }
    return dict(_NAMES[lang])


def _shown(d: Position) -> list[str]:
    """The cards a player may want to read now: the market, the piles' tops, the areas and the map."""
    cards = list(d["market"])
    cards += [item[3] for item in d["line"] if item[0] == "pile" and item[3]]
    cards += [c for area in d["area"].values() for c in area]
    cards += [c for stack in d["placed"].values() for _, _, c in stack if c]
    return cards


def _card(state: PatriaState, card: str, lang: str) -> CardView:
    known = _CARDS.get((card, lang))
    if known is None:  # a card's printed data and text, looked up once per language (like `names`)
        data = BOARD.cards[card]
        known = _CARDS[card, lang] = (
            data["type"],
            data.get("colour", ""),
            tuple(data.get("numbers", [])),
            tuple(data.get("letters", [])),
            state.game.catalog.text(f"card.{card}.text", lang),
        )
    kind, colour, numbers, letters, text = known
    return {"type": kind, "colour": colour, "numbers": list(numbers), "letters": list(letters), "text": text}


_CARDS: dict[tuple[str, str], tuple[str, str, tuple[Any, ...], tuple[Any, ...], str]] = {}


REFERENCE = {
    "card": "@card.{}.name",
    "sell": "@card.{}.name",
    "eliminate": "@card.{}.name",
    "ransom": "@card.{}.name",
    "discard": "@card.{}.name",
    "draw": "@card.{}.name",
    "at": "@province.{}",
    "abandon": "@province.{}",
    "order": "@face.{}",
    "face": "@face.{}",
    "target": "@role.{}",
    "pop": "@column.{}",
    "supply": "@word.{}",
    "pay": "@word.{}",
    "move": "@word.{}",
    "favour": "@side.{}",
}


def action_label(state: PatriaState, action: int, lang: str) -> str:
    """The action in the reader's words; a market space by the card lying there and its price (§Comprar
    carta), so a buyer need not look for which card space 3 holds."""
    verb, _, what = state.game.actions.names[action].partition(" ")
    market = state.d["market"]
    if verb == "slot" and int(what) <= len(market):
        card, price = market[int(what) - 1], PRICES[int(what) - 1]
        params = {"target": what, "card": f"@card.{card}.name", "price": price}
        return state.game.catalog.text("action.slot_card", lang, params)
    ref = REFERENCE.get(verb, "{}").format(what)
    if verb == "supply" and what in COLUMNS:
        ref = f"@column.{what}"
    return state.game.catalog.text(f"action.{verb}", lang, {"target": ref})


MAP_ENTRIES = ("troop", "leader", "fort_owner", "orders")
MAP_NAMES = tuple(
    name for p in BOARD.ids for name in (f"fort[{p}]", *(f"{e}[{p},{r}]" for r in ROLES for e in MAP_ENTRIES))
)
ROLE_NAMES = tuple(
    name
    for r in ROLES
    for name in (
        f"seated[{r}]",
        f"coins[{r}]",
        *(name for c in COLUMNS for name in (f"marker[{r},{c}]", f"pendulum[{r},{c}]")),
        *(
            name
            for k in range(1, len(BOARD.tokens) + 1)
            for name in (f"token_flipped[{r},{k}]", f"token_placed[{r},{k}]")
        ),
        f"to_move[{r}]",
    )
)
CARD_NAMES = tuple(f"card[{c}][{slot}]" for c in CARDS for slot in CARD_SLOTS)
LAST_NAMES = ("vp[insurgent]", "vp[royalist]", "spv_done")
"""The observation's names, made once (issue 26: naming each entry at every observation cost most of
it); the roles' rows, one after the other, are written at once, and so are the last entries."""
UNSEATED = (
    0.0,
    0.0,
    *((0 - BOARD.bottom) / (BOARD.top - BOARD.bottom),) * (2 * len(COLUMNS)),
    *(0.0,) * (2 * len(BOARD.tokens)),
    0.0,
)
"""The entries of a role not seated: markers and pendulums at 0 on the track, no coins or tokens."""
PROVINCE_AT = {p: at * (1 + len(ROLES) * len(MAP_ENTRIES)) for at, p in enumerate(BOARD.ids)}
ROLE_AT = {r: 1 + at * len(MAP_ENTRIES) for at, r in enumerate(ROLES)}
ENTRY_AT = {
    entry: {p: {r: PROVINCE_AT[p] + ROLE_AT[r] + offset for r in ROLES} for p in BOARD.ids}
    for offset, entry in enumerate(MAP_ENTRIES)
}
"""Where each province's entries start (its fort's level), and by entry (`MAP_ENTRIES`), province and
role, where that entry is: the observation writes only what is on the map (a sparse section, issue 26)."""
CARD_AT = {c: at * len(CARD_SLOTS) for at, c in enumerate(CARDS)}
SLOT_AT = {slot: at for at, slot in enumerate(CARD_SLOTS)}
CARD_IN = {slot: {c: CARD_AT[c] + at for c in CARDS} for slot, at in SLOT_AT.items()}
"""Where each card's one-hot starts, each place within it, and by place, the entry of each card there:
the observation writes only the cards revealed (a sparse section, issue 26)."""
TRACK_SPAN = BOARD.top - BOARD.bottom
COINS = int(BOARD.pieces["coins"])
TOKENS = len(BOARD.tokens)


def observe(state: PatriaState, role: int, out: Observation) -> None:
    """A fixed-length vector in [0, 1], entry by entry named: the map per province and role, each role's
    counters, every card's whereabouts, the sides' VP and whose turn it is (the same for every role: all
    is public)."""
    d = state.d
    seats = d["seats"]
    out.sparse(MAP_NAMES, MAP_MEMO(d["forts"], d["troops"], d["leaders"], d["placed"], seats))
    mover = seats[d["turn"]]
    coins, pops, tokens = d["coins"], d["pop"], d["tokens"]
    bottom = BOARD.bottom
    values: list[float] = []
    for r in ROLES:
        if r not in seats:
            values += UNSEATED
            continue
        values += (1.0, min(1.0, coins[r] / COINS))
        pop = pops[r]
        for c in COLUMNS:
            m, pend = pop[c]
            values += ((m - bottom) / TRACK_SPAN, (pend - bottom) / TRACK_SPAN)
        for up, where in tokens[r][:TOKENS]:
            values += (float(up), 1.0 if where else 0.0)
        values.append(1.0 if mover == r else 0.0)
    out.entries(ROLE_NAMES, values)
    out.sparse(
        CARD_NAMES, CARD_MEMO(d["market"], d["line"], d["discard"], d["spv_done"], d["placed"], d["area"])
    )
    vp = d["vp"]
    out.entries(
        LAST_NAMES,
        (
            max(0.0, min(1.0, (vp["insurgent"] + 10) / 50)),
            max(0.0, min(1.0, (vp["royalist"] + 10) / 50)),
            len(d["spv_done"]) / len(BOARD.spv),
        ),
    )


def map_entries(
    forts: dict[str, list[Any]],
    troops_at: dict[str, dict[str, int]],
    leaders: dict[str, str | None],
    placed: dict[str, list[list[Any]]],
    seats: list[str],
) -> dict[int, float]:
    """Per province its fort's level, and per role its troops, its leader there, the fort's owner and
    its orders there (seated roles): the entries of the provinces with something on them, by offset (a
    sparse section of `MAP_NAMES`)."""
    values: dict[int, float] = {}
    troop_at, leader_at, owner_at, orders_at = (ENTRY_AT[e] for e in MAP_ENTRIES)
    for p, fort in forts.items():
        if fort and p in PROVINCE_AT:
            values[PROVINCE_AT[p]] = fort[0] / 2
            if fort[1] in ROLE_AT:
                values[owner_at[p][fort[1]]] = 1.0
    for p, troops in troops_at.items():
        if troops and p in PROVINCE_AT:
            here = troop_at[p]
            for r, count in troops.items():
                if r in here:
                    values[here[r]] = count / 3
    for r, where in leaders.items():
        if r in ROLE_AT and where is not None and where in PROVINCE_AT:
            values[leader_at[where][r]] = 1.0
    orders: dict[int, int] = {}
    for p, stack in placed.items():
        if stack and p in PROVINCE_AT:
            here = orders_at[p]
            for item in stack:
                r = item[0]
                if r in seats and r in here:
                    at = here[r]
                    orders[at] = orders.get(at, 0) + 1
    for at, count in orders.items():
        values[at] = min(1.0, count / 4)
    return values


def card_entries(
    market: list[str],
    line: list[list[Any]],
    discard: list[str],
    spv_done: list[str],
    placed: dict[str, list[list[Any]]],
    area: dict[str, list[str]],
) -> dict[int, float]:
    """Where each revealed card is — market, line (a pile's top), discard, spv_done, placed, or a role's
    area — as the entry of its one-hot (a sparse section of `CARD_NAMES`); a card listed in two places
    is where it is listed last, in that order."""
    entry: dict[str, int | None] = {}
    at = CARD_IN["market"]
    for c in market:
        entry[c] = at.get(c)
    at = CARD_IN["line"]
    for item in line:
        if item[0] == "spv":
            entry[item[1]] = at.get(item[1])
        elif item[3]:
            entry[item[3]] = at.get(item[3])
    at = CARD_IN["discard"]
    for c in discard:
        entry[c] = at.get(c)
    at = CARD_IN["spv_done"]
    for c in spv_done:
        entry[c] = at.get(c)
    at = CARD_IN["placed"]
    for stack in placed.values():
        for _, _, c in stack:
            if c:
                entry[c] = at.get(c)
    for r, cards in area.items():
        at = CARD_IN[r]
        for c in cards:
            entry[c] = at.get(c)
    return dict.fromkeys([at for at in entry.values() if at is not None], 1.0)


MAP_MEMO = SectionMemo(map_entries)
CARD_MEMO = SectionMemo(card_entries)
"""The map's and the cards' entries by what they show: most turns change neither (issue 26)."""
