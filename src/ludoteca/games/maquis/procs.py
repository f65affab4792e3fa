"""The one set of procedures of Maquis (DESIGN §3): every chapter module registers its procedures here,
so that any of them can call any other by name."""

from __future__ import annotations

from ludoteca.core.procedure import Frame, ProcedureSet

PROCS = ProcedureSet()
Action = int | None
"""What a step receives: the action that answered its decision or chance node, or None."""

__all__ = ["PROCS", "Action", "Frame"]
