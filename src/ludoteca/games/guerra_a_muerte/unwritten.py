"""The rulebook's procedures not written yet: each one is called where the sequence of play calls it,
logs that it is not implemented and returns (work in progress; the README lists them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.procedure import Frame
from ludoteca.games.guerra_a_muerte.procs import PROCS

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.state import GamState

UNWRITTEN = {
    "uprisings": "9.3",
    "promotion": "4.7",
    "slave_recruitment": "4.9",
    "guerrilla_mode": "10.1",
    "subversion": "10.2.2",
    "blockade": "6.6",
    "return_to_port": "7.4",
    "lost_cause": "4.10",
}


def _unwritten(name: str, rule: str) -> None:
    proc = PROCS.proc(name, rule=rule)

    @proc.step()
    def _start(state: GamState, frame: Frame, action: int | None) -> None:
        if name == "uprisings":
            state.d["phase"] = "uprisings"
        state.log("log.not_implemented", rule=rule)
        state.ret()


for _name, _rule in UNWRITTEN.items():
    _unwritten(_name, _rule)
