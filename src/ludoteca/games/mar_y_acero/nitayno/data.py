"""The Nitayno's data (`data/nitayno.toml`, what the prototype cards and the rulebook give, and
`data/nitayno.reconstructed.toml`, what we designed), merged, loaded and checked once at import
(DESIGN §6)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NotRequired, TypedDict, cast

from ludoteca.core import provenance
from ludoteca.games.mar_y_acero.board import load


@dataclass(frozen=True)
class Card:
    """A Nitayno card (§5.2): rows chosen by the VP marker, and the turn-6 bottom effect."""

    id: int
    deck: str  # turn2 | turns3-6
    rows: tuple[tuple[int | None, tuple[dict[str, Any], ...]], ...]  # (vp_max, effects)
    bottom: tuple[dict[str, Any], ...]

    def row(self, vp: int) -> tuple[dict[str, Any], ...]:
        """The effects of the row the VP marker selects: the first whose `vp_max` reaches it."""
        for vp_max, effects in self.rows:
            if vp_max is None or vp <= vp_max:
                return effects
        raise ValueError(f"Nitayno card {self.id}: no row for {vp} VP")

    def effects(self) -> list[dict[str, Any]]:
        """Every effect the card holds, those a roll's faces lead to included (for the check at import
        that each names a kind, `procs.NITAYNO_EFFECTS`)."""
        found: list[dict[str, Any]] = []
        todo = [effect for _, row in self.rows for effect in row] + list(self.bottom)
        while todo:
            effect = todo.pop(0)
            found.append(effect)
            todo += [inner for then in effect.get("faces", {}).values() for inner in then]
        return found


class RowSpec(TypedDict):
    """A row of a card: the effects it gives up to `vp_max` VP (the last row, at any VP); a ``[[row]]``
    of nitayno.reconstructed.toml names its `card`."""

    effect: list[dict[str, Any]]
    vp_max: NotRequired[int]
    card: NotRequired[int]


class CardRow(TypedDict):
    """A ``[[card]]`` of nitayno*.toml."""

    id: int
    deck: str
    row: list[RowSpec]
    bottom: NotRequired[list[dict[str, Any]]]


class Level(TypedDict, total=False):
    """What a level of §5.4 adds (``[levels.N]``)."""

    no_royal_support_vp: bool
    min_reinforcements: int
    free_caonabo_flip: bool
    event_draws: int
    must_hold_two_vp: bool
    no_citadel_penalty: int
    flip_rebels_first: bool
    reroll_empty_volley: bool


class Priority(TypedDict):
    """§5.3.5's priority orders (reconstructed)."""

    combat_hits: list[str]
    incursion_spanish: list[str]
    incursion_indigenous: list[str]


class NoRetreat(TypedDict):
    """§5.3.5's exception: the last impulses and the areas the Nitayno never retreats from."""

    last_impulses: int
    areas: list[int]


class NitaynoFile(TypedDict):
    """nitayno.toml merged with nitayno.reconstructed.toml."""

    card: list[CardRow]
    row: NotRequired[list[RowSpec]]
    garrison: dict[str, int]
    activation: dict[str, int]
    event_phase: dict[str, int]
    no_retreat: NoRetreat
    priority: Priority
    levels: dict[str, Level]


def faces(spec: str) -> range:
    """Die results named by a `roll` key: "1-2" → 1, 2; "6" → 6."""
    low, _, high = spec.partition("-")
    return range(int(low), int(high or low) + 1)


class NitaynoData:
    """Everything `data/nitayno.toml` holds, validated against the rulebook's constraints."""

    def __init__(self) -> None:
        raw = cast(NitaynoFile, load("nitayno"))
        self.raw = raw
        extra = {card: [row for row in raw.get("row", []) if row["card"] == card] for card in self._ids()}
        self.cards = {
            c["id"]: Card(
                c["id"],
                c["deck"],
                tuple((r.get("vp_max"), tuple(r["effect"])) for r in [*c["row"], *extra[c["id"]]]),
                tuple(c.get("bottom", ())),
            )
            for c in sorted(raw["card"], key=lambda c: c["id"])
        }
        self.garrison = raw["garrison"]
        self.activation = raw["activation"]
        self.event_phase = raw["event_phase"]
        self.no_retreat_areas = frozenset(raw["no_retreat"]["areas"])
        self.no_retreat_impulses = raw["no_retreat"]["last_impulses"]
        self.combat_hits = raw["priority"]["combat_hits"]
        self.raid_spanish = raw["priority"]["incursion_spanish"]
        self.raid_indigenous = raw["priority"]["incursion_indigenous"]
        self.levels = {k: what for k, what in raw["levels"].items() if k != "source"}
        self._check()

    def _ids(self) -> list[int]:
        ids = [c["id"] for c in self.raw["card"]]
        strays = {row["card"] for row in self.raw.get("row", [])} - set(ids)
        assert not strays, f"data/nitayno*.toml: rows for cards that do not exist: {sorted(strays)}"
        return ids

    def deck(self, name: str) -> list[int]:
        return sorted(c.id for c in self.cards.values() if c.deck == name)

    def level(self, level: int) -> Level:
        """The rules a level adds (§5.4): level II includes level I."""
        rules = Level()
        for n in range(1, level + 1):
            rules.update(self.levels[str(n)])
        return rules

    def _check(self) -> None:
        """The rulebook's counts (§5.2: 3 turn-2 cards and 9 for turns 3–6), a source on every item, every
        roll covering the six faces, and a turn-6 effect on every turns-3–6 card. That every effect names
        a known kind is checked once the kinds are declared (nitayno/__init__.py)."""
        assert len(self.deck("turn2")) == 3 and len(self.deck("turns3-6")) == 9, "§5.2: 3 + 9 cards"
        raw: Mapping[str, Mapping[str, object]] = cast(Mapping[str, Any], self.raw)
        for key in ("garrison", "activation", "event_phase", "no_retreat", "priority", "levels"):
            assert "source" in raw[key], f"data/nitayno*.toml [{key}] carries no source"
        for card in self.cards.values():
            assert "source" in next(c for c in self.raw["card"] if c["id"] == card.id)
            assert card.rows[-1][0] is None, f"card {card.id}: the last row must take any VP"
            assert bool(card.bottom) == (card.deck == "turns3-6"), f"card {card.id}: turn-6 effect"
            for effect in card.effects():
                if effect["kind"] == "roll":
                    covered = sorted(n for spec in effect["faces"] for n in faces(spec))
                    assert covered == [1, 2, 3, 4, 5, 6], f"card {card.id}: a roll covers the faces 1–6 once"

    def provenance(self) -> dict[str, int]:
        """How many items are of each kind of source (for `ludoteca info`)."""
        raw = self.raw
        items: list[Mapping[str, object]] = [*raw["card"], *raw.get("row", [])]
        items += [raw["garrison"], raw["activation"], raw["event_phase"]]
        items += [raw["no_retreat"], raw["priority"], raw["levels"]]
        return provenance.count(str(item["source"]) for item in items)


NITAYNO = NitaynoData()
