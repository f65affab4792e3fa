"""The procedure set shared by every rules module of Mar y Acero (DESIGN §3)."""

from __future__ import annotations

from ludoteca.core.procedure import Frame, ProcedureSet

PROCS = ProcedureSet()
A = int | None

__all__ = ["PROCS", "A", "Frame"]
