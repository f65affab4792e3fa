"""Candidate positions for Mar y Acero's puzzle suite (issue 56): seeded two-player games played by a cheap
agent (the fuzzer's one-step lookahead on `evaluate()`, else a random move), and every decision where a
rule of the rulebook makes a move plainly right or plainly wrong, printed as JSON lines (the actions from
the start, the answers and moves to avoid the rule gives, and the facts to check).

A candidate is not a puzzle: each one that goes into ``games/mar_y_acero/puzzles.toml`` was read against
the rulebook by hand and given its reason there. The patterns, each a section of the rulebook:

- ``reinforce`` (either side): Replacement and Reinforcement points to spend, a bag to draw from and room
  for the units in the side's own areas (priority 1, so no combat follows). §4.3.2 III's note: reinforce-
  ments arrive at full strength, so a point is better spent drawing a unit than flipping one; ending
  forfeits the point. Left out where a reduced leader could be flipped (the note's exception) or where the
  bags cannot give a unit for every point left.
- ``gold-grace`` (Spain): the Gracia Divina after a gold search (§4.5, §4.4.1 C), in Spain's half of the
  turn's last impulse, the marker unused all turn, and no gold search left in the activation. Whether used
  or not, the marker shows the Indigenous face next turn (used: turned at once; unused: turned in the Final
  Phase), so it is free; lowering the die by 1 reaches the table's best change for sure, which re-rolling
  can only equal by luck and passing does not.
- ``defence-grace`` (Indigenous): the same free marker after the Indigenous defenders' combat roll in
  Spain's half of the last impulse, where lowering one failed die makes it a certain hit and only that die
  failed (re-rolling it hits only sometimes). Kept only when that hit is the one that clears the area of
  Spaniards (every Spaniard there fought, and the other dice leave them one step short) and no other
  combat is pending, so no other Indigenous roll can follow in the impulse.
- ``scribe-last`` (Spain): Royal Scribes (§4.4.3 c) at the end of Spain's last activation of the game: the
  area becomes worth 2 VP with nothing left to play, so a Scribe that leaves company (or a Citadel) behind
  gains a VP; one that would leave the area empty gives it to the Indigenous side (§4.2 Control).
- ``press-last`` (Spain) and ``hold-last`` (Indigenous): a retreat offered in Spain's last activation of the
  game (§4.4.1 B), the attacker's or the defender's, where the side has pieces elsewhere (no wipe-out, §2):
  pieces are worth nothing once the game ends, only who holds the area (§4.6), and a retreat only takes
  dice and steps out of the fight. Spain's is kept only where no retreat could enter an empty area (which
  it would take) and defenders are still there; the Indigenous side gains nothing by entering an empty
  area, which already counts as theirs.

The last turn's patterns are kept only where the move can change who wins (the returns are a win or a
loss, so elsewhere every move ties): the area, or the Scribe's VP, would bring §4.6's final tally as it
stands from under 15 to 15 or more. Each answer and move to avoid there is also played out 200 times
(`playouts`: the rest by a plain policy), and the suite kept a position only where the answer won at least
0.05 more often than every move to avoid.

Spain is played by the same cheap agent unless ``--spain`` names another: finishes closer to 15 VP make the
last turn's patterns more frequent. A trial with ``ismcts:level=easy`` for Spain (37 games, some 45 s each)
gave no such position at stake, so the suite's candidates come from the cheap agent alone:

    PYTHONPATH=src python benchmarks/mar_y_acero_puzzle_candidates.py --games 1600 --seed 0 > candidates.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Iterator
from typing import Any

from ludoteca.ai.agents import make_agent
from ludoteca.core.game import CHANCE, get_game
from ludoteca.games.mar_y_acero.actions import ACTIONS, END, PASS, verb
from ludoteca.games.mar_y_acero.board import AREAS, BOARD
from ludoteca.games.mar_y_acero.combat import factor, hits, retreat_targets
from ludoteca.games.mar_y_acero.deploy import empty, held
from ludoteca.games.mar_y_acero.end import final_tally
from ludoteca.games.mar_y_acero.pieces import KINDS, contested, count_units, pieces, units_on_map, value
from ludoteca.games.mar_y_acero.state import MyaState

GAME = get_game("mar-y-acero")
LEADERS = {"colon", "caonabo"}
"""Leaders a PRR can flip (Guacanagarí has only reduced faces, §3)."""
BAGS = {"es": ("soldier", "settler"), "ind": ("taino", "caribe", "rebel")}


def names(actions: set[int] | list[int]) -> list[str]:
    return sorted(ACTIONS.format(a) for a in actions)


def facts(state: MyaState) -> dict[str, Any]:
    d = state.d
    board = {
        x: {f: [p[0] + (".r" if p[1] else "") for p in pieces(state, x, f)] for f in ("es", "ind")}
        for x in AREAS
        if pieces(state, x, "es") or pieces(state, x, "ind")
    }
    combat = next((f for f in reversed(state.frames()) if f["p"] == "combat"), None)
    return {
        "tally": sum(final_tally(state).values()),
        "at_stake": value(state, combat["area"]) if combat else None,
        "turn": d["turn"],
        "phase": d["phase"],
        "imp": d["imp"],
        "vp": d["vp"],
        "rs": d["rs"],
        "grace": d["grace"],
        "destiny": d["destiny"],
        "pal": d["pal"],
        "cit": d["cit"],
        "scroll": d["scroll"],
        "board": board,
        "frames": [{k: v for k, v in f.items() if k != "start"} for f in state.frames()[-2:]],
    }


def last_half(state: MyaState) -> bool:
    """Spain's half of the turn's last impulse: both impulse markers at 0 (§4.3.2 IV, Indigenous first)."""
    d = state.d
    return d["phase"] == "impulses" and d["imp"]["es"] == 0 and d["imp"]["ind"] == 0


def free_grace(state: MyaState) -> bool:
    """§4.5: in Spain's half of the last impulse, a marker unused all turn shows the other face next turn
    whether it is used now or not."""
    return last_half(state) and not state.d["grace"]["turn_used"]


def reinforce(state: MyaState, legal: set[int]) -> Iterator[tuple[str, set[int], set[int]]]:
    frame = state.frames()[-1]
    fac = frame["fac"]
    draws = {a for a in legal if verb(a) == "draw"}
    repairs = {a for a in legal if verb(a) == "repair"}
    if not draws or not repairs or END not in legal:
        return
    if any(p[0] in LEADERS and p[1] for x in AREAS for p in pieces(state, x, fac)):
        return
    left = frame["left"]
    if sum(sum(state.d["bags"][b].values()) for b in BAGS[fac]) < left:
        return
    limit = state.d["limit"][fac]
    space = sum(max(0, limit - count_units(pieces(state, x, fac))) for x in held(state, fac))
    if space < left + len(frame["drawn"]):
        return
    yield "reinforce", draws, {END}


def gold_grace(state: MyaState, legal: set[int]) -> Iterator[tuple[str, set[int], set[int]]]:
    frames = state.frames()
    if frames[-2]["p"] != "conquest" or frames[-2]["todo"] or not free_grace(state):
        return
    table = BOARD.destinies[state.d["destiny"]].gold
    die = frames[-1]["dice"][0]
    lower = ACTIONS.ids["grace lower 1"]
    if lower not in legal or table[die - 2] <= table[die - 1] or table[die - 2] < max(table):
        return
    rs = state.d["rs"]
    top = BOARD.tracks["royal_support_max"]
    after = {min(top, max(0, rs + table[i])) for i in (die - 1, die - 2)}
    if len(after) < 2:
        return  # the track's end: the change moves nothing
    if state.d["turn"] == BOARD.tracks["turns"]:
        ends = {BOARD.rs_end_vp[r] for r in after}
        if len(ends) < 2:
            return  # the last turn: Royal Support counts only through §4.6's VP
    yield "gold-grace", {lower}, {PASS}


def defence_grace(state: MyaState, legal: set[int]) -> Iterator[tuple[str, set[int], set[int]]]:
    frames = state.frames()
    if frames[-2]["p"] != "combat" or frames[-1]["fac"] != "ind" or not free_grace(state):
        return
    combat, grace = frames[-2], frames[-1]
    area = combat["area"]
    if any(contested(state, x) for x in AREAS if x != area):
        return
    sel, dice = combat["sel"]["ind"], grace["dice"]
    fcs = [factor(state, combat, "ind", k) for k in sel]
    failed = [i for i, (fc, die) in enumerate(zip(fcs, dice, strict=True)) if not hits(fc, die)]
    if len(failed) != 1:
        return
    i = failed[0]
    if not hits(fcs[i], dice[i] - 1):
        return
    scored = sum(hits(fc, die) for fc, die in zip(fcs, dice, strict=True))
    spanish = pieces(state, area, "es")
    steps = sum(1 if (p[1] or KINDS[p[0]].only_reduced) else 2 for p in spanish)
    if len(combat["sel"]["es"]) != len(spanish) or steps != scored + 1:
        return  # the extra hit must be the one that clears the area of Spaniards
    lower = ACTIONS.ids[f"grace lower {i + 1}"]
    yield "defence-grace", {lower}, {PASS}


def scribe_last(state: MyaState, legal: set[int]) -> Iterator[tuple[str, set[int], set[int]]]:
    if state.d["turn"] != BOARD.tracks["turns"] or not last_half(state) or not at_stake(state, 1):
        return
    gain, loss = set(), {END}
    for a in legal - {END}:
        (gain if state.child(a).d["vp"] > state.d["vp"] else loss).add(a)
    if gain:
        yield "scribe-last", gain, loss


def at_stake(state: MyaState, gain: int) -> bool:
    """Whether `gain` VP more would turn §4.6's final tally, as it stands, from an Indigenous win to a
    Spanish one: the returns are a win or a loss, so elsewhere every move of the last turn ties."""
    tally = sum(final_tally(state).values())
    return tally < BOARD.tracks["vp_target"] <= tally + gain


def hold_last(state: MyaState, legal: set[int]) -> Iterator[tuple[str, set[int], set[int]]]:
    if state.d["turn"] != BOARD.tracks["turns"] or not last_half(state) or END not in legal:
        return
    area = state.frames()[-1]["area"]
    if not at_stake(state, value(state, area)):
        return
    here = sum(1 for p in pieces(state, area, "ind") if p[0] != "anacaona")
    if units_on_map(state, "ind") <= here:
        return  # these pieces are all the Indigenous side has: keeping them alive may matter (§2)
    yield "hold-last", {END}, legal - {END}


def press_last(state: MyaState, legal: set[int]) -> Iterator[tuple[str, set[int], set[int]]]:
    if state.d["turn"] != BOARD.tracks["turns"] or not last_half(state) or END not in legal:
        return
    combat = state.frames()[-1]
    area = combat["area"]
    if not at_stake(state, value(state, area)):
        return
    if not any(p[0] != "anacaona" for p in pieces(state, area, "ind")):
        return  # the defenders have all retreated: Spain holds the area whatever it pulls back
    here = sum(1 for p in pieces(state, area, "es") if p[0] != "anacaona")
    if units_on_map(state, "es") <= here:
        return  # these pieces are all Spain has: keeping them alive may matter (§2)
    for a in legal - {END}:
        if any(empty(state, x) for x in retreat_targets(state, combat, "es", ACTIONS.names[a].split()[1])):
            return  # a retreat into an empty area would take it (§4.2 Control): a judgement
    yield "press-last", {END}, legal - {END}


def playouts(state: MyaState, action: int, games: int = 200) -> float:
    """The share of `games` playouts from `state` after `action` that the side to move wins, the rest played
    by a plain policy (stay, pass, else at random): a check that the last turn's answer matters, since
    a move that changes who wins by a hair measures nothing."""
    role, won = state.current_player(), 0
    for seed in range(games):
        rng, twin = random.Random(seed), state.child(action)
        while not twin.is_terminal():
            if twin.current_player() == CHANCE:
                twin.apply_action(twin.sample_chance(rng))
                continue
            legal = twin.legal_actions()
            twin.apply_action(END if END in legal else PASS if PASS in legal else rng.choice(legal))
        won += twin.returns()[role] > 0
    return won / games


def patterns(state: MyaState) -> Iterator[tuple[str, set[int], set[int]]]:
    wait = state.d["wait"]
    if wait is None:
        return
    legal = set(state.legal_actions())
    prompt, role = wait["prompt"], wait["role"]
    if prompt == "prompt.reinforce":
        yield from reinforce(state, legal)
    elif prompt == "prompt.grace" and role == 0:
        yield from gold_grace(state, legal)
    elif prompt == "prompt.grace":
        yield from defence_grace(state, legal)
    elif prompt == "prompt.scribe":
        yield from scribe_last(state, legal)
    elif prompt == "prompt.retreat" and role == 1:
        yield from hold_last(state, legal)
    elif prompt == "prompt.retreat":
        yield from press_last(state, legal)


def choose(state: MyaState, rng: random.Random) -> int:
    """The fuzzer's guide (a one-step lookahead on `evaluate()`) most of the time, else a random move; the
    Gracia Divina/Yaya is always kept, so that positions where it is still unused late in a turn occur."""
    if state.d["wait"] and state.d["wait"]["prompt"] == "prompt.grace":
        return PASS
    guided = GAME.guided_action(state, rng)
    return guided if guided is not None else rng.choice(state.legal_actions())


def play(seed: int, spain: str | None) -> Iterator[dict[str, Any]]:
    state = GAME.new_initial_state({})
    assert isinstance(state, MyaState)
    rng = random.Random(seed)
    agent = make_agent(spain, GAME, 0, seed) if spain else None
    actions: list[str] = []
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            action = state.sample_chance(rng)
        else:
            for name, answers, avoid in patterns(state):
                last = name.endswith("-last")
                yield {
                    "pattern": name,
                    "seed": seed,
                    "role": GAME.roles[state.current_player()],
                    "spain": spain,
                    "actions": list(actions),
                    "answers": names(answers),
                    "avoid": names(avoid),
                    "legal": names(state.legal_actions()),
                    "facts": facts(state),
                    "playouts": {ACTIONS.format(a): playouts(state, a) for a in answers | avoid}
                    if last
                    else None,
                }
            action = agent.step(state) if agent and state.current_player() == 0 else choose(state, rng)
        actions.append(ACTIONS.format(action))
        state.apply_action(action)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--spain", help="an agent for Spain (e.g. ismcts:level=easy: closer finishes)")
    args = parser.parse_args()
    for seed in range(args.seed, args.seed + args.games):
        for candidate in play(seed, args.spain):
            print(json.dumps(candidate, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    main()
