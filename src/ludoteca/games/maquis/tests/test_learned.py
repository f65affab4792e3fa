"""The learned evaluation (issue 27): `ludoteca train maquis` end to end, its determinism, and the shipped
weights the search uses (`MaquisState.evaluate`, `core.learned`)."""

from __future__ import annotations

import math
import random
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoteca.cli import app
from ludoteca.core import learned
from ludoteca.games.maquis import GAME
from ludoteca.games.maquis.evaluation import TERMS
from ludoteca.games.maquis.state import SCORE_SPREAD
from ludoteca.games.maquis.tests.positions import new

runner = CliRunner()
TINY = [
    "--games",
    "2",
    "--seed",
    "28",
    "-o",
    "difficulty=very-easy",
    "--agent",
    "ismcts:level=easy",
    "--lang=en",
]
"""Two easy self-play games at very easy difficulty, one won (seed 28) and one lost (seed 29)."""


@pytest.fixture
def evaluation_env(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Leaves `LUDOTECA_EVALUATION` and the weights read as they were."""
    monkeypatch.delenv(learned.ENVIRONMENT, raising=False)
    learned.evaluation_for.cache_clear()
    yield
    learned.evaluation_for.cache_clear()


def trained(path: Path, *extra: str) -> dict[str, object]:
    result = runner.invoke(app, ["train", "maquis", *TINY, "--out", str(path), *extra])
    assert result.exit_code == 0, result.output
    assert "weights fitted on" in result.output
    return tomllib.loads(path.read_text("utf-8"))


@pytest.mark.slow  # trains on self-played games
def test_the_train_command_writes_a_loadable_file_and_the_same_seed_gives_the_same_weights(
    tmp_path: Path, evaluation_env: None
) -> None:
    first = trained(tmp_path / "first.toml")
    assert first["games"] == 2 and first["wins"] == 1 and first["seed"] == 28
    assert first["command"] == (
        "ludoteca train maquis --games 2 --seed 28 --agent ismcts:level=easy --evaluation hand --l2 1.0 "
        "--option=difficulty=very-easy"
    )
    assert {"commit", "date", "log_loss", "positions"} <= set(first)
    weights = learned.load(tmp_path / "first.toml")
    assert list(weights.names) == list(new().evaluation_features(0))
    again = trained(tmp_path / "again.toml", "--jobs", "2")
    assert again["weights"] == first["weights"] and again["intercept"] == first["intercept"]
    other = trained(tmp_path / "other.toml", "--l2", "10")
    assert other["weights"] != first["weights"]


def test_a_fit_needs_wins_and_losses(tmp_path: Path) -> None:
    lost = ["--games", "1", "--seed", "5", "--agent", "ismcts:level=easy", "--lang=en"]  # a lost game
    result = runner.invoke(app, ["train", "maquis", *lost, "--out", str(tmp_path / "w.toml")])
    assert result.exit_code == 2 and "needs both wins and losses" in result.output
    assert not (tmp_path / "w.toml").exists()


def test_weights_named_give_values_strictly_between_a_loss_and_a_win(
    tmp_path: Path, evaluation_env: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "weights.toml"
    trained(path)
    monkeypatch.setenv(learned.ENVIRONMENT, f"maquis={path}")
    learned.evaluation_for.cache_clear()
    shipped = learned.load(path)
    state = new()
    assert set(TERMS) <= set(shipped.names) and list(shipped.names) == list(state.evaluation_features(0))
    rng = random.Random(3)
    values = []
    while not state.is_terminal():
        (value,) = state.evaluate()
        assert value == shipped.value(state.evaluation_features(0)) and -1.0 < value < 1.0
        values.append(value)
        legal = state.legal_actions()
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(legal))
    assert state.evaluate() == state.returns() and len(set(values)) > 10


def test_the_hand_written_evaluation_is_the_one_shipped_and_stays_available(
    evaluation_env: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = new()
    assert not GAME.learned_weights.exists()  # README §6: the hand-written terms won more
    assert state.evaluate() == [math.tanh(state.score(patrol_risk=True) / SCORE_SPREAD)]
    monkeypatch.setenv(learned.ENVIRONMENT, "maquis=hand")
    learned.evaluation_for.cache_clear()
    assert state.evaluate() == [math.tanh(state.score(patrol_risk=True) / SCORE_SPREAD)]


def test_a_malformed_choice_or_weights_file_is_refused_clearly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(learned.ENVIRONMENT, "maquis")
    with pytest.raises(learned.WeightsError, match="GAME=hand or GAME=FILE"):
        learned.choices()
    bad = tmp_path / "bad.toml"
    bad.write_text("intercept = 1.0\n[weights]\ncapacity = 'x'\n", "utf-8")
    with pytest.raises(learned.WeightsError, match="capacity"):
        learned.load(bad)
    result = runner.invoke(
        app, ["train", "maquis", "--evaluation", str(tmp_path / "none.toml"), "--lang", "en"]
    )
    assert result.exit_code == 2 and "is not a weights file" in result.output


def test_a_game_that_reads_no_learned_weights_is_trained_only_into_a_file_named() -> None:
    result = runner.invoke(app, ["train", "mar-y-acero", "--games", "1", "--lang", "en"])
    assert result.exit_code == 2 and "reads no learned weights" in result.output
