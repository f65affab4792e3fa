"""The Maquis terminal drawing (`ludoteca play maquis`): real positions rendered to plain text."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from rich.console import Console

from ludoteca.core.game import get_game
from ludoteca.core.match import Match
from ludoteca.games.maquis import GAME
from ludoteca.games.maquis.board import BOARD
from ludoteca.games.maquis.terminal import render

LANGS = ("es", "en")


def _play(seed: int, moves: int) -> Match:
    """`moves` random actions (chance included) from a new game, stopping at its end."""
    match, rng = Match(get_game("maquis"), {}, seed), random.Random(seed)
    for _ in range(moves):
        if match.state.is_terminal():
            break
        if match.state.is_chance_node():
            match.play_chance()
        else:
            match.apply(rng.choice(match.state.legal_actions()))
    return match


def _text(view: dict[str, Any], lang: str, width: int = 100) -> str:
    console = Console(record=True, width=width)
    console.print(render(view, lang))
    return console.export_text()


POSITIONS = {"start": (1, 0), "dealt": (1, 3), "mid-game": (3, 40), "finished": (5, 10_000)}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("position", POSITIONS)
def test_the_drawing_shows_the_position(position: str, lang: str) -> None:
    match = _play(*POSITIONS[position])
    view = match.state.view(0, lang)
    board, text = view["board"], _text(view, lang)
    assert max(len(line) for line in text.splitlines()) <= 100
    for loc, spec in BOARD.locations.items():
        if spec.kind not in ("spare_room", "mission_slot"):
            assert board["names"][loc] in text, loc
    assert f"{GAME.catalog.text('term.morale', lang)} {board['morale']} " in text
    assert GAME.catalog.text(f"phase.{board['phase']}", lang) in text
    for mission in board["missions"]:
        assert text.count(board["names"][mission["id"]]) == 2  # on the map and in the missions table
    assert GAME.catalog.text("term.supply", lang) in text
    for kind, held in board["resources"].items():
        name = GAME.catalog.text(f"res.{kind}", lang)
        assert re.search(rf"■ {name} +{held} +{board['supply'][kind]} ", text), kind
    if view["result"]:
        assert view["result"]["text"] in text


def test_the_positions_are_the_ones_meant() -> None:
    assert _play(*POSITIONS["start"]).state.view(0)["board"]["missions"] == []
    assert len(_play(*POSITIONS["dealt"]).state.view(0)["board"]["missions"]) == 2
    assert not _play(*POSITIONS["mid-game"]).state.is_terminal()
    assert _play(*POSITIONS["finished"]).state.is_terminal()


@pytest.mark.parametrize("lang", LANGS)
def test_a_placed_worker_stands_under_its_location(lang: str) -> None:
    match = _play(2, 0)
    while match.state.is_chance_node():
        match.play_chance()
    match.apply_notation("place doctor")
    view = match.state.view(0, lang)
    assert view["board"]["pawns"]["doctor"] == "w"
    lines = _text(view, lang).splitlines()
    row = next(
        i for i, line in enumerate(lines) if re.search(rf"\b{view['board']['names']['doctor']}\b", line)
    )
    start = lines[row].index(view["board"]["names"]["doctor"])
    worker = "●" + GAME.catalog.text("term.pawn.w", lang)
    assert worker in lines[row + 1][start - 2 : start + len(view["board"]["names"]["doctor"]) + 2]


def test_a_closed_road_and_a_built_room_are_marked() -> None:
    """Take Out the Bridges destroys the north bridge (Pont du Nord – Black Market); the Counterfeiter
    is built in the north-east spare room."""
    view = _play(3, 40).state.view(0, "en")
    board = view["board"]
    board["closed_roads"] = [["black_market", "pont_du_nord"]]
    board["bridges_destroyed"] = ["north"]
    board["tiles"] = {"spare_room_ne": "counterfeiter"}
    board["tiles_left"].remove("counterfeiter")
    text = _text(view, "en")
    town = text.split("The town")[1].split("Resources")[0]
    assert "×" in town.replace("× road closed", "")
    assert "Counterfeiter" in town
    assert "Bridges destroyed: north" in text
    assert "Room tiles left: Informant, Safe House" in text


@pytest.mark.parametrize("lang", LANGS)
def test_the_map_shrinks_to_an_80_column_terminal(lang: str) -> None:
    view = _play(3, 40).state.view(0, lang)
    text = _text(view, lang, width=80)
    assert max(len(line) for line in text.splitlines()) <= 80
    for loc in ("fence", "radio_b", "cafe", "grocer"):
        assert view["board"]["names"][loc] in text


@pytest.mark.parametrize("game_id", ["maquis", "mar-y-acero"])
def test_a_number_keeps_its_meaning_within_a_kind_of_decision(game_id: str) -> None:
    """README's promise, as kept (issue 25): in decisions offering the same kinds of action a number always
    names the same action (the Grocer is always 12 when placing), whichever of them are legal; a decision
    of another kind may number differently (Maquis reuses 11, Mar y Acero 5)."""
    from ludoteca.terminal import stable_numbers

    game = get_game(game_id)
    meaning: dict[tuple[tuple[str, ...], int], str] = {}
    for seed in range(3):
        match, rng = Match(game, {}, seed), random.Random(seed)
        for _ in range(400):
            if match.state.is_terminal():
                break
            if match.state.is_chance_node():
                match.play_chance()
                continue
            view = match.state.view(match.state.current_player(), "en")
            kinds = tuple(dict.fromkeys(action["group"] for action in view["actions"]))
            for number, action in stable_numbers(game, view["actions"]).items():
                assert meaning.setdefault((kinds, number), action["notation"]) == action["notation"]
            match.apply(rng.choice(match.state.legal_actions()))
    if game_id == "maquis":
        placing = [
            n
            for (kinds, n), notation in meaning.items()
            if notation == "place grocer" and kinds == ("place",)
        ]
        assert placing == [12]
