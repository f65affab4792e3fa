"""Every counter of the game as the rules see it: the named units of `board.py` and the generic militia
of the recruit pools (§2.3, §4.4), with side, nationality, arm, steps and factors (§1.2, §4.4)."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from ludoteca.games.guerra_a_muerte.actions import militia_ids
from ludoteca.games.guerra_a_muerte.board import BOARD

SIDES = ("patriot", "royalist")
PATRIOT_GROUPS = (("el_plata", "chile"), ("gran_colombia", "peru"), ("mexico",))
"""§3.2: the order in which the Patriot nations operate (the Peruvians go with Gran Colombia)."""
PATRIOT_POOLS = {
    "el_plata": ("el_plata",),
    "chile": ("chile", "el_plata"),
    "gran_colombia": ("gran_colombia",),
    "mexico": ("mexico",),
    "peru": ("peru", "el_plata", "chile", "gran_colombia"),
}
"""§4.2: the RP pools each Patriot nationality may spend, its own first."""


@dataclass(frozen=True)
class Counter:
    """One land or naval counter: `side` is patriot, royalist or rebel (the El Plata rebels, §9.5)."""

    id: str
    side: str
    nationality: str
    arm: str
    steps: int
    factor: int
    reduced: int
    militia: bool
    size: str
    new_granada: bool
    partisans: bool

    naval: bool = field(init=False)
    """A frigate or a ship of the line (§7), worked out once: the rules ask it at every step."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "naval", self.arm in ("frigate", "ship_of_the_line"))

    def strength(self, steps: int) -> int:
        """The combat factor at `steps` (a two-step unit on its reduced side at 1)."""
        return self.reduced if self.steps == 2 and steps == 1 else self.factor

    def cost(self) -> float:
        """§4.4: what building the counter costs in RP."""
        rp = BOARD.tables["rp_cost"]
        if self.militia:
            return float(rp[f"militia_{self.arm}"])
        if self.naval or self.arm == "artillery":
            return float(rp[self.arm])
        if self.arm == "cavalry":
            return float(rp[f"cavalry_regiment_{self.steps}"])
        return float(rp["infantry_regiment" if self.steps == 2 else "infantry_battalion"])


def _militia_side(nat: str) -> str:
    return {"american": "royalist", "el_plata_rebels": "rebel"}.get(nat, "patriot")


def _build() -> dict[str, Counter]:
    out: dict[str, Counter] = {}
    for u in BOARD.units.values():
        out[u.id] = Counter(
            u.id,
            u.side,
            u.nationality,
            u.arm,
            u.steps,
            u.factor,
            u.reduced,
            False,
            u.size,
            u.new_granada,
            u.partisans,
        )
    for uid in militia_ids():
        nat, kind = uid[4:].rsplit("_", 1)
        arm = "infantry" if kind[0] == "i" else "cavalry"
        out[uid] = Counter(
            uid, _militia_side(nat), nat, arm, 1, BOARD.militia_factor, 0, True, "militia", False, False
        )
    return out


COUNTERS = _build()
RANK = {uid: index for index, uid in enumerate(COUNTERS)}
"""Each counter's place in `COUNTERS` (the order of a state's records): the index of counters by place
keeps them in it."""


def militia_of(nationality: str, arm: str) -> tuple[str, ...]:
    """The militia counters of a nationality and arm, in a stable order (worked out once)."""
    return _militia_of(nationality, arm[0])


@functools.cache
def _militia_of(nationality: str, letter: str) -> tuple[str, ...]:
    return tuple(u for u in COUNTERS if u.startswith(f"mil_{nationality}_{letter}"))


def group_of(nationality: str) -> int:
    """The index in `PATRIOT_GROUPS` of a Patriot nationality's operations (§3.2)."""
    return next(i for i, g in enumerate(PATRIOT_GROUPS) if nationality in g)
