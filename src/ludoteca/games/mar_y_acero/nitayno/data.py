"""The Nitayno's data (`data/nitayno.toml`, what the prototype cards and the rulebook give, and
`data/nitayno.reconstructed.toml`, what we designed), merged, loaded and checked once at import
(DESIGN §6)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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


def faces(spec: str) -> range:
    """Die results named by a `roll` key: "1-2" → 1, 2; "6" → 6."""
    low, _, high = spec.partition("-")
    return range(int(low), int(high or low) + 1)


class NitaynoData:
    """Everything `data/nitayno.toml` holds, validated against the rulebook's constraints."""

    def __init__(self) -> None:
        raw = load("nitayno")
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
        self.garrison: dict[str, int] = raw["garrison"]
        self.activation: dict[str, int] = raw["activation"]
        self.event_phase: dict[str, int] = raw["event_phase"]
        self.no_retreat_areas = frozenset(raw["no_retreat"]["areas"])
        self.no_retreat_impulses: int = raw["no_retreat"]["last_impulses"]
        self.combat_hits: list[str] = raw["priority"]["combat_hits"]
        self.raid_spanish: list[str] = raw["priority"]["incursion_spanish"]
        self.raid_indigenous: list[str] = raw["priority"]["incursion_indigenous"]
        self.levels: dict[str, dict[str, Any]] = {
            k: what for k, what in raw["levels"].items() if k != "source"
        }
        self._check()

    def _ids(self) -> list[int]:
        ids = [c["id"] for c in self.raw["card"]]
        strays = {row["card"] for row in self.raw.get("row", [])} - set(ids)
        assert not strays, f"data/nitayno*.toml: rows for cards that do not exist: {sorted(strays)}"
        return ids

    def deck(self, name: str) -> list[int]:
        return sorted(c.id for c in self.cards.values() if c.deck == name)

    def level(self, level: int) -> dict[str, Any]:
        """The rules a level adds (§5.4): level II includes level I."""
        rules: dict[str, Any] = {}
        for n in range(1, level + 1):
            rules.update(self.levels[str(n)])
        return rules

    def _check(self) -> None:
        """The rulebook's counts (§5.2: 3 turn-2 cards and 9 for turns 3–6), a source on every item, every
        roll covering the six faces, and a turn-6 effect on every turns-3–6 card. That every effect names
        a known kind is checked once the kinds are declared (nitayno/__init__.py)."""
        assert len(self.deck("turn2")) == 3 and len(self.deck("turns3-6")) == 9, "§5.2: 3 + 9 cards"
        for key in ("garrison", "activation", "event_phase", "no_retreat", "priority", "levels"):
            assert "source" in self.raw[key], f"data/nitayno*.toml [{key}] carries no source"
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
        items = [*self.raw["card"], *self.raw.get("row", [])]
        items += [self.raw[k] for k in ("garrison", "activation", "event_phase")]
        items += [self.raw[k] for k in ("no_retreat", "priority", "levels")]
        return provenance.count(str(item["source"]) for item in items)


NITAYNO = NitaynoData()
