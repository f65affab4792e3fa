"""The fuzzer (DESIGN §10) passes a sound game and reports a broken one with a reproducing record."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from ludoteca.core import game as game_module
from ludoteca.core.fuzz import run_fuzz
from ludoteca.core.game import get_game
from ludoteca.core.options import Options
from ludoteca.core.record import load_record, replay_record
from toygame import LeakyGame, RaceGame, RaceState


@pytest.mark.parametrize("options", [{}, {"secret": "yes", "target": "15"}])
def test_the_toy_game_passes(toy: RaceGame, options: dict[str, str], tmp_path: Path) -> None:
    seen: list[int] = []
    report = run_fuzz(toy, 40, seed=5, options=options, failure_dir=tmp_path, progress=seen.append)
    assert report.failures == []
    assert report.games == 40 and seen == list(range(1, 41))
    assert report.outcomes == {"result.win": 40}
    assert report.actions > 40 * 10
    assert report.longest <= toy.max_moves
    assert list(tmp_path.iterdir()) == []


def test_a_leaking_view_is_reported_with_its_record(toy: RaceGame, tmp_path: Path) -> None:
    leaky = get_game("race-leaky")
    assert isinstance(leaky, LeakyGame)
    report = run_fuzz(leaky, 3, seed=0, options={"secret": "yes"}, failure_dir=tmp_path)
    assert [f["seed"] for f in report.failures] == [0, 1, 2]
    failure = report.failures[0]
    assert "view of" in failure["error"] and "leaks hidden information" in failure["error"]
    record = load_record(failure["record"])
    assert record["game"] == "race-leaky" and record["seed"] == 0
    replayed = replay_record(record, verify=True)  # reproduces the position where the leak showed
    assert replayed.state.view(0)["board"]["roll"] is not None


def test_the_leak_check_is_specific(toy: RaceGame) -> None:
    """Without a secret there is nothing to leak, so the same variant passes."""
    assert run_fuzz(get_game("race-leaky"), 10, seed=0, options={"secret": "no"}).failures == []


@pytest.mark.parametrize("where", ["log", "position"])
def test_a_value_json_cannot_give_back_is_reported_at_the_step_that_wrote_it(
    toy: RaceGame, where: str, tmp_path: Path
) -> None:
    """Each step reads only the log entries written since the last (a log only grows), and between the
    first and the last position the position makes the JSON round trip by itself (not through `to_json`):
    a value that does not survive JSON, written late in a game in a log entry or in the position, is
    reported where it appears, not only when the game ends."""

    class LateTupleState(RaceState):
        __slots__ = ()

        def log(
            self, key: str, /, visible_to: Sequence[int] | None = None, rule: str | None = None, **params: Any
        ) -> None:
            if max(self.d["totals"]) >= 6:  # JSON gives a tuple back as a list
                if where == "log":
                    params["late"] = (1, 2)
                else:
                    self.d["late"] = (1, 2)
            super().log(key, visible_to=visible_to, rule=rule, **params)

    class LateTuple(RaceGame):
        id = f"race-late-tuple-{where}"
        state_class = LateTupleState

    late = LateTuple()
    game_module.register(late)
    [failure] = run_fuzz(late, 1, seed=0, failure_dir=tmp_path).failures
    assert "JSON round trip differs" in failure["error"]
    position = replay_record(load_record(failure["record"]), verify=True).state
    assert max(position.d["totals"]) >= 6 and not position.is_terminal()


def test_a_position_json_cannot_write_is_reported_by_name(toy: RaceGame, tmp_path: Path) -> None:
    """A key JSON cannot write (a number: `json` would turn it into a string, orjson refuses it) is a
    broken invariant named as such at the step that wrote it, not an error from the encoder."""

    class IntKeyState(RaceState):
        __slots__ = ()

        def log(
            self, key: str, /, visible_to: Sequence[int] | None = None, rule: str | None = None, **params: Any
        ) -> None:
            if max(self.d["totals"]) >= 6:
                self.d["late"] = {1: "one"}
            super().log(key, visible_to=visible_to, rule=rule, **params)

    class IntKey(RaceGame):
        id = "race-int-key"
        state_class = IntKeyState

    game = IntKey()
    game_module.register(game)
    [failure] = run_fuzz(game, 1, seed=0, failure_dir=tmp_path).failures
    assert failure["error"].startswith("InvariantError: the position is not JSON-ready")
    position = replay_record(load_record(failure["record"]), verify=True).state
    assert max(position.d["totals"]) >= 6 and not position.is_terminal()


def test_returns_outside_the_declared_range_or_sum_are_reported(toy: RaceGame) -> None:
    """Research adapters declare `returns_range` and `returns_sum` to OpenSpiel; the fuzzer holds a game
    to them."""

    class Narrow(RaceGame):
        id = "race-narrow"
        returns_range = (0.0, 1.0)

    class Constant(RaceGame):
        id = "race-constant"
        returns_sum = 1.0

    narrow, constant = Narrow(), Constant()
    game_module.register(narrow)
    game_module.register(constant)
    [failure] = run_fuzz(narrow, 1, seed=0).failures  # a race always ends at +1 and -1
    assert "outside 0.0..1.0" in failure["error"]
    [failure] = run_fuzz(constant, 1, seed=0).failures
    assert "do not sum to 1.0" in failure["error"]


def test_a_role_said_not_to_play_that_decides_is_reported(toy: RaceGame) -> None:
    class RedAlone(RaceGame):
        id = "race-red-alone"

        def roles_in_play(self, options: Options) -> tuple[int, ...]:
            return (0,)

    game = game_module.register(RedAlone())
    [failure] = run_fuzz(game, 1, seed=0).failures
    assert "blue decides but is not in play" in failure["error"]
    assert toy.roles_in_play(toy.parse_options()) == (0, 1)


@pytest.mark.parametrize("where", ["log", "prompt"])
def test_a_message_left_without_its_parameters_is_reported(toy: RaceGame, where: str) -> None:
    """A log line or a prompt given fewer parameters than its message names shows the raw template
    ("{name} rolls {n}.") to the player: the fuzzer reports it."""

    class Terse(RaceState):
        __slots__ = ()

        def log(
            self, key: str, /, visible_to: Sequence[int] | None = None, rule: str | None = None, **params: Any
        ) -> None:
            super().log(key, visible_to=visible_to, rule=rule, **({} if where == "log" else params))

        def ask(self, role: int, actions: Sequence[int], /, then: str, prompt: str, **params: Any) -> None:
            kept = {k: v for k, v in params.items() if where == "log" or k in ("secret", "private")}
            super().ask(role, actions, then=then, prompt=prompt, **kept)

    class TerseGame(RaceGame):
        id = f"race-terse-{where}"
        state_class = Terse

    terse = TerseGame()
    game_module.register(terse)
    [failure] = run_fuzz(terse, 1, seed=0).failures
    assert "a message leaves a parameter unfilled" in failure["error"] and "{name}" in failure["error"]
