"""The options of Patria Libre (§Configuración de partida, §Modo solitario), one typed value."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ludoteca.core.errors import BadOptionError
from ludoteca.core.options import Options, option


@dataclass(frozen=True)
class PatriaOptions(Options):
    """§Configuración de partida: how many play, which leaders, the solo mode and the military split."""

    players: int = option(2, "option.players", choices=(2, 3, 4))
    insurgent: Literal["hidalgo", "morelos"] = option("hidalgo", "option.insurgent")
    royalist: Literal["calleja", "venegas"] = option("calleja", "option.royalist")
    solo: Literal["off", "insurgentes", "realistas"] = option("off", "option.solo")
    military_split: Literal["even", "printed"] = option("even", "option.military_split")

    def check(self) -> None:
        """The personality deck plays one side of a two-player game (§Modo solitario)."""
        if self.solo != "off" and self.players != 2:
            raise BadOptionError(
                f"{self.game_id}: solo={self.solo} needs players=2, not players={self.players}",
                "error.solo_players",
                solo=self.solo,
                players=str(self.players),
            )
