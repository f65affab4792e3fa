"""What the adapter suites share: every registered game, and its modes as option sets."""

from __future__ import annotations

from ludoteca.core.game import Game, all_games

GAMES: list[Game] = list(all_games())
GAME_IDS = [g.id for g in GAMES]


def modes(game: Game) -> list[dict[str, str]]:
    """The defaults, then each other listed value of each option on its own."""
    return [{}] + [
        {spec.name: value} for spec in game.options for value in spec.choices if value != spec.default
    ]


MODES = [(g.id, options) for g in GAMES for options in modes(g)]
MODE_IDS = [f"{g}-{'-'.join(o.values()) or 'default'}" for g, o in MODES]
