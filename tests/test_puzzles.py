"""Puzzles (issue 56, `ai/puzzles.py`, `ludoteca puzzles`): the loader's errors, the scoring on the toy game's
suite (solved by the search, failed by a deliberately bad agent), and every shipped suite checked without
searching: it loads, its positions are reached, its answers and moves to avoid are legal there."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoteca.ai.puzzles import PuzzleError, attempt, load_file, suite_path, summary
from ludoteca.cli import app
from ludoteca.core import game as game_module
from ludoteca.core.game import Game, all_games
from ludoteca.core.i18n import Catalog
from ludoteca.core.state import State
from plangames import Shop, ShopPlanner
from toygame import ADD, PASS, RaceGame, RaceState

TOY_SUITE = Path(__file__).parent / "toydata" / "puzzles.toml"
STRONG = "ismcts:iters=200:seed=1"
GOOD = """
[[puzzle]]
id = "p1"
game = "race"
actions = ["roll 2"]
role = "red"
answers = ["add"]
theme = "t"
why = { es = "porque", en = "because" }
"""


class PassingAgent:
    """A deliberately bad agent: passes whenever it may."""

    def step(self, state: State) -> int:
        legal = state.legal_actions()
        return PASS if PASS in legal else legal[0]


def bad_agent(game: Game, role: int, seed: int, params: Mapping[str, str]) -> PassingAgent:
    return PassingAgent()


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "p.toml"
    path.write_text(text, encoding="utf-8")
    return path


def refusal(tmp_path: Path, text: str) -> PuzzleError:
    with pytest.raises(PuzzleError) as caught:
        load_file(write(tmp_path, text))
    return caught.value


def test_a_good_puzzle_loads_with_its_position(toy: RaceGame, tmp_path: Path) -> None:
    (puzzle,) = load_file(write(tmp_path, GOOD))
    assert puzzle.id == "p1" and puzzle.role == 0 and puzzle.answers == {ADD}
    assert puzzle.position.legal_actions() == [ADD, PASS]
    assert puzzle.position.d["roll"] == 2


@pytest.mark.parametrize(
    ("text", "field", "words"),
    [
        ("[[puzzle]\nid = 1", "-", "not TOML"),
        ("title = 'x'", "title", "only [[puzzle]]"),
        (GOOD.replace('theme = "t"\n', ""), "theme", "missing"),
        (GOOD.replace('theme = "t"', 'theme = "t"\nhint = "x"'), "hint", "unknown field"),
        (GOOD.replace('"roll 2"', '"roll 9"'), "actions", "unknown notation 'roll 9'"),
        (GOOD.replace('"roll 2"', '"roll 2", "done"'), "actions", "action 2 (done) cannot be played"),
        (GOOD.replace('role = "red"', 'role = "blue"'), "role", "blue is not to move"),
        (GOOD.replace('role = "red"', 'role = "green"'), "role", "unknown role"),
        (GOOD.replace('answers = ["add"]', 'answers = ["done"]'), "answers", "done is not legal"),
        (GOOD.replace('answers = ["add"]', "answers = []"), "answers", "list of notations"),
        (GOOD.replace('answers = ["add"]', 'answers = ["add"]\navoid = ["add"]'), "avoid", "both"),
        (GOOD.replace('game = "race"', 'game = "chess"'), "game", "unknown game"),
        (GOOD.replace('game = "race"', 'game = "race"\noptions = { target = "7" }'), "options", "target"),
        (GOOD.replace('en = "because"', 'fr = "parce que"'), "why", "each language"),
        (GOOD + GOOD, "id", "another puzzle"),
        ("puzzle = [1]", "puzzle", "must be a table"),
    ],
)
def test_a_bad_file_is_refused_naming_the_puzzle_and_field(
    toy: RaceGame, tmp_path: Path, text: str, field: str, words: str
) -> None:
    error = refusal(tmp_path, text)
    assert error.params["field"] == field
    assert words in str(error)
    where = "-" if field in ("-", "title") else "#1" if field == "puzzle" else "p1"
    assert str(error).startswith(f"{tmp_path / 'p.toml'}: puzzle {where}, field {field}: ")


def test_the_refusal_reads_in_both_languages(toy: RaceGame, tmp_path: Path) -> None:
    error = refusal(tmp_path, GOOD.replace('role = "red"', 'role = "blue"'))
    catalog = Catalog()
    assert error.localized(catalog, "es").endswith("campo role: en esa posición no juega blue: juega red")
    assert error.localized(catalog, "en").endswith("field role: blue is not to move in that position: red is")


def test_a_position_where_nobody_decides_is_refused(toy: RaceGame, tmp_path: Path) -> None:
    error = refusal(tmp_path, GOOD.replace('"roll 2"', '"roll 2", "add", "done"'))
    assert error.params["field"] == "actions" and "nobody decides" in str(error)


def test_the_search_solves_the_toy_suite_and_a_bad_agent_fails_it(
    toy: RaceGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    suite = load_file(TOY_SUITE, toy)
    strong = summary([attempt(p, STRONG) for p in suite], STRONG, "en")
    assert (strong["solved"], strong["total"], strong["blunders"]) == (3, 3, 0)
    monkeypatch.setattr(toy, "agents", {"passer": bad_agent})
    weak = summary([attempt(p, "passer") for p in suite], "passer", "es")
    assert (weak["solved"], weak["blunders"]) == (1, 2)
    assert weak["themes"] == {
        "win-now": {"solved": 0, "total": 2, "seconds_per_puzzle": pytest.approx(0.0, abs=0.01)},
        "forced": {"solved": 1, "total": 1, "seconds_per_puzzle": pytest.approx(0.0, abs=0.01)},
    }
    assert weak["puzzles"][0]["played"] == "pass" and weak["puzzles"][0]["why"].startswith("Con 9")


def test_the_agent_is_given_a_state_redrawn_from_its_role_s_information(
    toy: RaceGame, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The agent never holds the true state: it decides on `resample_from_infostate(role)`."""
    (puzzle,) = load_file(write(tmp_path, GOOD))
    redrawn: list[tuple[int, State]] = []
    seen: list[State] = []

    def resample(state: RaceState, role: int, rng: random.Random) -> RaceState:
        twin = state.clone()
        redrawn.append((role, twin))
        return twin

    class Spy:
        def step(self, state: State) -> int:
            seen.append(state)
            return ADD

    monkeypatch.setattr(RaceState, "resample_from_infostate", resample)
    monkeypatch.setattr(toy, "agents", {"spy": lambda game, role, seed, params: Spy()})
    assert attempt(puzzle, "spy").solved
    assert redrawn == [(0, seen[0])] and seen[0] is not puzzle.position


