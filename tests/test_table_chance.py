"""Companion mode (issue 29, `core.table`): the dice and cards of the physical game give every chance
outcome. `ludoteca play GAME --chance table` asks the person at the table what came up; the rulebook's
solo opponent and the AI seats play on; the record stores the outcomes, replays and resumes."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ludoteca.cli import app
from ludoteca.core.errors import IllegalActionError
from ludoteca.core.game import CHANCE, get_game
from ludoteca.core.i18n import LANGUAGES
from ludoteca.core.match import Match
from ludoteca.core.record import load_record, replay_record
from ludoteca.core.table import fold, matching, outcome_choices
from ludoteca.terminal import Session

runner = CliRunner(env={"COLUMNS": "200"})


def parse_outcome(choices: list[dict[str, Any]], text: str, *others: list[dict[str, Any]]) -> int | None:
    """The one outcome an entry names (`matching`), None if none or several."""
    found = matching(text, choices, *others)
    return int(found[0]["id"]) if len(found) == 1 else None


def tell_first(monkeypatch: pytest.MonkeyPatch, before: tuple[str, ...] = (), count: int = 4000) -> None:
    """The person at the table types `before`, then, `count` times, the number the list shows first: the
    first outcome still possible came up (a deck's numbers are its cards' printed ones, so the number
    changes as cards leave); then input ends."""
    live: list[Session] = []
    asking = Session.table_turn

    def turn(session: Session) -> bool:
        live[:] = [session]
        return asking(session)

    typed = iter([*before, *(None for _ in range(count))])

    def entry(prompt: str = "") -> str:
        assert prompt.startswith("table"), prompt  # only the table is asked: the seats are agents
        word = next(typed, "")
        if word == "":
            raise EOFError
        return word or str(outcome_choices(live[0].match.state, "en")[0]["number"])

    monkeypatch.setattr(Session, "table_turn", turn)
    monkeypatch.setattr("builtins.input", entry)


def play(*args: str, stdin: str = "") -> str:
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


def test_mar_y_acero_solo_against_the_nitayno_with_the_table_s_dice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """§5: the Nitayno plays on; the Spanish seat is a random agent; every die, bag draw and card the
    person reports. The game ends, its record says chance came from the table, and it replays."""
    record = tmp_path / "mya.json"
    tell_first(monkeypatch, before=("nine",))
    output = play(
        "mar-y-acero", "-o", "mode=solo", "--ai", "espanoles=random", "--chance", "table",
        "--seed", "2", "--record", str(record),
    )  # fmt: skip
    assert "'nine' is not one of the outcomes still possible: type its number (8, 9)" in output
    assert "At the table: what came up?" in output and "Recorded from the table: 1 · Die 1 (die 1)." in output
    assert "Result" in output
    saved = load_record(record)
    assert saved["chance"] == "table" and saved["result"] is not None
    assert replay_record(saved).state.is_terminal()
    told_first(saved)


def test_maquis_to_the_end_with_the_table_s_cards_then_resumed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Maquis's mission cards and patrol deck from the table; the cautious agent plays the Resistance.
    Stopped after a few draws (end of input), the saved game resumes with --resume and ends; the whole
    record replays."""
    part = tmp_path / "part.json"
    # seeded: the agent's choices follow the seed, and with some seeds every worker is lost in five draws
    tell_first(monkeypatch, count=5)
    stopped = play(
        "maquis", "--ai", "resistencia=cautious", "--chance", "table", "--seed", "1", "--record", str(part),
    )  # fmt: skip
    assert "End of input" in stopped
    first = load_record(part)
    assert first["chance"] == "table" and first["result"] is None
    whole = tmp_path / "whole.json"
    tell_first(monkeypatch)
    resumed = play("maquis", "--resume", str(part), "--ai", "resistencia=cautious", "--record", str(whole))
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


def test_maquis_cards_are_told_by_their_printed_number_and_name_and_a_slip_is_taken_back(
    tmp_path: Path,
) -> None:
    """Issue 54: after patrol card 4 was drawn the list was renumbered, so typing 5 (the number printed on
    the card) recorded card 6, and `undo` refused. Now the list keeps the printed numbers, a mission is
    told by its name or the start of it, each outcome is said back, and a slip is taken back with `undo`
    before anything else happens — at the Resistance's prompt, as a person types."""
    record = tmp_path / "maquis.json"
    entries = [
        "Mission",  # the start of every mission's label: which one?
        "coded messages",  # a name, as printed (the English words at an English table)
        "take",  # the start of a name: Take Out the Bridges
        "place fence",  # the Resistance places a worker
        "4",  # patrol card 4
        "place poor_district",
        "4",  # card 4 is gone: refused, with the numbers still possible
        "5",  # the number printed on the card drawn, not the fifth line
        "place grocer",
        "undo",  # at the table's prompt: the person's own placement, just made
        "place pont_du_nord",
        "7",  # a slip: card 6 came up
        "undo",  # at the Resistance's prompt, before anything else: the card is taken back
        "6",
        "quit",
    ]
    output = play(
        "maquis", "--chance", "table", "--seed", "1", "--compact", "--record", str(record),
        stdin="\n".join(entries) + "\n",
    )  # fmt: skip
    assert "'Mission' may be 1 · Mission: Milice Parade Day, 2 · Mission: Officer's Mansion, " in output
    assert "4 · Mission: Underground Newspaper, …: type more of the name, or the number." in output
    assert "Recorded from the table: 12 · Mission: Coded Messages (mission coded-messages)." in output
    assert (
        "Recorded from the table: 13 · Mission: Take Out the Bridges (mission take-out-the-bridges)" in output
    )
    assert " 4 │ patrol 4 " in output and " 5 │ patrol 5 " in output  # the printed number, kept
    assert "'4' is not one of the outcomes still possible: type its number (1–3, 5–10)" in output
    assert "Recorded from the table: 5 · Patrol card 5 (patrol 5)." in output
    assert "Not what came up? Type undo before anything else happens." in output
    assert "Undone: place grocer." in output
    assert "Taken back: 7 · Patrol card 7 (patrol 7). Say again what came up." in output
    told = [notation for actor, notation in load_record(record)["actions"] if actor == "chance"]
    assert told == [
        "mission coded-messages", "mission take-out-the-bridges", "patrol 4", "patrol 5", "patrol 6",
    ]  # fmt: skip


