"""The benchmark (DESIGN §10) measures; it never asserts a speed."""

from __future__ import annotations

from ludoteca.core.bench import SAMPLE_STATES, run_bench, sample_states
from toygame import RaceGame


def test_bench_reports_every_measure(toy: RaceGame) -> None:
    report = run_bench(toy, seconds=0.05, options={"secret": "yes"}).as_dict()
    assert report["game"] == "race" and report["options"]["secret"] == "yes"
    assert report["games"] >= 1 and report["actions"] >= 10 * report["games"]
    for key in ("actions_per_s", "games_per_s", "clone_us", "view_us", "first_view_us", "legal_actions_us"):
        assert report[key] > 0, key
    assert {"platform", "python", "cpus", "processor"} <= set(report["machine"])


def test_sampled_positions_are_mid_game(toy: RaceGame) -> None:
    import random

    states = sample_states(toy, toy.parse_options(), random.Random(1))
    assert 0 < len(states) <= SAMPLE_STATES
    assert not any(s.is_terminal() for s in states)
    assert len({s.digest() for s in states}) > len(states) // 2
