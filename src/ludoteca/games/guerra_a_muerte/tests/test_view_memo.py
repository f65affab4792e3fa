"""The board view remembers each place's entry by the place's tuple of the index, its leaders and the
viewer's sight (`view._shown_place`, issue 26): a view must stay exactly the view worked out afresh. At
random positions of every scenario and both intelligence settings, for each role, a spectator and each
language, the view equals that of the same position loaded afresh (a JSON round trip: a new index, so
every place worked out again) — as the game goes on, in a clone that goes its own way, after an undo, in
the redraws the search plays in (`resample_from_infostate`), and after a counter is written where it
stands. The shared entries refuse changes."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from ludoteca.core.game import get_game
from ludoteca.core.i18n import LANGUAGES
from ludoteca.core.match import Match
from ludoteca.core.state import State
from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.position import OFF_MAP
from ludoteca.games.guerra_a_muerte.state import GamState

GAME = get_game("guerra-a-muerte")
MODES = [
    {"scenario": "campaign"},
    {"scenario": "1810-1814"},
    {"scenario": "1815-1818"},
    {"scenario": "1820-1824"},
    {"scenario": "1815-1818", "intelligence": "open"},
]
STEPS = 600
"""Actions of each random game at most."""
CHECKS = 10
"""Positions of each game compared with the position loaded afresh."""


def afresh(state: State[Any]) -> State[Any]:
    """The same position with a new `d`: a new index of counters by place, no place's entry remembered."""
    return State.from_json(json.loads(json.dumps(state.to_json())))


def assert_views_as_afresh(state: State[Any]) -> None:
    fresh = afresh(state)
    for role in (None, 0, 1):
        for lang in LANGUAGES:
            assert state.view(role, lang) == fresh.view(role, lang), (role, lang, state.move_number())


def random_action(state: State[Any], rng: random.Random) -> int:
    return state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())


def advance(state: State[Any], rng: random.Random, actions: int) -> None:
    for _ in range(actions):
        if state.is_terminal():
            return
        state.apply_action(random_action(state, rng))


@pytest.mark.parametrize("options", MODES, ids=["-".join(o.values()) for o in MODES])
def test_a_view_with_remembered_places_is_the_view_afresh(options: dict[str, str]) -> None:
    """At `CHECKS` positions of a random game, and in their twins, undos and redraws, every view is the
    view afresh. Its size: each scenario in limited intelligence (each has its own counters and rules that
    move them) and one in open intelligence (the other sight a place's entry is remembered by); the
    campaign in open intelligence would check no sight and no rule these do not."""
    match, rng = Match(GAME, options, seed=11), random.Random(11)
    checked = undone = 0
    for step in range(STEPS):
        state = match.state
        if state.is_terminal():
            break
        state.view(rng.choice((None, 0, 1)), rng.choice(LANGUAGES))  # places remembered as the game goes on
        if step % (STEPS // CHECKS) == 0:
            assert_views_as_afresh(state)
            checked += 1
            twin = state.clone()  # shares the index's tuples, then both go their own ways
            advance(twin, random.Random(step), 5)
            assert_views_as_afresh(twin)
            assert_views_as_afresh(state)
            for role in (0, 1):
                redrawn = state.resample_from_infostate(role, random.Random(step))
                assert redrawn.view(role, "en") == state.view(role, "en")  # the fuzzer's check, too
                assert_views_as_afresh(redrawn)
        actor = state.current_player()
        match.apply(random_action(state, rng))
        if actor >= 0 and match.undoable(actor) and rng.random() < 0.3:
            match.state.view(actor, "es")
            match.undo(actor)
            assert_views_as_afresh(match.state)
            undone += 1
    assert checked >= 3 and undone >= 1, (checked, undone)


@pytest.mark.parametrize("scenario", ["1815-1818", "campaign"])
def test_a_counter_written_where_it_stands_shows_in_the_next_view(scenario: str) -> None:
    """Its steps, city, guerrilla and operated marks, written with `set_unit` (the place's counters stay
    the same), change the next view of the same state as they change the view afresh."""
    state = GAME.new_initial_state({"scenario": scenario, "intelligence": "open"})
    assert isinstance(state, GamState)
    advance(state, random.Random(3), 40)
    rng = random.Random(5)
    on_map = [u for u, record in state.d["units"].items() if record["at"] not in OFF_MAP]
    for uid in rng.sample(on_map, 12):
        before = state.view(0, "en")
        record = state.d["units"][uid]
        state.set_unit(
            uid,
            steps=1 if record["steps"] > 1 else record["steps"],
            city=not record["city"],
            done=not record["done"],
        )
        after = state.view(0, "en")
        assert after == afresh(state).view(0, "en")
        assert after["board"]["places"][record["at"]] != before["board"]["places"][record["at"]]


@pytest.mark.parametrize("intelligence", ["limited", "open"])
def test_a_leader_moved_alone_shows_in_the_next_view(intelligence: str) -> None:
    """The rules write a leader's place in his record (no counter comes or goes): the next view of the
    same state, of either side and a spectator, shows him there as the view afresh does."""
    state = GAME.new_initial_state(
        {"scenario": "1815-1818", "intelligence": intelligence, "setup": "historical"}
    )
    assert isinstance(state, GamState)
    advance(state, random.Random(4), 30)
    empty = [area for area in BOARD.areas if not state.by_place().get(area) and not state.leaders_at(area)]
    for leader, area in zip(sorted(state.d["leaders"]), empty, strict=False):
        before = [state.view(role, "en") for role in (None, 0, 1)]
        state.d["leaders"][leader]["at"] = area
        for role, seen in zip((None, 0, 1), before, strict=True):
            after = state.view(role, "en")
            assert after == afresh(state).view(role, "en")
            assert after["board"] != seen["board"]


def test_the_places_shared_between_views_refuse_changes() -> None:
    state = GAME.new_initial_state({"scenario": "1815-1818", "intelligence": "open"})
    advance(state, random.Random(1), 30)
    view = state.view(0, "en")
    expected = afresh(state).view(0, "en")
    area, side = next(
        (place, side)
        for place, shown in view["board"]["places"].items()
        for side, force in shown["forces"].items()
        if force["units"]
    )
    shown = view["board"]["places"][area]
    changes: list[Callable[[], object]] = [
        lambda: shown.__setitem__("control", []),
        lambda: shown["control"].append("patriot"),
        lambda: shown["forces"].pop(side),
        lambda: shown["forces"][side]["units"].clear(),
        lambda: shown["forces"][side]["units"][0].update(steps=9),
    ]
    for change in changes:
        with pytest.raises(TypeError, match="read-only"):
            change()
    view["board"]["places"].clear()  # the board and its dict of places are the caller's own
    view["board"]["pool"].clear()
    assert state.view(0, "en") == expected
    assert json.loads(json.dumps(expected)) == expected
