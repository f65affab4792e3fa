"""Companion mode (issue 29): chance from the table. Every die roll, shuffle and draw is a chance node
(DESIGN §2); with the chance source ``table`` the driver does not sample it but asks the person at the
physical board what came up — the die's face, the card turned over — among the outcomes still possible,
and applies that outcome like any other, so records replay and games resume as usual (DESIGN §5).
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.state import State

SOURCES = ("sample", "table")
"""Where a match's chance outcomes come from: the driver's seeded generator, or the physical table."""


def outcome_choices(state: State, lang: str) -> list[dict[str, Any]]:
    """The outcomes of the pending chance node as a person picks them: numbered from 1 in the game's order,
    each with its notation and its label (``die 6`` · "Dado 6")."""
    return [
        {**state.action_view(action, lang), "number": number}
        for number, (action, _) in enumerate(state.chance_outcomes(), start=1)
    ]


def parse_outcome(choices: list[dict[str, Any]], text: str) -> int | None:
    """The outcome a person named: its number in `choices`, its notation (``die 6``), its label or the
    words after the verb (``6``, ``sabotage``), case and spacing ignored; None if none or several match."""
    key = " ".join(text.strip().lower().split())
    if not key:
        return None
    if key.isdigit():
        number = int(key)
        return int(choices[number - 1]["id"]) if 1 <= number <= len(choices) else None
    for field in ("notation", "label", "target"):
        found = [c for c in choices if " ".join(str(c[field] or "").lower().split()) == key]
        if len(found) == 1:
            return int(found[0]["id"])
    return None


def seen_by(state: State) -> frozenset[int] | None:
    """Which roles may see the outcome of the pending chance node: found by applying one outcome to a
    copy. If every log line it writes is for some roles only (a card drawn into one hand), those roles;
    None if any line is public, or none is written (a die lies on the table for all to see)."""
    copy = state.clone()
    before = len(copy.logs)
    copy.apply_action(state.chance_outcomes()[0][0])
    written = copy.logs[before:]
    if not written or any(entry[2] is None for entry in written):
        return None
    return frozenset(role for entry in written for role in entry[2])
