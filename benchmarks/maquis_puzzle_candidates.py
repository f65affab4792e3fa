"""Candidate positions for Maquis's puzzle suite (issue 56): seeded games played by `cautious`, and every
decision where a rule of the rulebook makes a move plainly right or plainly wrong, printed as JSON lines
(the actions from the start, the answers and moves to avoid the rule gives, and the facts to check).

Positions already lost are left out (a mission that can no longer be done, `LOST`; the last day, but for
a win today): every move loses there. A candidate is not a puzzle: each one that goes into
``games/maquis/puzzles.toml`` was read against the rulebook by hand and given its reason there. The
patterns, each a section of the rulebook:

- ``mission-today`` (``mission-wins`` where it completes the second mission and wins): a worker
  activated where a mission box can be marked today (§Acciones de misión); passing gives the day away, and
  a mission action keeps its reward even on arrest (the star, facts A7). Not the first box of
  Infiltration or Coded Messages, whose worker then stays on the card for good.
- ``morale-fail``: Morale 1 and a Black Market sale (−1 Morale) offered: Morale 0 loses at once (§Fin).
- ``morale-shot``: Morale 1 and a shot offered: the shot costs a Morale (§Milicia de tiro) and loses.
- ``morale-relief``: Morale 1, tonight's day box orange (§3.2): without the Poor District's +1, lost.
- ``escape-shot``: the activated worker's way home is closed by one Milice that a shot removes
  (§Verificar ruta de escape, §Milicia de tiro: a shot may free a route), with Morale to spare.
- ``patrol-risk``: placements whose every road home is already closed by today's patrols (patrols stay
  all day): the worker would surely be arrested and its gain lost (§Ser arrestado). Only where no closed
  placement could be worth a worker (a star, a mission), and with no Weapon to shoot a way open.
- ``resources``: a worker that can do nothing yet, and another ready worker whose action pays for it
  (§Activar trabajadores: resources gained may pay later that day): activating it first wastes it.

    PYTHONPATH=src python benchmarks/maquis_puzzle_candidates.py --games 20 --seed 0 > candidates.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Iterator
from typing import Any

from ludoteca.core.game import CHANCE, get_game
from ludoteca.games.maquis import missions
from ludoteca.games.maquis.action_phase import location_choices, route_home
from ludoteca.games.maquis.actions import ACTIONS, DO, HOME, PASS
from ludoteca.games.maquis.agent import choose
from ludoteca.games.maquis.board import BOARD
from ludoteca.games.maquis.state import MaquisState

MISSION_DO = {DO[option] for option in missions.OPTIONS}
SELLS = {DO["sell-food"], DO["sell-medicine"]}
LOST = -40.0
"""Positions that `score()` rates this low hold a mission that can no longer be done (README §6: such a
card takes 40 off): every move loses there, so none is a puzzle."""
NEEDY = {"poor_district", "fence", "mission_1", "mission_2"}
"""Where a worker's action is worth waiting for (the Café is not: a recruit also brings a patrol)."""


def names(actions: set[int] | list[int]) -> list[str]:
    return sorted(ACTIONS.format(a) for a in actions)


def facts(state: MaquisState) -> dict[str, Any]:
    p = state.d
    return {
        "day": p["day"],
        "morale": p["morale"],
        "res": {k: v for k, v in p["res"].items() if v},
        "board": p["board"],
        "ready": p.get("ready"),
        "missions": [(m["id"], m["slot"], m["marks"], m["done"]) for m in p["missions"]],
        "orange": state.morale_days(),
        "soldiers": p["soldiers"],
        "deck": p["deck"],
        "activated": (state.running_frame() or {}).get("loc"),
    }


def after(state: MaquisState, action: int) -> MaquisState:
    twin = state.clone()
    twin.apply_action(action)
    return twin


def finish_activation(state: MaquisState) -> MaquisState:
    """Go home from the activation under way (no shot), back to the next choice."""
    while not state.is_terminal() and HOME in state.legal_actions():
        state.apply_action(HOME)
    return state


