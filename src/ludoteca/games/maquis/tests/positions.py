"""Building and driving Maquis positions in tests: every chance outcome is chosen, never sampled."""

from __future__ import annotations

from ludoteca.games.maquis import GAME
from ludoteca.games.maquis.state import MaquisState


def new(missions: str = "sabotage+destroy-the-train", **options: str) -> MaquisState:
    """A game with two named missions, at the first worker placement of day box 0."""
    state = GAME.new_initial_state({"missions": missions, **options})
    assert isinstance(state, MaquisState)
    return state


def play(state: MaquisState, *moves: str, cards: tuple[int, ...] | list[int] = ()) -> None:
    """Apply `moves`; each patrol-card draw on the way takes the next of `cards`, which must all be used."""
    queue = list(cards)

    def draw() -> None:
        while state.is_chance_node() and queue:
            state.apply_notation(f"patrol {queue.pop(0)}")

    for move in moves:
        draw()
        state.apply_notation(move)
    draw()
    assert not queue, f"patrol cards {queue} were never drawn"


def offered(state: MaquisState) -> set[str]:
    return {state.action_to_string(a) for a in state.legal_actions()}


def log_keys(state: MaquisState) -> list[str]:
    return [line["key"] for line in state.view(0, "en")["log"]]


def outcome(state: MaquisState) -> str | None:
    result = state.result("en")
    return None if result is None else str(result["outcome"])


def rerun(state: MaquisState, step: str) -> None:
    """Run the placement phase again from `step` ("start", or "count" for the morale check) after a test
    has edited the position."""
    frame = state.running_frame()
    assert frame is not None and frame["p"] == "placement"
    state.d["wait"] = None
    frame["s"] = step
    state._run()
