"""Candidate positions for Pax Porfiriana's puzzle suite (issue 56): seeded games played by a cheap agent
(half random, half one step of the search's evaluation), and every decision where the rules decide the answer,
printed as JSON lines (the actions from the start, the answers, the moves to avoid, the facts to check).

A game of Pax Porfiriana is won only at a Topple (§DERROCANDO A DÍAZ, §GANADOR: more prestige of the
regime's kind than the Tripartite, the richest of those who do) or at the count after the fourth Topple
(the richest). So the script reads each decision exactly, with no judgement: `outcomes` follows every
line of play from the decision to the *horizon* (the next chance node, which is the market's restoring in
phase III, or the game's end), the role to move choosing its best, every other player choosing the worst
for it, and says whether the role to move then surely wins (`WIN`), surely loses (`LOSS`) or the game goes
on (`OPEN`). Nothing past a chance node is read, so no answer depends on the deck; hands are known to all
(README §8, "Hidden information": every card in a hand came from the face-up market). A candidate keeps
the moves whose worst case is the best worst case there is (the answers) where that is a certain win, or a
game that goes on where some moves surely lose (those to avoid); and only where the answers are few (a
quarter of the legal moves at most). The patterns, each a section of the player aid:

- ``topple-now``: a Topple in the market that wins whatever the others do once bought (§COMPRAR CARTA,
  §DERROCANDO A DÍAZ 1–4, §GANADOR); ``last-topple`` where it is the fourth, which the richest wins.
- ``topple-flip``, ``topple-discard``, ``topple-assassinate``: during a Topple, the flip's orientation
  (3a), the "During the Topple" card (3b) or the assassination (3c, §CARTA NEGRA P. 19) that wins;
  ``topple-hold`` where passing wins and such a move would lose.
- ``topple-defend``: during a Topple, the move that stops a rival's certain win (3b, 3c).
- ``headline``: the Event or the Status Quo that keeps a win this turn (§TITULARES).

An action phase is read only with 2 actions left or fewer (the lines of three actions are too many to
follow), and where the one Topple in the market, bought at once, wins: a move that does not buy it must
keep that win for later this turn. Each reading stops at the end of a Topple (a Topple that fails and a
second one bought the same turn are not followed: positions with two Topples in the market are left out).

    PYTHONPATH=src python benchmarks/pax_porfiriana_puzzle_candidates.py --games 40 --players 3 > c.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Iterator
from typing import Any

from ludoteca.core.game import get_game
from ludoteca.core.state import State
from ludoteca.games.pax_porfiriana.actions import ACTIONS, ID, VERBS
from ludoteca.games.pax_porfiriana.board import TOPPLES
from ludoteca.games.pax_porfiriana.topple import evaluate, kind_now, tripartite

LOSS, OPEN, WIN = 0, 1, 2
BUDGET = 60_000
"""The most positions one decision's reading may visit; a decision that needs more is left out."""
QUARTER = 4
"""A candidate's answers are at most a quarter of its legal moves (or one move)."""
QUIET = {"end", "pass"}
END = ID["end"]


class TooDeep(Exception):
    """The reading of a decision visited more than `BUDGET` positions."""


class Reader:
    """`outcomes` for one role, with a memory of the positions already read."""

    def __init__(self, me: int, root: State) -> None:
        self.me = me
        self.done = root.d["topples_done"] - in_topple(root)
        self.memo: dict[str, tuple[int, int]] = {}
        self.visited = 0

    def outcomes(self, state: State) -> tuple[int, int]:
        """(worst, best) for `me` from `state` to the horizon: `me` picks its best, the others the worst
        for `me` (worst) or the best (best)."""
        if state.is_terminal():
            won = WIN if state.returns()[self.me] > 0 else LOSS
            return won, won
        if state.is_chance_node() or (state.d["topples_done"] > self.done and not in_topple(state)):
            return OPEN, OPEN
        key = repr([v for k, v in state.d.items() if k != "seen"])
        if key in self.memo:
            return self.memo[key]
        if self.settled(state):
            self.memo[key] = self.outcomes(state.child(END))
            return self.memo[key]
        self.visited += 1
        if self.visited > BUDGET:
            raise TooDeep
        mine = state.current_player() == self.me
        worst, best = (LOSS, LOSS) if mine else (WIN, LOSS)
        for a in sorted(state.legal_actions(), key=lambda a: not topple_buy(a)):  # a win is found first
            w, b = self.outcomes(state.child(a))
            worst, best = max(worst, w) if mine else min(worst, w), max(best, b)
            if best == WIN and worst == (WIN if mine else LOSS):
                break  # neither can change: the rest is not read
        found = (worst, best)
        self.memo[key] = found
        return found

    def settled(self, state: State) -> bool:
        """`me`'s action menu with no Topple to buy (none left in the market, or no gold or actions for
        it) and no fourth Topple in the free column: nothing `me` does before ending the turn can win or
        lose the game before the horizon, so the turn is read as ended."""
        if state.current_player() != self.me or state.d["wait"]["prompt"] != "prompt.action":
            return False
        if any(topple_buy(a) for a in state.legal_actions()):
            return False
        free = [row[0] for row in state.d["market"]]
        return not (fourth(state) and any(c in TOPPLES for c in free))

    def each(self, state: State) -> dict[int, tuple[int, int]]:
        return {a: self.outcomes(state.child(a)) for a in state.legal_actions()}