def test_the_command_reports_per_theme_and_as_json(toy: RaceGame) -> None:
    runner = CliRunner(env={"COLUMNS": "200"})
    result = runner.invoke(app, ["puzzles", "race", str(TOY_SUITE), "--agent", STRONG, "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert (report["game"], report["solved"], report["total"]) == ("race", 3, 3)
    assert list(report["themes"]) == ["win-now", "forced"]
    result = runner.invoke(
        app, ["puzzles", "race", str(TOY_SUITE), "--agent", "random", "-v", "--lang", "en"]
    )
    assert result.exit_code == 0 and "race:" in result.output and "add-to-win (win-now)" in result.output
    result = runner.invoke(app, ["puzzles", "race", "--lang", "en"])
    assert result.exit_code == 2 and "race ships no puzzle suite" in result.output


def test_every_shipped_suite_loads_with_legal_answers() -> None:
    """No search: loading replays every position and checks every answer and move to avoid is legal (a
    plan's name among the planner's candidates there, `plan_names`: an answer may be a plan alone)."""
    shipped = {
        game.id: load_file(suite_path(game), game) for game in all_games() if suite_path(game).is_file()
    }
    assert len(shipped.get("maquis", [])) >= 30
    assert len(shipped.get("guerra-a-muerte", [])) >= 30
    for game_id, suite in shipped.items():
        for puzzle in suite:
            assert puzzle.game.id == game_id and (puzzle.answers or puzzle.plans)
            assert puzzle.answers <= set(puzzle.position.legal_actions())


PLANNED = """
[[puzzle]]
id = "buy-red"
game = "shop"
actions = ["card 3"]
role = "buyer"
answers = ["plan:all red"]
avoid = ["plan:all blue"]
theme = "plans"
why = { es = "el rojo vale más de media", en = "red is worth more on average" }
"""


@pytest.fixture
def shop(monkeypatch: pytest.MonkeyPatch) -> Shop:
    """The shop game (tests/plangames.py), whose planner offers "all blue" and "all red", registered."""
    monkeypatch.setattr(game_module, "_discovered", True)
    monkeypatch.setattr(game_module, "_REGISTRY", {})
    game = Shop(ShopPlanner())
    game_module.register(game)
    return game


def test_an_answer_may_name_a_plan_and_is_solved_by_choosing_it(shop: Shop, tmp_path: Path) -> None:
    (puzzle,) = load_file(write(tmp_path, PLANNED))
    assert puzzle.plans == {"all red"} and puzzle.avoid_plans == {"all blue"} and puzzle.answers == set()
    planned = attempt(puzzle, "ismcts:iters=100:depth=0")
    assert planned.plan == "all red" and planned.solved and not planned.blunder
    plain = attempt(puzzle, "ismcts:iters=100:depth=0:plans=0")  # no plan chosen: not solved by a move
    assert plain.plan is None and not plain.solved
    report = summary([planned, plain], "ismcts", "en")
    assert report["puzzles"][0]["plan"] == "all red" and report["puzzles"][0]["answers"] == ["plan:all red"]
    assert report["solved"] == 1
    runner = CliRunner(env={"COLUMNS": "200"})
    shown = runner.invoke(
        app, ["puzzles", "shop", str(tmp_path / "p.toml"), "--agent", "ismcts:iters=50:depth=0", "-v"]
    )
    assert shown.exit_code == 0 and "(plan:all red)" in shown.output and "plan:all red" in shown.output


@pytest.mark.parametrize(
    ("text", "field", "words"),
    [
        (PLANNED.replace("plan:all red", "plan:all green"), "answers", "no plan all green among the plans"),
        (PLANNED.replace("plan:all blue", "plan:all gold"), "avoid", "at this position: all blue, all red"),
        (PLANNED.replace('avoid = ["plan:all blue"]', 'avoid = ["plan:all red"]'), "avoid", "both"),
    ],
)
def test_a_plan_answer_must_be_among_the_candidates(
    shop: Shop, tmp_path: Path, text: str, field: str, words: str
) -> None:
    error = refusal(tmp_path, text)
    assert error.params["field"] == field and words in str(error)
    assert str(error).startswith(f"{tmp_path / 'p.toml'}: puzzle buy-red, field {field}: ")


def test_a_plan_answer_where_the_game_plans_nothing_is_refused(toy: RaceGame, tmp_path: Path) -> None:
    error = refusal(tmp_path, GOOD.replace('answers = ["add"]', 'answers = ["plan:win"]'))
    assert error.params["field"] == "answers"
    assert "no plan win: the game plans nothing at this position" in str(error)
    assert "el juego no hace planes" in error.localized(Catalog(), "es")
