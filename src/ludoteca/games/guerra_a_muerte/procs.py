"""The one set of procedures of Guerra a Muerte (DESIGN §3): every chapter module registers its
procedures here, so that any of them can call any other by name."""

from __future__ import annotations

from ludoteca.core.procedure import ProcedureSet

PROCS = ProcedureSet()
