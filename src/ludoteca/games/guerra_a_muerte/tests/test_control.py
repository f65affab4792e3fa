"""Control kept by area (`GamState._control`, issue 26) against control worked out afresh from the records
(§1.1.1): at every step of random games, in a clone that plays on while its original stays, and in the
resampler's redraws."""

from __future__ import annotations

import random

import pytest

from ludoteca.core.game import get_game
from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.counters import COUNTERS, SIDES
from ludoteca.games.guerra_a_muerte.state import GamState

GAME = get_game("guerra-a-muerte")


def control_afresh(state: GamState) -> dict[str, frozenset[str]]:
    """§1.1.1 and §10.1 read off the records alone, with no index and no memo: in each area the sides of
    its land counters and of its leaders, less a side whose every land counter there is a guerrilla
    where a counter of the other side is a regular (the El Plata rebels are their own holder)."""
    land: dict[str, list[str]] = {}
    for uid, record in state.d["units"].items():
        if record["at"] in BOARD.areas and not COUNTERS[uid].naval:
            land.setdefault(record["at"], []).append(uid)
    chiefs: dict[str, set[str]] = {}
    for lid, leader in state.d["leaders"].items():
        chiefs.setdefault(leader["at"], set()).add(BOARD.leaders[lid].side)
    out = {}
    for area in BOARD.areas:
        here = land.get(area, [])
        held = {COUNTERS[u].side for u in here} | chiefs.get(area, set())
        for side in {COUNTERS[u].side for u in here}:
            hiding = all(state.d["units"][u]["guerrilla"] for u in here if COUNTERS[u].side == side)
            regulars = any(
                COUNTERS[u].side != side and COUNTERS[u].side in SIDES and not COUNTERS[u].militia
                for u in here
            )
            if hiding and regulars:
                held.discard(side)
        out[area] = frozenset(held)
    return out


def check(state: GamState, where: str) -> None:
    """The kept control, area by area and all at once, is control afresh; the invariants agree."""
    expected = control_afresh(state)
    assert state.control() == expected, where
    assert state.occupied_control() == {
        x: held for x, held in expected.items() if x in state.occupied_control()
    }
    area = random.Random(state.d["moves"]).choice(sorted(BOARD.areas))
    assert state.holders(area) == expected[area], f"{where}: {area}"
    assert not state.stale_control(), where


def random_step(state: GamState, rng: random.Random) -> None:
    if state.is_chance_node():
        state.apply_action(state.sample_chance(rng))
    else:
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(
    ("scenario", "intelligence", "seed", "steps"),
    [
        ("1810-1814", "limited", 1, 1500),
        ("1815-1818", "limited", 3, 1500),
        ("1820-1824", "limited", 4, 1500),
        ("campaign", "limited", 6, 1200),
    ],
)
def test_control_kept_by_area_is_control_afresh(
    scenario: str, intelligence: str, seed: int, steps: int
) -> None:
    """At every step the control kept is control afresh (the memo filled at the step before, so each
    write of a rule meets a memo to keep true). Every seventh step a clone plays six steps on, checked at
    each, and then the original is checked; every eleventh each side's redraw is checked, and the
    deciding side's again after a step of it, as the search plays on from it.

    Its size: one game of each scenario (a short one to its end, the campaign its first 1,200 steps), as
    each scenario's own rules write counters; in limited intelligence only, since control never reads
    what a side sees and only there does a redraw move anything, and no second game, which would only
    check a set-up the first already checked."""
    rng = random.Random(seed)
    state = GAME.new_initial_state({"scenario": scenario, "intelligence": intelligence})
    assert isinstance(state, GamState)
    played = 0
    while played < steps:
        check(state, f"step {played}")
        if state.is_terminal():
            break
        if played % 7 == 0 and not state.is_terminal():
            twin = state.clone()
            for ahead in range(6):  # each step's control read: what one twin keeps must not reach the other
                if not twin.is_terminal():
                    random_step(twin, rng)
                    check(twin, f"clone at step {played} + {ahead}")
            check(state, f"original of a clone at step {played}")
        if played % 11 == 0 and not state.is_terminal() and state.current_player() >= 0:
            for role in (0, 1):
                redrawn = state.resample_from_infostate(role, rng)
                assert isinstance(redrawn, GamState)
                check(redrawn, f"redraw for {role} at step {played}")
                if role == state.current_player():  # as the search plays on from a redraw for its role
                    random_step(redrawn, rng)
                    check(redrawn, f"a step of the redraw for {role} at step {played}")
            check(state, f"original of a redraw at step {played}")
        random_step(state, rng)
        played += 1
    assert state.is_terminal() or scenario == "campaign", f"{scenario}: no end in {steps} steps"


def test_a_guerrilla_mode_changed_in_place_is_control_changed() -> None:
    """A Patriot militia counter alone among Royalist regulars shares control (§1.1.1, partial control);
    put in guerrilla mode (its record written in place, the index of counters by place untouched) it
    does not, and out of it again it does: the memo forgets the area at each write."""
    state = GAME.new_initial_state({"scenario": "1815-1818", "setup": "historical"})
    assert isinstance(state, GamState)
    area = next(
        x
        for x in sorted(BOARD.areas)
        if not state.land_at(x, "patriot")
        and not state.leaders_at(x, "patriot")
        and any(not COUNTERS[u].militia for u in state.land_at(x, "royalist"))
    )
    uid = state.place_militia("peru", "infantry", area)
    assert uid and state.holders(area) == {"patriot", "royalist"}
    state.set_unit(uid, guerrilla=True)
    assert state.holders(area) == {"royalist"}
    assert state.control() == control_afresh(state)
    state.set_unit(uid, guerrilla=False)
    assert state.control()[area] == {"patriot", "royalist"}
    assert not state.stale_control()