def test_a_slip_at_the_table_s_own_prompt_is_taken_back_in_spanish(tmp_path: Path) -> None:
    """Two missions are drawn one after the other: the second prompt takes `deshacer` for the first."""
    record = tmp_path / "maquis.json"
    result = runner.invoke(
        app,
        ["play", "maquis", "--chance", "table", "--seed", "1", "--compact", "--record", str(record)],
        input="sabotaje\ndeshacer\nmensajes\nvolar\nquit\n",
    )
    assert result.exit_code == 0 and "Traceback" not in result.output, result.output[-2000:]
    assert "Anotado de la mesa: 3 · Misión: Sabotaje (mission sabotage)." in result.output
    assert "Retirado: 3 · Misión: Sabotaje (mission sabotage). Di otra vez qué ha salido." in result.output
    told = [notation for actor, notation in load_record(record)["actions"] if actor == "chance"]
    assert told == ["mission coded-messages", "mission take-out-the-bridges"]


def test_sampled_chance_is_never_taken_back() -> None:
    """SECURITY.md: undo never passes a sampled chance outcome; a told one only while it is the latest."""
    game = get_game("maquis")
    sampled = Match(game, None, 1)
    sampled.play_chance()
    assert not sampled.told_last()
    with pytest.raises(IllegalActionError, match="only an outcome told at the table"):
        sampled.take_back_told()
    told = Match(game, None, 1, chance="table")
    told.apply(told.state.chance_outcomes()[0][0])
    told.apply(told.state.chance_outcomes()[0][0])
    assert told.told_last() and told.undoable(0) == 0
    told.resolve_chance() if told.state.is_chance_node() else None
    placement = told.state.legal_actions()[0]
    told.apply(placement)
    assert not told.told_last()  # something happened since
    told.undo(0)
    assert told.told_last()  # ...and was taken back: the outcome is the latest again
    before = told.state.digest()
    told.take_back_told()
    assert told.state.is_chance_node() and len(told.history) == 1 and told.state.digest() != before
    assert not told.told_last()


@pytest.mark.slow  # up to 2,000 actions of each game, every outcome matched in both languages
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_game_s_outcomes_are_named_by_printed_number_and_name(lang: str) -> None:
    """Every game's chance nodes (dice, decks, bags): each outcome is found by its number, its notation,
    and its printed name where no other outcome has it, in either language; numbers never repeat."""
    for game in (
        get_game(g) for g in ("maquis", "mar-y-acero", "patria-libre", "pax-porfiriana", "guerra-a-muerte")
    ):
        match, rng, seen = Match(game, None, 3), random.Random(3), 0
        while not match.state.is_terminal() and seen < 12 and len(match.history) < 2000:
            if not match.state.is_chance_node():
                match.apply(rng.choice(match.state.legal_actions()))
                continue
            choices = outcome_choices(match.state, lang)
            others = [outcome_choices(match.state, other) for other in LANGUAGES if other != lang]
            numbers = [c["number"] for c in choices]
            assert len(set(numbers)) == len(numbers), (game.id, numbers)
            names = [fold(c["name"]) for c in choices if c["name"]]
            for choice in choices:
                assert parse_outcome(choices, str(choice["number"])) == choice["id"]
                assert parse_outcome(choices, choice["notation"].upper()) == choice["id"]
                if choice["name"] and names.count(fold(choice["name"])) == 1:
                    assert parse_outcome(choices, choice["name"], *others) == choice["id"], choice
                    assert parse_outcome(choices, fold(choice["name"])) == choice["id"], choice  # no accents
            seen += 1
            match.play_chance()
        assert seen, game.id


def test_a_die_is_told_by_its_face_and_a_deck_s_numbers_stay_as_cards_leave() -> None:
    match = Match(get_game("maquis"), None, 1, chance="table")
    missions = outcome_choices(match.state, "en")
    coded = next(c for c in missions if c["name"] == "Coded Messages")
    assert matching("cod", missions) == [coded] and parse_outcome(missions, "códed MESSAGES") == coded["id"]
    assert len(matching("mission", missions)) == 14  # ambiguous: every label starts so
    match.apply(coded["id"])
    left = outcome_choices(match.state, "en")
    assert [c["number"] for c in left] == [n for n in range(1, 15) if n != coded["number"]]
