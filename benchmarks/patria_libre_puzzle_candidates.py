"""Candidate positions for Patria Libre's puzzle suite (issue 56): seeded games played by a cheap agent
(`random`, or a search at a low level), and every decision where a rule of the rulebook makes a move
plainly right or plainly wrong, printed as JSON lines (the options, the actions from the start, the role to
move, the answers and moves to avoid the rule gives, and the facts to check).

A candidate is not a puzzle: each one that goes into ``games/patria_libre/puzzles.toml`` was read against
the rulebook by hand and given its reason there. Everything in Patria Libre is public (§Configuración:
«Todos los elementos de los jugadores son públicos»), so no position hides anything from the role to move.
The patterns, each a section of the rulebook:

- ``win-now``: some moves end the game with the mover's side winning within its own turn — a 10-VP lead,
  the third enemy flag province, 30 VP (§Condiciones de victoria 1–3; a leader prisoner eliminated for
  2 VP, §Capturas; a region's stars taken at once, §Premio por dominio) — and others do not. Found by
  playing out every line of the mover's own decisions (an opponent's choice inside the turn must win for
  all of its options, a card turned up for a sample of three); a position whose lines are too many to
  play out is left out.
- ``no-gift``: no move wins, but some hand the other side the win before the turn passes (most often
  recovering when the S/PV card that leaves the market scores the opponent to victory, §Activación de
  carta de S/PV) and at most half the moves do not: those are the answers, the gifts the moves to avoid.
- ``capture``: where an attack goes (§Atacar, §Capturas): an enemy leader token alone, with no troop and
  no complete fort of its own, is captured — its owner loses 2 VP and its card, without «mala fama» — as
  is a character card on an order where an infantry without its leader falls. Between the two regular
  sides only.
- ``taxes-mine``: where taxes are collected (§Impuestos / saqueo): 3 coins in a mine province, 2
  elsewhere, for the same level lost.
- ``pay-coins``: how a card in the 0-coin market space is paid when a number or letter also matches
  (§Comprar carta): coins cost nothing there and give a level for every match; a match pays with one.
- ``ransom-free``: a prisoner offered back for 0 coins (§Capturas, README B7): accepting costs nothing.
- ``supply``: paying supply at an S/PV card (§Activación de carta de S/PV): where every troop scores at
  this card and what the player holds pays for every troop still due, abandoning one loses VP that a
  coin or a positive level keeps (``supply-pay``; were some troop to go anyway, the order would not
  matter); where nothing pays and exactly one troop must go, it is one that scores nothing now, holds no
  star or flag and is not in the next card's region (``supply-abandon``). Only where the opponents can
  pay for all their troops, so that the board scored is the board seen, and not for the military faction,
  whose VP go to the other sides (§Modo facción militar): more of them is not plainly better for it.
- ``domination``: where a recruit or march goes (§Dominio de región, §Premio por dominio): a place that
  completes a region's domination takes its stars as VP, its mines' coins and a level per fort half at
  once; only where it also scores at each later card (its star and the region's stars, while held) at
  least what any other place would (a star province elsewhere against the prize is a judgement).

Besides each decision of the game played, the decision of where to place the attack order is looked at
whenever the menu offers it (random play seldom attacks, so captures are otherwise rare). Not a pattern,
being a judgement: which popularity column loses a level (a second level lost, or the bottom square's VP
and reset, may be worth a positive level kept). ``--patterns`` keeps only some patterns (the win-now and
no-gift searches are the slow part).

    PYTHONPATH=src python benchmarks/patria_libre_puzzle_candidates.py --games 20 --seed 0 > candidates.jsonl
    PYTHONPATH=src python benchmarks/patria_libre_puzzle_candidates.py --games 150 --patterns capture
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Iterator
from typing import Any

from ludoteca.ai.agents import make_agent
from ludoteca.core.game import CHANCE, get_game
from ludoteca.games.patria_libre.actions import ACTIONS, ID, target, verb
from ludoteca.games.patria_libre.board import BOARD, ROLES
from ludoteca.games.patria_libre.evaluation import next_spv
from ludoteca.games.patria_libre.popularity import positive
from ludoteca.games.patria_libre.scoring import flags_held, points, sellable
from ludoteca.games.patria_libre.state import PatriaState

GAME = get_game("patria-libre")
WIN, LOSS, OPEN = "win", "loss", "open"
BUDGET = 4000
"""Positions played out in a win-now search before it gives up (the candidate is then left out)."""


class TooMany(Exception):
    """A win-now search that would play out more lines than `BUDGET`."""


def names(actions: set[int] | list[int]) -> list[str]:
    return sorted(ACTIONS.format(a) for a in actions)


def prompt(state: PatriaState) -> str:
    wait = state.d["wait"]
    return str(wait.get("prompt", "")) if wait else ""


def after(state: PatriaState, action: int) -> PatriaState:
    twin = state.clone()
    twin.apply_action(action)
    assert isinstance(twin, PatriaState)
    return twin


def facts(state: PatriaState, r: str) -> dict[str, Any]:
    d = state.d
    return {
        "vp": d["vp"],
        "coins": d["coins"],
        "pop": {x: {c: v[0] for c, v in d["pop"][x].items()} for x in d["seats"]},
        "troops": {p: t for p, t in d["troops"].items() if t},
        "leaders": d["leaders"],
        "forts": d["forts"],
        "area": d["area"],
        "market": d["market"],
        "spv_done": len(d["spv_done"]),
        "flags": {x: flags_held(state, x) for x in d["seats"]},
        "dominated": d["dominated"],
        "placed": {p: s for p, s in d["placed"].items() if s},
        "frame": {k: v for k, v in state.running_frame().items() if k in ("p", "s", "face", "card", "prov")},
    }


# ------------------------------------------------------------------------------------- win-now
def value(state: PatriaState, role: int, count: list[int], depth: int = 0) -> str:
    """WIN if the mover's side can force the win before the turn passes, LOSS if every line loses, OPEN
    otherwise; the turn passes when another seat's turn menu comes up."""
    count[0] += 1
    if count[0] > BUDGET or depth > 30:
        raise TooMany
    if state.is_terminal():
        return WIN if state.returns()[role] > 0 else LOSS
    mover = state.current_player()
    if mover == CHANCE:
        rng = random.Random(depth)
        outcomes = {state.sample_chance(rng) for _ in range(3)}
        results = {value(after(state, a), role, count, depth + 1) for a in sorted(outcomes)}
        return WIN if results == {WIN} else LOSS if results == {LOSS} else OPEN
    if prompt(state) == "prompt.action" and state.running_frame()["r"] != ROLES[role]:
        return OPEN
    results = set()
    for a in state.legal_actions():
        v = value(after(state, a), role, count, depth + 1)
        results.add(v)
        if mover == role and v == WIN:
            return WIN
        if mover != role and v == LOSS and GAME.roles[mover] not in same_side(state, role):
            return LOSS
    if mover == role:
        return LOSS if results == {LOSS} else OPEN
    return WIN if results == {WIN} else LOSS if results == {LOSS} else OPEN


