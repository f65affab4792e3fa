"""What an AI seat is doing while it thinks (issue 56): "Realistas: reclutando, 7 de 22".

An agent that plays a plan (`IsmctsAgent.doing`, `core.plans`) says which one and how far along it is; the
plan's `activity` is the game's message for it, written for every seat to read (it names what all may
know, never the plan's target). The web table sends it with its view (`server.messages`) and the terminal
shows it while the agent decides (`terminal.Session.agent_move`).
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.game import Game


def doing(agent: Any, game: Game, lang: str) -> dict[str, Any] | None:
    """What `agent` is doing at its next decision, in `lang`: the activity's text, the action it decides
    now (`n`, counted from 1) and how many its plan expects (`of`); None where it holds no plan with an
    activity (an agent that searches each decision, or a plan that says nothing)."""
    ask = getattr(agent, "doing", None)
    held = ask() if callable(ask) else None
    if not held or not held.get("activity"):
        return None
    size = max(int(held["size"]), 1)
    n = min(int(held["done"]) + 1, size)
    return {"text": game.catalog.text(held["activity"], lang, {"n": n, "of": size}), "n": n, "of": size}
