"""The observation encoders made fast for issue 26 give exactly the tensors, and the names, of the plain
encoders they replaced, on thousands of random positions. The plain encoders are kept here, as they were,
to compare with."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import pytest

from ludoteca.core.game import get_game
from ludoteca.core.observation import Observation
from ludoteca.core.state import State
from ludoteca.games.guerra_a_muerte.board import BOARD as GAM_BOARD
from ludoteca.games.guerra_a_muerte.counters import COUNTERS
from ludoteca.games.guerra_a_muerte.view import PHASES as GAM_PHASES
from ludoteca.games.guerra_a_muerte.view import SIDE_OF_ROLE, masked
from ludoteca.games.mar_y_acero.board import AREAS, BAGS
from ludoteca.games.mar_y_acero.pieces import FACTION_OF_ROLE, key, pieces
from ludoteca.games.mar_y_acero.position import COLON_AT, FACTIONS, FLAGS, PHASES
from ludoteca.games.mar_y_acero.view import DESTINIES, EVENTS, KEYS
from ludoteca.games.patria_libre.board import BOARD, COLUMNS, ROLES
from ludoteca.games.patria_libre.view import CARD_SLOTS, CARDS, card_places

POSITIONS = 2000
"""Positions compared per game and mode (each for every role in play)."""


def plain_mar_y_acero(state: Any, role: int, out: Observation) -> None:
    """`mar_y_acero.view.observe` before issue 26."""
    position = state.position
    me = FACTION_OF_ROLE[role]
    out.add("turn", position["turn"] / 6)
    out.add("vp", position["vp"] / 20)
    out.add("royal_support", position["rs"] / 10)
    out.add("impulses[ind]", position["imp"]["ind"] / 5)
    out.add("impulses[es]", position["imp"]["es"] / 5)
    out.one_hot("phase", PHASES, position["phase"])
    grace = position["grace"]
    out.add("grace.face_es", float(grace["face"] == "es"))
    out.add("grace.used", float(grace["box"] == "used"))
    out.add("grace.used_this_turn", float(grace["turn_used"]))
    flags = position["flags"]
    out.each("flag", FLAGS, (float(flags[name]) for name in FLAGS))
    for area in AREAS:
        for fac in FACTIONS:
            here = [key(p) for p in pieces(state, area, fac)]
            out.each(f"area{area}.{fac}", KEYS, (min(here.count(k), 6) / 6 for k in KEYS))
        out.add(f"area{area}.palisade", float(area in position["pal"]))
        out.add(f"area{area}.citadel", float(area in position["cit"]))
        out.add(f"area{area}.scroll", float(area in position["scroll"]))
        out.add(f"area{area}.spanish", float(position["ctrl"][area - 1] == "es"))
    out.each("bag", BAGS, (sum(position["bags"][bag].values()) / 33 for bag in BAGS))
    out.one_hot("destiny", DESTINIES, position["destiny"])
    out.each("destiny_left", DESTINIES, (float(c in position["destinies"]) for c in DESTINIES))
    out.each("hand", EVENTS, (float(c in position["hands"][me]) for c in EVENTS))
    out.one_hot("committed", EVENTS, position["commit"][me])
    for fac in FACTIONS:
        out.each(f"played.{fac}", EVENTS, (float(c in position["played"][fac]) for c in EVENTS))
    out.one_hot("colon", COLON_AT, position["colon"])


def plain_patria_libre(state: Any, role: int, out: Observation) -> None:
    """`patria_libre.view.observe` before issue 26."""
    d = state.d
    span = BOARD.top - BOARD.bottom
    for p in BOARD.ids:
        fort = d["forts"].get(p)
        out.add(f"fort[{p}]", fort[0] / 2 if fort else 0.0)
        for r in ROLES:
            out.add(f"troop[{p},{r}]", d["troops"][p].get(r, 0) / 3)
            out.add(f"leader[{p},{r}]", 1.0 if d["leaders"].get(r) == p else 0.0)
            out.add(f"fort_owner[{p},{r}]", 1.0 if fort and fort[1] == r else 0.0)
            out.add(f"orders[{p},{r}]", min(1.0, state.orders_at(r, p) / 4) if r in d["seats"] else 0.0)
    for r in ROLES:
        seated = r in d["seats"]
        out.add(f"seated[{r}]", 1.0 if seated else 0.0)
        out.add(f"coins[{r}]", min(1.0, d["coins"][r] / BOARD.pieces["coins"]) if seated else 0.0)
        for c in COLUMNS:
            m, pend = d["pop"][r][c] if seated else (0, 0)
            out.add(f"marker[{r},{c}]", (m - BOARD.bottom) / span)
            out.add(f"pendulum[{r},{c}]", (pend - BOARD.bottom) / span)
        for k in range(len(BOARD.tokens)):
            up, where = d["tokens"][r][k] if seated else (0, None)
            out.add(f"token_flipped[{r},{k + 1}]", float(up))
            out.add(f"token_placed[{r},{k + 1}]", 1.0 if where else 0.0)
        out.add(f"to_move[{r}]", 1.0 if seated and d["seats"][d["turn"]] == r else 0.0)
    places = card_places(state)
    for c in CARDS:
        out.one_hot(f"card[{c}]", CARD_SLOTS, places.get(c))
    for side in ("insurgent", "royalist"):
        out.add(f"vp[{side}]", max(0.0, min(1.0, (d["vp"][side] + 10) / 50)))
    out.add("spv_done", len(d["spv_done"]) / len(BOARD.spv))


def plain_guerra_a_muerte(state: Any, role: int, out: Observation) -> None:
    """`guerra_a_muerte.view.observe` before issue 26."""
    d = state.d
    mine = SIDE_OF_ROLE[role]
    other = SIDE_OF_ROLE[1 - role]
    hide = masked(state, role)
    out.add("turn", d["turn"] / 15)
    out.one_hot("phase", GAM_PHASES, d["phase"])
    out.add("liberals", float(bool(d["liberals"])))
    out.each("rp", list(d["rp"]), (min(v, 40.0) / 40 for v in d["rp"].values()))
    control = state.control()
    where = state.by_place()
    records = d["units"]
    for area in GAM_BOARD.areas:
        here = where.get(area, ())
        steps = sum(int(records[u]["steps"]) for u in here if COUNTERS[u].side == mine)
        holders = control[area] - {hide}
        out.each(
            f"control[{area}]",
            ("patriot", "royalist", "rebel"),
            (float(s in holders) for s in ("patriot", "royalist", "rebel")),
        )
        out.add(f"own_steps[{area}]", min(steps, 30) / 30)
        theirs = [] if hide else [u for u in here if COUNTERS[u].side == other and not COUNTERS[u].naval]
        out.add(f"enemy_city[{area}]", float(any(records[u]["city"] for u in theirs)))
        out.add(f"enemy_guerrilla[{area}]", float(any(records[u]["guerrilla"] for u in theirs)))
        out.add(f"repression[{area}]", float(area in d["repression"]))


def positions(game_id: str, options: Mapping[str, str], count: int, seed: int) -> Iterator[State]:
    """`count` positions of random games, every position of each game in turn."""
    game = get_game(game_id)
    rng = random.Random(seed)
    seen = 0
    while True:
        state = game.new_initial_state(options)
        while not state.is_terminal():
            yield state
            seen += 1
            if seen == count:
                return
            state.apply_action(
                state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
            )


Plain = Callable[[Any, int, Observation], None]
CASES: list[tuple[str, dict[str, str], Plain]] = [
    ("mar-y-acero", {}, plain_mar_y_acero),
    ("mar-y-acero", {"mode": "solo"}, plain_mar_y_acero),
    ("patria-libre", {}, plain_patria_libre),
    ("patria-libre", {"players": "4"}, plain_patria_libre),
    ("patria-libre", {"solo": "realistas"}, plain_patria_libre),
    ("guerra-a-muerte", {"scenario": "campaign"}, plain_guerra_a_muerte),
    ("guerra-a-muerte", {"scenario": "1815-1818", "intelligence": "open"}, plain_guerra_a_muerte),
]


@pytest.mark.parametrize(("game_id", "options", "plain"), CASES)
def test_the_fast_encoder_gives_the_plain_encoders_tensor(
    game_id: str, options: dict[str, str], plain: Plain
) -> None:
    game = get_game(game_id)
    roles = game.roles_in_play(game.parse_options(options))
    names_checked = False
    for state in positions(game_id, options, POSITIONS, seed=len(options)):
        for role in roles:
            expected = Observation(named=not names_checked)
            plain(state, role, expected)
            assert state.observation_tensor(role) == expected.values
            if not names_checked:
                assert state.observation_names(role) == expected.names
        names_checked = True