def same_side(state: PatriaState, role: int) -> set[str]:
    side = state.side(ROLES[role])
    return {r for r in state.d["seats"] if state.side(r) == side}


def turn_results(state: PatriaState, role: int) -> dict[int, str] | None:
    """Each first move's `value`; None if the lines are too many to play out."""
    results = {}
    try:
        for a in state.legal_actions():
            results[a] = value(after(state, a), role, [0])
    except TooMany:
        return None
    return results


def close_to_end(state: PatriaState) -> bool:
    """Whether the game could end this turn: a side within 6 VP of the lead or of 30, two enemy flags
    held, or an S/PV card the next to leave the market."""
    vp = sorted(state.d["vp"].values())
    market = state.d["market"]
    return (
        vp[-1] - vp[0] >= BOARD.end["lead"] - 6
        or vp[-1] >= BOARD.end["vp"] - 6
        or any(flags_held(state, x) >= 2 for x in state.d["seats"])
        or bool(market and BOARD.cards[market[0]]["type"] == "spv")
    )


# --------------------------------------------------------------------------------------- capture
def captures(state: PatriaState, r: str, q: str) -> bool:
    """§Capturas: an attack in `q` by `r` takes a leader card (the leader token alone, no complete fort of
    its own) or a character card (an infantry without its leader, its character on an order there) of
    the other regular side (the military faction hands its VP to either side: whether to harm it, or for
    it whom to harm, is a judgement)."""
    for o in state.opponents(r):
        if state.side(o) == "military":
            continue
        fort = state.d["forts"].get(q)
        if fort and fort[0] == 2 and fort[1] == o:
            continue
        level = state.d["troops"][q].get(o, 0)
        leader_here = state.d["leaders"].get(o) == q
        if (
            leader_here
            and not level
            and BOARD.cards_by_leader.get(o) in state.d["area"][o] + placed_cards(state, o)
        ):
            return True
        if (
            level == 1
            and not leader_here
            and any(
                who == o and c and BOARD.cards[c]["type"] == "character" for who, _, c in state.d["placed"][q]
            )
        ):
            return True
    return False


