"""The personality deck (§Modo solitario): 20 cards, each ranking the eight order faces, the three
popularity columns and the five regions, with a tab (positive or X); one reads "Igual que el anterior".
Data: `data/personality.toml` and `data/personality.reconstructed.toml`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ludoteca.games.patria_libre.board import BOARD, COLUMNS, FACES

if TYPE_CHECKING:
    from ludoteca.games.patria_libre.state import PatriaState

RECOMMENDED = ("recruit", "fortress", "train", "taxes")
"""§Configuración: the faces suggested for first games, used for the seat's set-up ("elíjalas usted")."""
LAST_FOUR = 4
COLOUR = {"insurgent": "yellow", "royalist": "blue"}
MONEY_FACES = ("clone", "buy")


@dataclass(frozen=True)
class Personality:
    """One personality card (`data/personality*.toml`)."""

    id: str
    actions: tuple[str, ...]
    tab: str
    columns: tuple[str, ...]
    regions: tuple[str, ...]
    same_as_previous: bool


PERSONALITIES: list[Personality] = [
    Personality(
        raw["id"],
        tuple(raw.get("actions", ())),
        raw["tab"],
        tuple(raw.get("columns", ())),
        tuple(raw.get("regions", ())),
        bool(raw.get("same_as_previous", False)),
    )
    for raw in BOARD.personalities
]


def _validate() -> None:
    """§Modo solitario: 20 cards; each ranks the eight faces, the three columns and the five regions."""
    assert len(PERSONALITIES) == 20, "the solo deck has 20 personality cards"
    assert any(p.same_as_previous for p in PERSONALITIES), "the deck has an 'Igual que el anterior' card"
    for p in PERSONALITIES:
        assert p.tab in ("yes", "x"), f"personality {p.id}: tab"
        if not p.same_as_previous:
            assert sorted(p.actions) == sorted(FACES), f"personality {p.id}: the eight faces"
            assert sorted(p.columns) == sorted(COLUMNS), f"personality {p.id}: the three columns"
            assert sorted(p.regions) == sorted(BOARD.regions), f"personality {p.id}: the five regions"
    abad = next(p for p in PERSONALITIES if p.id == "abad")
    assert abad.actions[0] == "buy" and abad.actions[-1] == "taxes", "§Modo solitario: Abad's example"


_validate()


def active(state: PatriaState) -> Personality | None:
    n = state.d.get("pers_active")
    return PERSONALITIES[n - 1] if n else None


def faces_ranked(state: PatriaState) -> tuple[str, ...]:
    p = active(state)
    return p.actions if p else (*RECOMMENDED, "buy", "attack", "march", "clone")


def columns_ranked(state: PatriaState) -> tuple[str, ...]:
    p = active(state)
    return p.columns if p else COLUMNS


def regions_ranked(state: PatriaState) -> tuple[str, ...]:
    p = active(state)
    return p.regions if p else tuple(BOARD.regions)