def patterns(state: MaquisState) -> Iterator[tuple[str, set[int], set[int]]]:
    legal = set(state.legal_actions())
    p = state.d
    if PASS in legal and legal & MISSION_DO and not keeps_the_worker(state):
        wins = any(after(state, a).returns()[0] > 0 for a in legal & MISSION_DO)
        yield "mission-wins" if wins else "mission-today", legal & MISSION_DO, {PASS}
    if p["morale"] == 1 and legal & SELLS:
        yield "morale-fail", legal - SELLS, legal & SELLS
    shots = {a for a in legal if ACTIONS.verb(a) == "shoot"}
    if p["morale"] == 1 and shots and all(after(state, a).returns()[0] < 0 for a in shots):
        yield "morale-shot", legal - shots, shots
    if DO.get("relief") in legal and p["morale"] == 1 and p["day"] + 1 in state.morale_days():
        yield "morale-relief", {DO["relief"]}, {PASS}
    if HOME in legal and shots and p["morale"] >= 4 and arrested(state, HOME):
        freeing = {a for a in shots if not arrested(state, a)}
        if freeing:
            yield "escape-shot", freeing, {HOME}
    placing = {a for a in legal if ACTIONS.verb(a) == "place"}
    if placing and not p["res"]["weapon"]:
        cut = set()
        for a in placing:
            loc = ACTIONS.target(a)
            spec = BOARD.locations[loc]
            if route_home(state, loc):
                continue
            if spec.kind == "mission_slot" or spec.star or (spec.kind == "street" and streets_serve(state)):
                return  # a worker lost for a reward kept (a star, a mission): a judgement, not a rule
            cut.add(a)
        opened = {a for a in placing if route_home(state, ACTIONS.target(a))}
        if cut:
            yield "patrol-risk", opened, cut
    activations = {a for a in legal if ACTIONS.verb(a) == "activate"}
    if len(activations) > 1:
        for a in activations:
            loc = ACTIONS.target(a)
            if loc not in NEEDY or location_choices(state, loc) + missions.choices(state, loc):
                continue
            enablers = {v for v in activations - {a} if enabled_by(state, v, loc)}
            if enablers:
                yield "resources", activations - {a}, {a}


def last_day(state: MaquisState) -> bool:
    """Whether tonight ends the game (End, or box 12 in the short modes; very easy's first pass goes on):
    a move that does not win today loses all the same."""
    first_pass = state.options.difficulty == "very-easy" and not state.d["pass"]
    return state.d["day"] + 1 >= state.last_day() and not first_pass


def keeps_the_worker(state: MaquisState) -> bool:
    """Whether the activated worker would stay on its card for good (the Infiltration mole, the Coded
    Messages cryptographer): when to give a worker up is a judgement, not a rule."""
    loc = (state.running_frame() or {}).get("loc")
    return any(
        m["slot"] == loc and m["id"] in ("infiltration", "coded-messages") for m in state.d["missions"]
    )


def arrested(state: MaquisState, action: int) -> bool:
    """Whether the activated worker is arrested after `action` (its escape check follows at once)."""
    return after(state, action).d["gone"] > state.d["gone"]


def streets_serve(state: MaquisState) -> bool:
    """Whether a mission in play still has use for a street (graffiti, the parade, the Dark Lady)."""
    uses = {"officers-mansion", "milice-parade-day", "double-agent"}
    return any(m["id"] in uses and not m["done"] for m in state.d["missions"])


def enabled_by(state: MaquisState, activation: int, loc: str) -> bool:
    """Whether some action of the worker `activation` wakes, spending no Morale, lets `loc`'s worker act."""
    twin = after(state, activation)
    options = [o for o in twin.legal_actions() if o not in (PASS, *SELLS)]
    return any(enables(twin, o, loc) for o in options)


def enables(state: MaquisState, option: int, loc: str) -> bool:
    twin = finish_activation(after(state, option))
    while (
        twin.current_player() == 0
        and twin.legal_actions()
        and ACTIONS.verb(twin.legal_actions()[0])
        in (
            "drop",
            "onto",
            "build",
        )
    ):
        twin.apply_action(twin.legal_actions()[0])
        finish_activation(twin)
    if twin.is_terminal() or twin.d["board"].get(loc) != "w":
        return False
    return bool(location_choices(twin, loc) + missions.choices(twin, loc))


def play(seed: int, difficulty: str) -> Iterator[dict[str, Any]]:
    game = get_game("maquis")
    state = game.new_initial_state({"difficulty": difficulty})
    assert isinstance(state, MaquisState)
    rng = random.Random(seed)
    actions: list[str] = []
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            action = state.sample_chance(rng)
        elif state.score() > LOST:
            for name, answers, avoid in patterns(state):
                if name != "mission-wins" and last_day(state):
                    continue
                yield {
                    "pattern": name,
                    "seed": seed,
                    "difficulty": difficulty,
                    "actions": list(actions),
                    "answers": names(answers),
                    "avoid": names(avoid),
                    "legal": names(state.legal_actions()),
                    "facts": facts(state),
                }
        if state.current_player() != CHANCE:
            action = choose(state, rng, 0.15)
        actions.append(ACTIONS.format(action))
        state.apply_action(action)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--difficulty", default="normal")
    args = parser.parse_args()
    for seed in range(args.seed, args.seed + args.games):
        for candidate in play(seed, args.difficulty):
            print(json.dumps(candidate, ensure_ascii=False))


if __name__ == "__main__":
    main()