def placed_cards(state: PatriaState, o: str) -> list[str]:
    return [c for stack in state.d["placed"].values() for who, _, c in stack if who == o and c]


def attack_reach(state: PatriaState, r: str, src: str) -> list[str]:
    reach = (src, *BOARD.adjacent[src]) if state.d["troops"][src].get(r) == 3 else (src,)
    return [q for q in reach if any(state.present(o, q) for o in state.opponents(r))]


# ------------------------------------------------------------------------------------- supply
def margin(state: PatriaState, r: str, region: str) -> int:
    """`r`'s side's score at this card minus the other side's, the board as it stands."""
    mine = state.side(r)
    total = 0
    for x in state.d["seats"]:
        got = points({p for p in BOARD.provinces if state.controller(p) == x}, region)
        total += got if state.side(x) == mine else -got
    return total


def resources(state: PatriaState, x: str) -> int:
    """What can pay supply: coins, positive levels and cards to sell (§Activación de carta de S/PV)."""
    return int(state.d["coins"][x] + positive(state, x) + len(sellable(state, x)))


def can_pay_all(state: PatriaState, x: str) -> bool:
    return resources(state, x) >= sum(1 for t in state.d["troops"].values() if x in t)


def abandon_loss(state: PatriaState, r: str, prov: str, region: str) -> int:
    twin = state.clone()
    del twin.d["troops"][prov][r]
    return margin(state, r, region) - margin(twin, r, region)


# ---------------------------------------------------------------------------------------- patterns
def patterns(state: PatriaState, only: set[str]) -> Iterator[tuple[str, set[int], set[int]]]:
    """The patterns found at `state` (of those named in `only`; all if it is empty)."""
    for name, answers, avoid in found(state, only):
        if not only or name in only:
            yield name, answers, avoid


def found(state: PatriaState, only: set[str]) -> Iterator[tuple[str, set[int], set[int]]]:
    role = state.current_player()
    r = ROLES[role]
    legal = set(state.legal_actions())
    p = prompt(state)
    frame = state.running_frame()
    search = not only or bool(only & {"win-now", "no-gift"})
    results = turn_results(state, role) if search and close_to_end(state) else None
    if results:
        wins = {a for a, v in results.items() if v == WIN}
        losses = {a for a, v in results.items() if v == LOSS}
        if wins and len(wins) < len(results):
            yield "win-now", wins, losses
            return
        if losses and 0 < 2 * (len(results) - len(losses)) <= len(results):
            yield "no-gift", set(results) - losses, losses
            return
    if p in ("prompt.attack_where", "prompt.order_at") and state.side(r) != "military":
        if p == "prompt.attack_where":
            good = {a for a in legal if captures(state, r, target(a))}
        elif frame.get("face") == "attack":
            good = {a for a in legal if any(captures(state, r, q) for q in attack_reach(state, r, target(a)))}
        else:
            good = set()
        if good and good != legal:
            yield "capture", good, set()
    if p == "prompt.order_at" and frame.get("face") == "taxes" and state.bank() >= 3:
        mines = {a for a in legal if BOARD.provinces[target(a)].mine}
        if mines and mines != legal:
            yield "taxes-mine", mines, set()
    if p == "prompt.pay" and frame.get("slot") == 0 and legal == {ID["pay coins"], ID["pay match"]}:
        yield "pay-coins", {ID["pay coins"]}, {ID["pay match"]}
    if p == "prompt.accept" and state.running_frame().get("price") == 0 and ID["accept"] in legal:
        yield "ransom-free", {ID["accept"]}, {ID["refuse"]}
    if p == "prompt.supply":
        yield from supply(state, r, legal)
    if p == "prompt.recruit" or p in ("prompt.march_to", "prompt.march_on"):
        good, worth = set(), 0
        for a in legal:
            if a == ID["stay"]:
                continue
            twin = after(state, a)
            if twin.current_player() == role and prompt(twin) == "prompt.march_on":
                return
            new = set(twin.d["dominated"].items()) - set(state.d["dominated"].items())
            regions = [g for g, ruler in new if ruler == r and BOARD.region_stars[g]]
            if regions:
                good.add(a)
                worth = min(worth or 99, BOARD.stars.get(target(a), 0) + BOARD.region_stars[regions[0]])
        rival = max((BOARD.stars.get(target(a), 0) for a in legal - good if a != ID["stay"]), default=0)
        if good and good != legal and worth >= rival:
            yield "domination", good, set()


