"""The game contract shared by every Ludoteca game (DESIGN §2–§5, §7).

The core depends on the standard library only.
"""

from ludoteca.core.errors import BadOptionError, IllegalActionError, LudotecaError, RecordError
from ludoteca.core.game import CHANCE, TERMINAL, Game, all_games, get_game, register
from ludoteca.core.options import Options, OptionSpec
from ludoteca.core.state import State

__all__ = [
    "CHANCE",
    "TERMINAL",
    "BadOptionError",
    "Game",
    "IllegalActionError",
    "LudotecaError",
    "OptionSpec",
    "Options",
    "RecordError",
    "State",
    "all_games",
    "get_game",
    "register",
]
