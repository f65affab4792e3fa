"""The procedure set shared by every rules module of Mar y Acero (DESIGN §3), and the card effect
vocabulary run on it (core.effects)."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from ludoteca.core.effects import EffectKinds
from ludoteca.core.procedure import Frame, ProcedureSet

PROCS = ProcedureSet()
BOTS: set[str] = set()
"""The kinds of decision the Nitayno takes for the indigenous side in solo mode (§5): ``nitayno.<kind>``."""

EFFECTS = EffectKinds(PROCS, rule="4.3.2", name="card.effects")
"""The effects of the event (1–16) and destiny (20–39) cards, `effects = [...]` in `data/cards.toml`: one
procedure ``effect.<kind>`` each (effects.py, events.py, destinies.py). Every effect receives `card` and,
for an event card, `fac` (the faction that played it), then its own fields."""

NITAYNO_EFFECTS = EffectKinds(
    PROCS, rule="5.3.2", name="nitayno.effects", prefix="nitayno.effect.", carried_out=True
)
"""The effects of the Nitayno's cards (§5.3.2), the `effect` lists of `data/nitayno.toml` (a row's, the turn-6
`bottom`, a roll's faces): one procedure ``nitayno.effect.<kind>`` each (nitayno/effects.py,
nitayno/turn_six.py). Every effect receives `card`, then its own fields, and returns whether it could be
carried out; a list stops at the first that could not (§5.3.2: another card is drawn for it)."""


class NoLocals(TypedDict):
    """The frame of a procedure that keeps no locals: only what the last procedure it called returned
    (`State.ret`), which it does not read."""

    ret: NotRequired[object]


class CardEffect(TypedDict):
    """The locals every effect of a card receives from the interpreter (`EFFECTS.local`): the card, the
    effect's kind and its index in the card's list, and, for an event card, the faction that played it;
    each kind's frame adds its own fields (`data/cards.toml`)."""

    card: int
    kind: str
    effect: int
    fac: NotRequired[str]


class NitaynoEffect(TypedDict):
    """The locals every effect of a Nitayno card receives (`NITAYNO_EFFECTS.local`): the card, the
    effect's kind and its index; each kind's frame adds its own fields (`data/nitayno.toml`)."""

    card: int
    kind: str
    effect: int


__all__ = ["BOTS", "EFFECTS", "NITAYNO_EFFECTS", "PROCS", "CardEffect", "Frame", "NitaynoEffect", "NoLocals"]
