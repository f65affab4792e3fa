"""The module functions a game's state answers with, named once (games/README, the layout).

A game writes what each role sees in `view.py` (`board_view`, `observe`), its invariants beside the rules
they check, and its evaluation with its victory conditions; its `State` subclass names them in one
`hooks = StateHooks(...)`, and `State`'s own methods call them: no method in a game's state that only
imports a function and calls it. A hook left out keeps `State`'s default (no invariants, an even
evaluation) or is one the game overrides as a method where it does more (Maquis's learned evaluation).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ludoteca.core.observation import Observation


@dataclass(frozen=True)
class StateHooks:
    """The functions `State` calls with itself: `board_view(state, role, lang)` for `State.board_view`,
    `observe(state, role, out)` for `State.observe`, `invariants(state)` for `State.invariants` (what is
    broken), `evaluate(state)` for `State.evaluate` at an unfinished position (a finished one is worth its
    `returns()`)."""

    board_view: Callable[[Any, int | None, str], Mapping[str, Any]] | None = None
    """A game's typed view (a TypedDict, `BoardView`) is a mapping; `State.board_view` gives it as a dict."""
    observe: Callable[[Any, int, Observation], None] | None = None
    invariants: Callable[[Any], list[str]] | None = None
    evaluate: Callable[[Any], list[float]] | None = None