def topple_buy(action: int) -> bool:
    return VERBS[action] == "buy" and ACTIONS.target(action) in TOPPLES


def in_topple(state: State) -> bool:
    return any(frame["p"] == "topple" for frame in state.frames())


def topples_in_market(state: State) -> list[str]:
    return [c for row in state.d["market"] for c in row if c in TOPPLES]


def fourth(state: State) -> bool:
    """Whether the Topple in play or in the market is the fourth (§GANADOR: then the richest wins)."""
    return state.d["topples_done"] + (0 if in_topple(state) else 1) >= len(TOPPLES)


def reading(state: State, me: int) -> dict[int, tuple[int, int]] | None:
    """Each legal move's (worst, best), or None where the decision is not worth reading (no Topple in
    reach) or too deep."""
    prompt = state.d["wait"]["prompt"]
    reader = Reader(me, state)
    try:
        if in_topple(state):
            return reader.each(state)
        if len(topples_in_market(state)) != 1:
            return None
        if prompt == "prompt.headline":
            return reader.each(state)
        if prompt != "prompt.action" or state.d["left"] > 2:
            return None
        buys = [a for a in state.legal_actions() if topple_buy(a)]
        if not any(reader.outcomes(state.child(a))[0] == WIN for a in buys):
            return None
        return reader.each(state)
    except TooDeep:
        return None


def theme(state: State, answers: set[int], worst: int) -> str:
    verbs = {VERBS[a] for a in answers}
    if in_topple(state):
        if worst == OPEN:
            return "topple-defend"
        return "topple-" + {"side": "flip", "pass": "hold"}.get(min(verbs), min(verbs))
    if state.d["wait"]["prompt"] == "prompt.headline":
        return "headline"
    return "last-topple" if fourth(state) else "topple-now"


def patterns(state: State, me: int) -> Iterator[tuple[str, set[int], set[int]]]:
    read = reading(state, me)
    if not read:
        return
    best_worst = max(w for w, _ in read.values())
    answers = {a for a, (w, _) in read.items() if w == best_worst}
    losing = {a for a, (_, b) in read.items() if b == LOSS}
    if len(answers) == len(read) or len(answers) * QUARTER > max(len(read), QUARTER):
        return
    if best_worst == WIN:
        avoid = losing | {a for a in read if ACTIONS.format(a) in QUIET} - answers
        yield theme(state, answers, WIN), answers, avoid
    elif best_worst == OPEN and losing:
        yield theme(state, answers, OPEN), answers, losing


def facts(state: State, me: int) -> dict[str, Any]:
    d = state.d
    kind = kind_now(state)  # type: ignore[arg-type]
    humans = range(len(d["gold"]))
    return {
        "regime": d["regime"],
        "kind": kind,
        "prestige": [state.prestige(p, kind) for p in humans],  # type: ignore[attr-defined]
        "tripartite": [tripartite(state, p) for p in humans],  # type: ignore[arg-type]
        "gold": d["gold"],
        "left": d["left"],
        "topples_done": d["topples_done"],
        "market": [[c or "-" for c in row] for row in d["market"]],
        "hac": [(h["id"], h["side"], h["dead"], h["army"]) for h in d["hac"]],
        "hands": d["hands"],
        "play": [[(e["id"], e["unrest"], e.get("side")) for e in row] for row in d["play"]],
        "pile": d["pile"],
        "spec": d["spec"],
        "prompt": d["wait"]["prompt"],
    }


def lean(state: State, rng: random.Random) -> int:
    """The cheap agent: half the time the move that `topple.evaluate` (the search's leaf value) rates best
    one step ahead, which gathers prestige of the regime's kind and buys a Topple it wins; otherwise a
    random move (a random player alone seldom gathers the prestige a Topple asks)."""
    legal = state.legal_actions()
    if rng.random() < 0.5:
        return rng.choice(legal)
    me = state.current_player()
    return max(legal, key=lambda a: (value(state.child(a), me), rng.random()))


def value(state: State, me: int) -> float:
    if state.is_terminal():
        return state.returns()[me]
    return evaluate(state)[me]  # type: ignore[arg-type]


def play(seed: int, players: int) -> Iterator[dict[str, Any]]:
    game = get_game("pax-porfiriana")
    state = game.new_initial_state({"players": str(players)})
    rng = random.Random(seed)
    actions: list[str] = []
    while not state.is_terminal():
        if state.is_chance_node():
            action = state.sample_chance(rng)
        else:
            me = state.current_player()
            for name, answers, avoid in patterns(state, me):
                yield {
                    "pattern": name,
                    "seed": seed,
                    "players": players,
                    "role": game.roles[me],
                    "actions": list(actions),
                    "answers": names(answers),
                    "avoid": names(avoid),
                    "legal": names(state.legal_actions()),
                    "facts": facts(state, me),
                }
            action = lean(state, rng)
        actions.append(ACTIONS.format(action))
        state.apply_action(action)


def names(actions: set[int] | list[int]) -> list[str]:
    return sorted(ACTIONS.format(a) for a in actions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=3)
    args = parser.parse_args()
    for seed in range(args.seed, args.seed + args.games):
        for candidate in play(seed, args.players):
            print(json.dumps(candidate, ensure_ascii=False))


if __name__ == "__main__":
    main()