def supply(state: PatriaState, r: str, legal: set[int]) -> Iterator[tuple[str, set[int], set[int]]]:
    frame = state.running_frame()
    card = next((f["card"] for f in reversed(state.frames()) if f.get("p") == "spv"), None)
    if (
        card is None
        or state.side(r) == "military"
        or not all(can_pay_all(state, o) for o in state.opponents(r))
    ):
        return
    region = BOARD.cards[card].get("region", "")
    abandons = {a for a in legal if verb(a) == "abandon"}
    pays = legal - abandons
    losses = {a: abandon_loss(state, r, target(a), region) for a in abandons}
    need = frame.get("need", 0)
    if pays and all(v > 0 for v in losses.values()) and resources(state, r) >= need:
        yield "supply-pay", pays, abandons
    if not pays and need == 1:
        upcoming, _ = next_spv(state)
        later = BOARD.cards[upcoming].get("region", "") if upcoming else ""
        idle = {
            a
            for a in abandons
            if losses[a] == 0
            and not BOARD.stars.get(target(a))
            and not BOARD.provinces[target(a)].flag
            and BOARD.provinces[target(a)].region != later
        }
        costly = {a for a in abandons if losses[a] > 0}
        if idle and costly:
            yield "supply-abandon", idle, costly


# ---------------------------------------------------------------------------------------- games
def positions(state: PatriaState) -> Iterator[tuple[list[str], PatriaState]]:
    """The decision itself, and where the turn's menu offers the attack order, the decision of where to
    place it (captures are rare in the games played: this finds the ones an attack could make)."""
    yield [], state
    if prompt(state) == "prompt.action" and ID["order attack"] in state.legal_actions():
        yield ["order attack"], after(state, ID["order attack"])


def play(seed: int, options: dict[str, str], spec: str, only: set[str]) -> Iterator[dict[str, Any]]:
    state = GAME.new_initial_state(options)
    assert isinstance(state, PatriaState)
    rng = random.Random(seed)
    agents = {role: make_agent(spec, GAME, role, seed) for role in range(len(ROLES))}
    actions: list[str] = []
    while not state.is_terminal():
        role = state.current_player()
        if role == CHANCE:
            action = state.sample_chance(rng)
        else:
            for before, position in positions(state):
                for name, answers, avoid in patterns(position, only):
                    yield {
                        "pattern": name,
                        "seed": seed,
                        "options": options,
                        "role": ROLES[role],
                        "prompt": prompt(position),
                        "actions": [*actions, *before],
                        "answers": names(answers),
                        "avoid": names(avoid),
                        "legal": names(position.legal_actions()),
                        "facts": facts(position, ROLES[role]),
                    }
            action = agents[role].step(state)
        actions.append(ACTIONS.format(action))
        state.apply_action(action)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--agent", default="random")
    parser.add_argument("--option", action="append", default=[], help="K=V, as `ludoteca play` takes them")
    parser.add_argument("--patterns", default="", help="only these patterns, comma-separated (default: all)")
    args = parser.parse_args()
    options = dict(o.split("=", 1) for o in args.option)
    for seed in range(args.seed, args.seed + args.games):
        for candidate in play(seed, options, args.agent, set(filter(None, args.patterns.split(",")))):
            print(json.dumps(candidate, ensure_ascii=False))


if __name__ == "__main__":
    main()
