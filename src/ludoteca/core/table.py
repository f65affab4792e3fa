"""Companion mode (issue 29): chance from the table. Every die roll, shuffle and draw is a chance node
(DESIGN §2); with the chance source ``table`` the driver does not sample it but asks the person at the
physical board what came up — the die's face, the card turned over — among the outcomes still possible,
and applies that outcome like any other, so records replay and games resume as usual (DESIGN §5).

The person names an outcome as it is printed on the component (issue 54): by its number, which never
changes as cards leave the deck, its name or an unambiguous start of it (`matching`); the driver says back
what it recorded, and the person may take it back before anything else happens (`Match.take_back_told`).
"""

from __future__ import annotations

import unicodedata
from typing import Any

from ludoteca.core.state import State

SOURCES = ("sample", "table")
"""Where a match's chance outcomes come from: the driver's seeded generator, or the physical table."""


NAME_SEPARATORS = " ·:-–—"
"""What may stand between a card's printed number and its name in a label (``9 · 2º Viaje de Colón``)."""


def fold(text: str) -> str:
    """`text` as a person's entry is compared: lower case, accents dropped, spaces collapsed."""
    plain = unicodedata.normalize("NFKD", text.lower())
    return " ".join("".join(c for c in plain if not unicodedata.combining(c)).split())


def _numbers(state: State, actions: list[int]) -> dict[int, int]:
    """Each outcome's number: the one printed on the component when every outcome's target is a number,
    all different (a die's face, a patrol card's number, a Mar y Acero card's); else its place in its
    group of the action table (``mission …``: one deck), the groups one after another. Either way a
    number never changes as cards leave the deck."""
    targets = [state.game.actions.target(a) for a in actions]
    if all(t.isdigit() for t in targets) and len(set(map(int, targets))) == len(targets):
        return {a: int(t) for a, t in zip(actions, targets, strict=True)}
    names = state.game.actions.names
    numbers: dict[int, int] = {}
    offset = 0
    for verb in dict.fromkeys(state.game.actions.verb(a) for a in actions):
        members = [i for i, name in enumerate(names) if name.partition(" ")[0] == verb]
        numbers |= {a: offset + members.index(a) + 1 for a in actions if a in members}
        offset += len(members)
    return numbers


def printed_name(state: State, view: dict[str, Any], lang: str) -> str | None:
    """What is printed on the component, as the label names it: the label without the words of its verb's
    message (``Misión: {target}`` → ``Mensajes cifrados``) nor a leading printed number (``9 · 2º Viaje
    de Colón`` → ``2º Viaje de Colón``); None when that leaves only the number (a die's face)."""
    label, target = str(view["label"]), str(view["target"] or "")
    before, found, after = state.game.catalog.text(f"{state.label_messages}.{view['group']}", lang).partition(
        "{target}"
    )
    name = label
    if found and label.startswith(before) and label.endswith(after) and len(label) >= len(before + after):
        name = label[len(before) : len(label) - len(after)]
    if target.isdigit() and name.startswith(target):
        name = name[len(target) :].lstrip(NAME_SEPARATORS)
    return name.strip() or None


def outcome_choices(state: State, lang: str) -> list[dict[str, Any]]:
    """The outcomes of the pending chance node as a person picks them, in the game's order: each with its
    number (`_numbers`: printed, or its place in its deck), its notation, its label (``die 6`` · "Dado
    6") and its printed name (`printed_name`)."""
    actions = [action for action, _ in state.chance_outcomes()]
    numbers = _numbers(state, actions)
    choices = []
    for action in actions:
        view = state.action_view(action, lang)
        choices.append({**view, "number": numbers[action], "name": printed_name(state, view, lang)})
    return choices


def matching(text: str, choices: list[dict[str, Any]], *others: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The outcomes of `choices` a person's entry may name: its number; else those whose notation, label,
    printed name or target it is (case, accents and spacing ignored); else those whose label, name or
    notation it begins. `others`: the same outcomes in other languages, whose words are taken too (an
    English name at a Spanish table). One outcome: it; several: the entry is ambiguous; none: unknown."""
    key = fold(text)
    if not key:
        return []
    if key.isdigit():
        return [c for c in choices if c["number"] == int(key)]
    words: dict[int, list[str]] = {}
    for listed in (choices, *others):
        for c in listed:
            fields = (c["notation"], c["label"], c["name"] or "", c["target"] or "")
            words.setdefault(int(c["id"]), []).extend(fold(str(f)) for f in fields if f)
    exact = [c for c in choices if key in words[int(c["id"])]]
    if exact:
        return exact
    return [c for c in choices if any(w.startswith(key) for w in words[int(c["id"])])]


def number_ranges(numbers: list[int]) -> str:
    """``1–3, 5, 7–10``: the numbers a person may type, short even for a deck of a hundred cards."""
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{r[0]}–{r[-1]}" if len(r) > 2 else ", ".join(map(str, r)) for r in runs)


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
