"""Maquis games of one search level, counted by mission card: which cards the search finishes and which it
never does (issue 27; docs/experiments/maquis-evaluation.md, "Maquis: what the evaluation missed").

    PYTHONPATH=src .venv/bin/python benchmarks/maquis_cards.py --level normal --seed 93100 --jobs 2

Every game is `ludoteca selfplay maquis --agents ismcts:level=L`'s game of the same seed (chance drawn by
`random.Random(seed)`, the agent seeded with it). `--dealing CARD` plays, of the `--games` seeds from
`--seed`, only those whose deal includes that mission card. `LUDOTECA_EVALUATION=maquis=hand|FILE` chooses the
evaluation, as for the arena. Prints the wins and, card by card, the games it was in and those where it was
done; `--out FILE` appends one JSON line a game.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
from collections import Counter
from typing import Any

from ludoteca.ai.agents import make_agent
from ludoteca.core.game import CHANCE, get_game


def play(job: tuple[int, str, dict[str, str]]) -> dict[str, Any]:
    """One game: whether it was won, how it ended, the cards in play and those done."""
    seed, spec, options = job
    game = get_game("maquis")
    state = game.new_initial_state(options)
    rng = random.Random(seed)
    agent = make_agent(spec, game, 0, seed)
    while not state.is_terminal():
        state.apply_action(
            state.sample_chance(rng) if state.current_player() == CHANCE else agent.step(state)
        )
    cards = state.d["missions"]
    return {
        "seed": seed,
        "win": state.returns()[0] > 0,
        "outcome": (state.result("en") or {}).get("outcome"),
        "missions": [card["id"] for card in cards],
        "done": [card["id"] for card in cards if card["done"]],
    }


def deals(seed: int, card: str | None, options: dict[str, str]) -> bool:
    """Whether the game of `seed` deals `card` (always, with no card): its first chance outcomes, drawn as
    `play` draws them, until the two missions are out."""
    if card is None:
        return True
    state = get_game("maquis").new_initial_state(options)
    rng = random.Random(seed)
    while state.current_player() == CHANCE and len(state.d["missions"]) < 2:
        state.apply_action(state.sample_chance(rng))
    return card in [mission["id"] for mission in state.d["missions"]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="normal")
    parser.add_argument("--seed", type=int, default=93100)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--difficulty", default="normal")
    parser.add_argument("--out", help="append one JSON line a game to this file")
    parser.add_argument(
        "--dealing", metavar="CARD", help="only the seeds whose deal includes this mission card"
    )
    args = parser.parse_args()
    options = {"difficulty": args.difficulty}
    seeds = [seed for seed in range(args.seed, args.seed + args.games) if deals(seed, args.dealing, options)]
    jobs = [(seed, f"ismcts:level={args.level}", options) for seed in seeds]
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        games = pool.map(play, jobs)
    if args.out:
        with open(args.out, "a", encoding="utf-8") as out:
            out.writelines(json.dumps(game) + "\n" for game in games)
    in_play, done = Counter[str](), Counter[str]()
    for game in games:
        in_play.update(game["missions"])
        done.update(game["done"])
    wins = sum(game["win"] for game in games)
    print(
        f"ismcts:level={args.level}, seeds {args.seed}+: {wins} of {len(games)} won;",
        dict(Counter(g["outcome"] for g in games)),
    )
    for card in sorted(in_play, key=lambda card: done[card] / in_play[card]):
        print(f"  {card:24} done {done[card]:3} of {in_play[card]:3}")


if __name__ == "__main__":
    main()
