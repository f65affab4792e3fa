"""Only the roles in play are seated (`Game.roles_in_play`): a game never asks a role left out — one
beyond the player count, or one its rulebook's solo opponent plays as part of the rules."""

from __future__ import annotations

import random

import pytest

from ludoteca.core.game import CHANCE, TERMINAL, get_game
from ludoteca.core.match import Match

CASES = [
    ("maquis", {}, ("resistencia",)),
    ("mar-y-acero", {}, ("espanoles", "indigenas")),
    ("mar-y-acero", {"mode": "solo"}, ("espanoles",)),
    ("patria-libre", {}, ("hidalgo", "calleja")),
    ("patria-libre", {"players": "2", "insurgent": "morelos", "royalist": "venegas"}, ("morelos", "venegas")),
    ("patria-libre", {"players": "3"}, ("hidalgo", "calleja", "iturbide")),
    ("patria-libre", {"players": "4"}, ("hidalgo", "calleja", "morelos", "venegas")),
    ("patria-libre", {"solo": "insurgentes"}, ("calleja",)),
    ("patria-libre", {"solo": "realistas"}, ("hidalgo",)),
]


@pytest.mark.parametrize(("game_id", "options", "seated"), CASES)
def test_only_the_roles_in_play_are_ever_asked(
    game_id: str, options: dict[str, str], seated: tuple[str, ...]
) -> None:
    game = get_game(game_id)
    in_play = game.roles_in_play(game.parse_options(options))
    assert tuple(game.roles[r] for r in in_play) == seated
    for seed in range(3):
        match = Match(game, options, seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            player = match.state.current_player()
            if player == TERMINAL:
                break
            assert player == CHANCE or player in in_play, f"{game.roles[player]} was asked"
            if player == CHANCE:
                match.play_chance()
            else:
                match.apply(rng.choice(match.state.legal_actions()))
