"""The options of Pax Porfiriana (§PREPARACIÓN, Part L), one typed value."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from ludoteca.core.errors import BadOptionError
from ludoteca.core.options import Options, option


@dataclass(frozen=True)
class PaxOptions(Options):
    """How many Hacendados play (2–6), and the solitaire against Díaz (Part L: a two-player set-up where
    the second seat is Díaz, played by the rules' own bot)."""

    game_id: ClassVar[str] = "pax-porfiriana"
    players: int = option(2, "option.players", choices=(2, 3, 4, 5, 6))
    solo: Literal["off", "diaz"] = option("off", "option.solo")

    def check(self) -> None:
        """Part L: the solitaire is set up as a two-player game."""
        if self.solo == "diaz" and self.players != 2:
            raise BadOptionError(
                f"{self.game_id}: solo=diaz needs players=2, not players={self.players}",
                "error.solo_players",
                players=str(self.players),
            )
