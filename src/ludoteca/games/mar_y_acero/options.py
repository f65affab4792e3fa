"""The options of Mar y Acero (§5 solo mode and level, the Testament variant), one typed value."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ludoteca.core.options import Options, option


@dataclass(frozen=True)
class MyaOptions(Options):
    """Two players or solo against the Nitayno (§5) at its level (§5.4), and the Testament variant."""

    mode: Literal["two-player", "solo"] = option("two-player", "option.mode")
    level: int = option(0, "option.level", choices=(0, 1, 2))
    testament: bool = option(False, "option.testament")
