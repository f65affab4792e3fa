"""The procedure set shared by every rules module of Mar y Acero (DESIGN §3)."""

from __future__ import annotations

from ludoteca.core.procedure import Frame, ProcedureSet

PROCS = ProcedureSet()
A = int | None
BOTS: set[str] = set()
"""The kinds of decision the Nitayno takes for the indigenous side in solo mode (§5): ``nitayno.<kind>``."""

__all__ = ["BOTS", "PROCS", "A", "Frame"]
