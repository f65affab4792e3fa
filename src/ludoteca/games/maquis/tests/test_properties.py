"""Properties of every Maquis game (DESIGN §10): conservation and track limits along random playouts,
the notation codec, copies and the JSON round trip, and records that replay to the same positions."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca.core.match import Match
from ludoteca.core.record import replay_record
from ludoteca.core.state import State
from ludoteca.games.maquis import GAME
from ludoteca.games.maquis.agent import choose
from ludoteca.games.maquis.board import BOARD
from ludoteca.games.maquis.state import MaquisState

DIFFICULTIES = GAME.option_spec("difficulty").choices
MISSION_IDS = sorted(BOARD.missions)
PAIRS = [f"{a}+{b}" for a in MISSION_IDS for b in MISSION_IDS if a != b]

seeds = st.integers(min_value=0, max_value=2**32 - 1)
difficulties = st.sampled_from(DIFFICULTIES)
mission_options = st.one_of(st.sampled_from(("random", "level1", "level2", "mixed")), st.sampled_from(PAIRS))
fast = settings(max_examples=40, deadline=None)


def step(state: State[Any], rng: random.Random, cautious: bool = False) -> int:
    """One move: chance sampled with the driver's generator; a decision chosen uniformly, or by the
    cautious agent (which reaches the mission cards that uniform play seldom survives to see)."""
    assert isinstance(state, MaquisState)
    if state.is_chance_node():
        action = state.sample_chance(rng)
    elif cautious:
        action = choose(state, rng, noise=0.2)
    else:
        action = rng.choice(state.legal_actions())
    state.apply_action(action)
    return action


def start(difficulty: str, missions: str, rich: bool) -> MaquisState:
    """A new game; `rich` puts every resource token in hand, so that deliveries and shots come early."""
    state = GAME.new_initial_state({"difficulty": difficulty, "missions": missions})
    assert isinstance(state, MaquisState)
    if rich:
        state.d["res"] = dict.fromkeys(state.d["res"], BOARD.per_kind)
    return state


@fast
@given(
    seed=seeds, difficulty=difficulties, missions=mission_options, cautious=st.booleans(), rich=st.booleans()
)
def test_playouts_keep_the_invariants(
    seed: int, difficulty: str, missions: str, cautious: bool, rich: bool
) -> None:
    """4 tokens per resource, workers and patrol cards conserved, morale 0..7, soldiers 0..5, and the
    game over within `GAME.max_moves`."""
    rng = random.Random(seed)
    state = start(difficulty, missions, rich)
    assert state.invariants() == []
    moves = 0
    while not state.is_terminal():
        assert state.legal_actions(), "a non-terminal state with no legal action"
        step(state, rng, cautious)
        moves += 1
        assert moves <= GAME.max_moves
        assert state.invariants() == []
        assert 0 <= state.d["morale"] <= 7
        assert 0 <= state.d["soldiers"] <= 5
    result = state.result("en")
    assert result is not None and result["returns"] in ([1.0], [-1.0])
    assert (result["outcome"] == "outcome.win") == all(m["done"] for m in state.d["missions"])


@fast
@given(seed=seeds, difficulty=difficulties, missions=mission_options, cautious=st.booleans())
def test_clone_and_json_round_trip_at_random_points(
    seed: int, difficulty: str, missions: str, cautious: bool
) -> None:
    rng = random.Random(seed)
    state = start(difficulty, missions, rich=cautious)
    while not state.is_terminal():
        if rng.random() < 0.1:
            twin = state.clone()
            assert twin == state and twin.digest() == state.digest()
            restored = MaquisState.from_json(json.loads(json.dumps(state.to_json())))
            assert restored == state and restored.digest() == state.digest()
            assert restored.logs == state.logs
            # the copies are independent of the original and play on exactly like each other
            action = state.legal_actions()[0]
            twin.apply_action(action)
            restored.apply_action(action)
            assert twin == restored and twin != state
        step(state, rng, cautious)
    assert MaquisState.from_json(state.to_json()) == state
    assert state.clone() == state


@fast
@given(seed=seeds, difficulty=difficulties, missions=mission_options, cautious=st.booleans())
def test_a_record_replays_to_the_same_final_digest(
    seed: int, difficulty: str, missions: str, cautious: bool
) -> None:
    match = Match(GAME, {"difficulty": difficulty, "missions": missions}, seed=seed)
    rng = random.Random(seed)
    while not match.state.is_terminal():
        if match.state.is_chance_node():
            match.play_chance()
        elif cautious:
            assert isinstance(match.state, MaquisState)
            match.apply(choose(match.state, rng, noise=0.2))
        else:
            match.apply(rng.choice(match.state.legal_actions()))
    record = json.loads(json.dumps(match.record()))
    result = match.state.result("en")
    assert result is not None and record["result"]["outcome"] == result["outcome"]
    replayed = replay_record(record, verify=True)
    assert replayed.state.digest() == match.state.digest()
    assert replayed.state == match.state
    assert len(record["digests"]) == len(record["actions"]) == len(match.history)


def test_notation_round_trips_for_every_action() -> None:
    """DESIGN §4: `parse(format(a)) == a` for every action id and `format(parse(t)) == t` for every
    notation."""
    table = GAME.actions
    assert GAME.num_distinct_actions == len(table.names) == len(set(table.names))
    for action in range(GAME.num_distinct_actions):
        assert table.parse(table.format(action)) == action
    for text in table.names:
        assert table.format(table.parse(text)) == text


def _mangle(text: str, data: st.DataObject) -> str:
    """The same notation as a person might type it: any case, extra spaces around and between words."""
    words = [data.draw(st.sampled_from((w, w.upper(), w.capitalize()))) for w in text.split(" ")]
    gaps = [" " * data.draw(st.integers(1, 3)) for _ in words[1:]]
    typed = words[0] + "".join(g + w for g, w in zip(gaps, words[1:], strict=True))
    return " " * data.draw(st.integers(0, 2)) + typed + " " * data.draw(st.integers(0, 2))


@settings(max_examples=50, deadline=None)
@given(action=st.integers(0, GAME.num_distinct_actions - 1), data=st.data())
def test_notation_is_read_whatever_the_spacing_and_case(action: int, data: st.DataObject) -> None:
    table = GAME.actions
    text = table.format(action)
    assert table.parse(_mangle(text, data)) == action
    assert table.format(table.parse(_mangle(text, data))) == text


@fast
@given(seed=seeds, difficulty=difficulties)
def test_every_legal_action_of_a_playout_round_trips_through_notation(seed: int, difficulty: str) -> None:
    rng = random.Random(seed)
    state = GAME.new_initial_state({"difficulty": difficulty})
    while not state.is_terminal():
        for action in state.legal_actions():
            assert state.string_to_action(state.action_to_string(action)) == action
        step(state, rng)
