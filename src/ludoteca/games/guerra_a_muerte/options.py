"""The options of Guerra a Muerte, one typed value: the scenario (§12) and the intelligence (§5.1.3)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ludoteca.core.options import Options, option


@dataclass(frozen=True)
class GamOptions(Options):
    """`scenario`: the campaign (§2, §11) or one of the three short scenarios (§12.1–§12.3).
    `intelligence`: limited hides each force's contents from the other side (§5.1.3); open is the
    rulebook's solitaire setting, where one person plays both sides and everything is in sight."""

    scenario: Literal["campaign", "1810-1814", "1815-1818", "1820-1824"] = option(
        "campaign", "option.scenario"
    )
    intelligence: Literal["limited", "open"] = option("limited", "option.intelligence")
