"""The state contract (DESIGN §2, §4): illegal actions, clones, JSON, digests, options, notation."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from ludoteca.core.errors import BadOptionError, IllegalActionError, RecordError
from ludoteca.core.game import CHANCE, TERMINAL
from ludoteca.core.options import Options, option
from ludoteca.core.state import State, copy_data
from toygame import ADD, DONE, PASS, RaceGame, RaceOptions

MOVES = ["roll 2", "add", "done", "roll 3", "pass", "roll 1"]


def played(game: RaceGame, moves: list[str] = MOVES, **options: str) -> State:
    state = game.new_initial_state(options)
    for move in moves:
        state.apply_notation(move)
    return state


def test_the_turn_order_follows_the_rules(toy: RaceGame) -> None:
    state = toy.new_initial_state()
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == [
        (3, pytest.approx(1 / 3)),
        (4, pytest.approx(1 / 3)),
        (5, pytest.approx(1 / 3)),
    ]
    state.apply_notation("roll 1")
    assert state.current_player() == 0
    assert state.legal_actions() == [ADD, PASS]
    assert state.legal_actions(1) == []


def test_an_illegal_action_raises_and_changes_nothing(toy: RaceGame) -> None:
    state = played(toy, ["roll 2"])
    before = state.digest()
    with pytest.raises(IllegalActionError, match=r"'done' \(2\) is not legal now; legal actions: add, pass"):
        state.apply_action(DONE)
    with pytest.raises(IllegalActionError, match="action 99"):
        state.apply_action(99)
    assert state.digest() == before
    assert state.legal_actions() == [ADD, PASS]


def test_no_action_is_legal_once_the_game_is_over(toy: RaceGame) -> None:
    state = played(toy, ["roll 3", "add", "done", "roll 1", "add", "done"] * 3 + ["roll 3", "add", "done"])
    assert state.d["totals"] == [12, 3]
    assert state.current_player() == TERMINAL
    assert state.returns() == [1.0, -1.0]
    assert state.result("en")["text"] == "red reaches the target and wins."
    with pytest.raises(IllegalActionError, match="game is over"):
        state.apply_action(ADD)


def test_a_clone_is_independent(toy: RaceGame) -> None:
    state = played(toy, ["roll 2"])
    twin = state.clone()
    assert twin == state and twin.digest() == state.digest()
    twin.apply_action(ADD)
    twin.apply_action(DONE)
    assert twin.d["totals"] == [2, 0]
    assert state.d["totals"] == [0, 0]
    assert state.legal_actions() == [ADD, PASS]
    assert len(twin.logs) == len(state.logs) + 1


def test_a_clone_shares_the_log_until_either_state_adds_a_line(toy: RaceGame) -> None:
    """Copy on write of the log: the clone holds the original's list until one of them logs; each then
    logs to its own copy, and the running log digests and rendered lines go on from the shared ones."""
    state = played(toy, ["roll 2"])
    infostates = [state.information_state_string(role) for role in range(2)]  # the memos, built
    lines = state.view(0)["log"]
    twin = state.clone()
    assert twin.logs is state.logs
    twin.apply_action(ADD)
    twin.apply_action(DONE)
    assert twin.logs is not state.logs and len(twin.logs) == len(state.logs) + 1
    assert state.view(0)["log"] == lines
    assert [state.information_state_string(role) for role in range(2)] == infostates
    earlier = state.clone()
    state.apply_action(ADD)
    state.apply_action(DONE)
    assert earlier.logs is not state.logs and earlier.view(0)["log"] == lines
    for played_on in (state, twin):  # memos carried over give what a fresh state works out
        fresh = State.from_json(json.loads(json.dumps(played_on.to_json())))
        assert played_on.view(0)["log"] == fresh.view(0)["log"]
        assert [played_on.information_state_string(r) for r in range(2)] == [
            fresh.information_state_string(r) for r in range(2)
        ]


def test_copy_data_is_a_deep_copy_of_the_same_types() -> None:
    """`copy_data` (the clone's copy of the position) gives equal, unshared data; what JSON cannot hold
    exactly (an int key, an int past 64 bits) goes through marshal and keeps its type."""
    data = {"a": [1, [2.5, None, True]], "b": {"c": "ñ", "d": []}, "big": 2**63 - 1, "neg": -(2**63)}
    copy = copy_data(data)
    assert copy == data and json.dumps(copy) == json.dumps(data)
    copy["a"][1].append(3)
    copy["b"]["d"].append(1)
    assert data["a"] == [1, [2.5, None, True]] and data["b"]["d"] == []
    for odd in ({1: [2]}, {"huge": [2**70]}):
        copy = copy_data(odd)
        assert copy == odd and next(iter(copy.values())) is not next(iter(odd.values()))


def test_json_round_trip_is_exact(toy: RaceGame) -> None:
    state = played(toy, secret="yes")
    restored = State.from_json(json.loads(json.dumps(state.to_json())))
    assert restored == state
    assert restored.logs == state.logs
    assert restored.digest() == state.digest()
    assert restored.view(1, "en") == state.view(1, "en")


def test_from_json_rejects_what_is_not_a_saved_state(toy: RaceGame) -> None:
    with pytest.raises(RecordError, match="not a saved state"):
        State.from_json({"format": "something else"})
    data = played(toy).to_json()
    del data["data"]["stack"]
    with pytest.raises(RecordError, match="lacks stack"):
        State.from_json(data)


def test_the_digest_depends_on_the_position_only() -> None:
    """The same moves give the same digest in fresh interpreters with different hash seeds."""
    script = (
        "import sys; sys.path.insert(0, sys.argv[1]); from toygame import RaceGame; "
        "s = RaceGame().new_initial_state({'secret': 'yes'}); "
        f"[s.apply_notation(m) for m in {MOVES!r}]; print(s.digest())"
    )
    digests = {
        subprocess.run(
            [sys.executable, "-c", script, str(Path(__file__).parent)],
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        for seed in ("1", "2", "3")
    }
    assert digests == {played(RaceGame(), secret="yes").digest()}
    assert played(RaceGame()).digest() != played(RaceGame(), secret="yes").digest()


def test_options_are_normalised_with_defaults(toy: RaceGame) -> None:
    assert toy.parse_options(None) == RaceOptions(target="10", secret="no")
    assert toy.parse_options({"target": " 15 ", "secret": "YES"}).as_strings() == {
        "target": "15",
        "secret": "yes",
    }
    assert toy.parse_options(RaceOptions(target="15")) == RaceOptions(target="15", secret="no")


def test_bad_options_name_what_is_allowed(toy: RaceGame) -> None:
    with pytest.raises(
        BadOptionError, match=r"option target='11' is not allowed; use target=10\|15 \(default 10\)"
    ):
        toy.parse_options({"target": "11"})
    with pytest.raises(BadOptionError, match="unknown option 'colour'; options are: target, secret"):
        toy.parse_options({"colour": "red"})
    with pytest.raises(BadOptionError, match="unknown role 'green'; roles are: red, blue"):
        toy.role_index("green")
    assert toy.role_index("blue") == toy.role_index("1") == 1


def test_notation_parse_and_format_are_inverse(toy: RaceGame) -> None:
    for action in range(toy.num_distinct_actions):
        notation = toy.actions.format(action)
        assert toy.actions.parse(notation) == action
        assert toy.actions.format(toy.actions.parse(notation)) == notation
    assert toy.actions.parse("  ROLL   2 ") == 4
    with pytest.raises(IllegalActionError, match="unknown notation 'jump'"):
        toy.actions.parse("jump")
    with pytest.raises(IllegalActionError, match=r"outside 0\.\.5"):
        toy.actions.format(6)


def test_views_hide_the_secret_roll(toy: RaceGame) -> None:
    state = played(toy, ["roll 3"], secret="yes")
    assert state.view(0, "en")["board"]["roll"] == 3
    assert state.view(1, "en")["board"]["roll"] is None
    assert state.view(None, "en")["board"]["roll"] is None
    assert [line["text"] for line in state.view(1, "en")["log"]] == []
    assert [a["notation"] for a in state.view(0, "en")["actions"]] == ["add", "pass"]
    assert state.view(1, "en")["actions"] == []
    assert state.view(1, "en")["prompt"] == "red: add the roll or pass?"
    assert state.view(1, "en")["rule"] == "turn.decide"


def test_the_information_state_recalls_what_was_seen_and_only_that(toy: RaceGame) -> None:
    """Red rolls 1 or 2 in secret and passes: the board ends the same, but red remembers the roll from
    the log (its parameters are part of the information state) while blue never saw it."""
    one, two = (played(toy, [roll, "pass"], secret="yes") for roll in ("roll 1", "roll 2"))
    assert one.view(0, "en")["board"] == two.view(0, "en")["board"]
    assert one.information_state_string(0) != two.information_state_string(0)
    assert one.information_state_string(1) == two.information_state_string(1)
    assert one.information_state_json(0) != two.information_state_json(0)
    assert one.information_state_json(1) == two.information_state_json(1)
    assert json.loads(one.information_state_json(1))["log"] == [["log.pass", {"name": "red"}, "turn.decide"]]
    mid = played(toy, ["roll 1"], secret="yes")
    assert json.loads(mid.information_state_json(0))["actions"] == [ADD, PASS]
    assert json.loads(mid.information_state_json(1))["actions"] == []
    assert len(mid.information_state_string(0)) == 32 != len(mid.information_state_json(0))


def test_every_role_is_in_play_unless_a_game_says_otherwise() -> None:
    game = RaceGame()
    assert game.roles_in_play(game.parse_options({})) == (0, 1)


def test_typed_options_round_trip_through_their_string_form() -> None:
    """Options are one frozen, typed value (issue 21): ints and booleans typed, the string form exact."""

    @dataclass(frozen=True)
    class Typed(Options):
        level: int = option(1, "option.level", choices=(0, 1, 2))
        fast: bool = option(False, "option.fast")

    parsed = Typed.parse({"level": "2", "fast": "ON"})
    assert parsed == Typed(level=2, fast=True)
    assert parsed.as_strings() == {"level": "2", "fast": "on"}
    assert Typed.parse(parsed.as_strings()) == parsed
    assert [s.describe() for s in Typed.specs()] == ["level=0|1|2 (default 1)", "fast=off|on (default off)"]
    with pytest.raises(BadOptionError, match=r"option level='3' is not allowed; use level=0\|1\|2"):
        Typed.parse({"level": "3"})
