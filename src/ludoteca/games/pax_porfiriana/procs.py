"""The one set of procedures of Pax Porfiriana (DESIGN §3) and its effect vocabulary: every rules module
registers its procedures on `PROCS`, and every effect kind of `cards.EFFECT_KINDS` is a procedure declared
on `EFFECTS` (effects.py), so that any rule can call any other by name."""

from __future__ import annotations

from ludoteca.core.effects import EffectKinds
from ludoteca.core.procedure import ProcedureSet

PROCS = ProcedureSet()
EFFECTS = EffectKinds(PROCS, rule="play")
