"""The one set of procedures of Patria Libre (DESIGN §3): every rules module registers its procedures
here, the card effects (card_effects.py), the military faction (military.py) and the solo deck (personality/)
included, so that any of them can call any other by name."""

from __future__ import annotations

from ludoteca.core.procedure import ProcedureSet

PROCS = ProcedureSet()
