"""Fuzz every registered game in every mode its `FuzzPlan` names (`Game.fuzz`, DESIGN §10). CI runs a
modest count; `make fuzz` runs thousands.

`LUDOTECA_FUZZ_GAMES` sets the number of Maquis games per mode (default 60); a longer game plays that count
divided by its plan's `cost`, so that CI stays within minutes and `make fuzz` (3,000) gives each mode of
Mar y Acero and Patria Libre the 300 games their issues ask for.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import pytest

from ludoteca.core.fuzz import run_fuzz
from ludoteca.core.game import Game, all_games, get_game

GAMES = int(os.environ.get("LUDOTECA_FUZZ_GAMES", "60"))
CASES = [(game, options) for game in all_games() for options in game.fuzz.planned(GAMES)]


def case_id(game: Game, options: Mapping[str, str]) -> str:
    return "-".join([game.id, *options.values()])


@pytest.mark.slow
@pytest.mark.parametrize(("game", "options"), CASES, ids=[case_id(g, o) for g, o in CASES])
def test_fuzz_finds_no_failure(game: Game, options: Mapping[str, str], tmp_path: Path) -> None:
    games = game.fuzz.games(GAMES)
    report = run_fuzz(game, games, seed=1, options=options, failure_dir=tmp_path)
    assert report.games == games
    assert not report.failures, (
        report.failures[0]["traceback"] + "\nrecord: " + str(report.failures[0].get("record"))
    )
    assert report.actions > games  # the games really were played


def test_every_fuzz_plan_names_options_the_game_has() -> None:
    """A plan's modes are options its game accepts, each mode once: a misspelt option fails here, in the
    fast tests, not after the fuzz has played for minutes."""
    for game in all_games():
        modes = [*game.fuzz.modes, *game.fuzz.long_modes]
        assert modes and len({case_id(game, o) for o in modes}) == len(modes), game.id
        for options in modes:
            game.parse_options(options)


@pytest.mark.slow
def test_every_mission_card_is_fuzzed_in_play() -> None:
    """Each of the 14 cards is dealt in some fuzzed game, by naming pairs that cover them all."""
    from ludoteca.games.maquis.board import BOARD

    ids = list(BOARD.missions)
    pairs = [f"{ids[i]}+{ids[(i + 7) % 14]}" for i in range(7)]
    game = get_game("maquis")
    for pair in pairs:
        report = run_fuzz(game, max(4, GAMES // 10), seed=7, options={"missions": pair})
        assert not report.failures, (pair, report.failures[0]["traceback"])
