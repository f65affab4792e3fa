"""The options of Maquis (§Dificultad), one typed value (`core.options`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ludoteca.core.errors import BadOptionError
from ludoteca.core.options import Options, OptionSpec, option
from ludoteca.games.maquis.board import BOARD


@dataclass(frozen=True)
class MaquisOptions(Options):
    """§Dificultad: the difficulty, the mission cards, the orange days' printing, and how Assassination is
    met (README, ambiguity 5)."""

    difficulty: Literal["very-easy", "easy", "normal", "tricky", "hard", "very-hard"] = option(
        "normal", "option.difficulty"
    )
    missions: Literal["random", "level1", "level2", "mixed"] = option(
        "random", "option.missions", pattern_help="<mission>+<mission>"
    )
    orange_days: Literal["commercial", "pnp"] = option("commercial", "option.orange_days")
    assassination: Literal["all-shot", "none-standing"] = option("all-shot", "option.assassination")

    @classmethod
    def accepts(cls, spec: OptionSpec, value: str) -> bool:
        """`missions` also takes two named cards, `<id>+<id>` (§Dificultad de las cartas de misión)."""
        if spec.name != "missions":
            return False
        names = value.split("+")
        return len(names) == 2 and names[0] != names[1] and all(n in BOARD.missions for n in names)

    @classmethod
    def refused(cls, spec: OptionSpec, value: str) -> BadOptionError:
        """A bad `missions` value also lists the mission ids."""
        exc = super().refused(spec, value)
        if spec.name != "missions":
            return exc
        ids = ", ".join(BOARD.missions)
        allowed = f"{exc.params['allowed']} ({ids})"
        return BadOptionError(f"{exc}; missions are: {ids}", exc.key, **{**exc.params, "allowed": allowed})
