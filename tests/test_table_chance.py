"""Companion mode (issue 29, `core.table`): the dice and cards of the physical game give every chance
outcome. `ludoteca play GAME --chance table` asks the person at the table what came up; the rulebook's
solo opponent and the AI seats play on; the record stores the outcomes, replays and resumes."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from ludoteca.cli import app
from ludoteca.core.game import CHANCE, get_game
from ludoteca.core.match import Match
from ludoteca.core.record import load_record, replay_record
from ludoteca.core.table import outcome_choices, parse_outcome

runner = CliRunner(env={"COLUMNS": "200"})
FIRST = "1\n" * 4000
"""The person at the table says, every time, that the first outcome still possible came up."""


def play(*args: str, stdin: str) -> str:
    result = runner.invoke(app, ["play", *args, "--lang", "en"], input=stdin)
    assert "Traceback" not in result.output and result.exit_code == 0, result.output[-3000:]
    return result.output


def told_first(record: dict[str, object]) -> None:
    """Every chance outcome of the record is the first one the table could show at that point."""
    game = get_game(str(record["game"]))
    match = Match(game, record["options"], 0)  # type: ignore[arg-type]
    chances = 0
    for actor, notation in record["actions"]:  # type: ignore[attr-defined]
        if actor == "chance":
            assert match.state.current_player() == CHANCE
            assert game.actions.parse(notation) == match.state.chance_outcomes()[0][0], notation
            chances += 1
        match.apply_notation(notation)
    assert chances >= 5


def test_outcomes_are_named_by_number_notation_label_or_face() -> None:
    match = Match(get_game("mar-y-acero"), {"mode": "solo"}, 1)
    while not (
        match.state.is_chance_node() and match.game.actions.verb(match.state.legal_actions()[0]) == "die"
    ):
        match.play_chance() if match.state.is_chance_node() else match.apply(match.state.legal_actions()[0])
    choices = outcome_choices(match.state, "es")
    assert [c["number"] for c in choices] == [1, 2, 3, 4, 5, 6]
    assert [c["label"] for c in choices] == [f"Dado {face}" for face in range(1, 7)]  # the face, no key
    six = match.game.actions.parse("die 6")
    assert parse_outcome(choices, "6") == parse_outcome(choices, " DIE  6 ") == six
    assert parse_outcome(choices, "dado 6") == six
    assert parse_outcome(choices, "7") is None and parse_outcome(choices, "0") is None
    assert parse_outcome(choices, "die 9") is None and parse_outcome(choices, "") is None


def test_mar_y_acero_solo_against_the_nitayno_with_the_table_s_dice(tmp_path: Path) -> None:
    """§5: the Nitayno plays on; the Spanish seat is a random agent; every die, bag draw and card the
    person reports. The game ends, its record says chance came from the table, and it replays."""
    record = tmp_path / "mya.json"
    output = play(
        "mar-y-acero", "-o", "mode=solo", "--ai", "espanoles=random", "--chance", "table",
        "--seed", "2", "--record", str(record), stdin="nine\n" + FIRST,
    )  # fmt: skip
    assert "'nine' is not one of the outcomes: type a number from 1 to" in output
    assert "At the table: what came up?" in output and "At the table: Die 1." in output
    assert "Result" in output
    saved = load_record(record)
    assert saved["chance"] == "table" and saved["result"] is not None
    assert replay_record(saved).state.is_terminal()
    told_first(saved)


def test_maquis_to_the_end_with_the_table_s_cards_then_resumed(tmp_path: Path) -> None:
    """Maquis's mission cards and patrol deck from the table; the cautious agent plays the Resistance.
    Stopped after a few draws (end of input), the saved game resumes with --resume and ends; the whole
    record replays."""
    part = tmp_path / "part.json"
    # seeded: the agent's choices follow the seed, and with some seeds every worker is lost in five draws
    stopped = play(
        "maquis", "--ai", "resistencia=cautious", "--chance", "table", "--seed", "1", "--record", str(part),
        stdin="1\n" * 5,
    )  # fmt: skip
    assert "End of input" in stopped
    first = load_record(part)
    assert first["chance"] == "table" and first["result"] is None
    whole = tmp_path / "whole.json"
    resumed = play(
        "maquis", "--resume", str(part), "--ai", "resistencia=cautious", "--record", str(whole), stdin=FIRST
    )
    assert "Result" in resumed
    done = load_record(whole)
    assert done["actions"][: len(first["actions"])] == first["actions"] and done["chance"] == "table"
    assert replay_record(done).state.is_terminal()
    told_first(done)


def test_a_record_of_another_game_is_not_resumed(tmp_path: Path) -> None:
    record = tmp_path / "m.json"
    play("maquis", "--ai", "resistencia=cautious", "--chance", "table", "--record", str(record), stdin="1\n")
    result = runner.invoke(app, ["play", "mar-y-acero", "--resume", str(record), "--lang", "en"], input="")
    assert result.exit_code == 2 and "is a record of maquis, not of mar-y-acero" in result.output
