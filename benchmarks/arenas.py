"""`make arenas`: the arenas issues 27 and 23 ask for, each one `ludoteca selfplay` command, run one after
another and tabulated as they finish (Markdown), each also written to `benchmarks/results/arenas.json`.

    .venv/bin/python benchmarks/arenas.py [--games N] [--jobs J] [--seed S] [--only TEXT] [--records DIR]
                                          [--list] [--results DIR | --no-record]

1. Issue 27: the searched side's wins with 95% Wilson intervals beside what the issue asks, on the ladder of
   every game (`easy`, `normal`, `hard` against the same opponent): Maquis at normal difficulty, Mar y
   Acero against the Nitayno at levels 0 and II, Patria Libre against each side of the personality deck,
   Pax Porfiriana against Díaz and its levels against each other, Guerra a Muerte's `normal` against `easy`
   (1815-1818).
2. Issue 23: Guerra a Muerte with the search on both sides (`--agents ismcts`), each scenario's outcomes
   and whether either side wins more than 80% of the games.

The issues' counts (200 games an arena, 100 a scenario) take days of one core: `--jobs` divides it, each
printed command runs as well on a Ray cluster with `--ray-address`, and with `--records DIR` every game is
kept there, so that the same command run again after a stop plays only the games missing (`ludoteca
selfplay --resume`). Every arena plays its own block of seeds
(`--seed` + 1,000 × its place in the list, the same whatever `--only` keeps), fresh ones by default: the
tuning of the evaluations used seeds below 1,000,000.

Every finished arena replaces its figure (by name) in `arenas.json` (`record.py`: the command, the date,
the machine, the commit), from which `benchmarks/summary.py` renders BENCHMARKS.md's arena tables; `--results
DIR` writes elsewhere (a trial run), `--no-record` nowhere.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import record

LUDOTECA = Path(sys.executable).with_name("ludoteca")
SEED = 3_000_000
"""The first arena's first seed."""
BLOCK = 1_000
"""The seeds each arena may use."""
LADDER = ("easy", "normal", "hard")


@dataclass(frozen=True)
class Arena:
    """One `ludoteca selfplay` run: `agents` rotated over the free seats of `game` under `options`, the
    wins of `scored` counted against `target` (issue 27; None: a rung of a ladder the issue sets no
    figure for), or, with `balance`, the outcomes by side (issue 23)."""

    name: str
    game: str
    agents: str
    options: dict[str, str] = field(default_factory=dict)
    target: float | None = None
    balance: bool = False
    games: int = 200
    by_role: bool = False
    """Scored by role, a draw counting half (issue 56's head-to-head): the figure is the smaller of the
    scored agent's scores at each role, met where it reaches `target` at both."""

    @property
    def scored(self) -> str:
        return self.agents.split(",")[0]

    def command(self, games: int, seed: int, jobs: int, records: Path | None = None) -> list[str]:
        """The `ludoteca selfplay` command; with `records`, its games kept in a folder of this arena's
        there and, where a run stopped, read back (`--resume`)."""
        options = [part for k, v in self.options.items() for part in ("-o", f"{k}={v}")]
        kept = [] if records is None else ["--records", str(records / self.slug), "--resume"]
        return [
            *(str(LUDOTECA), "selfplay", self.game, "--agents", self.agents, "--games", str(games)),
            *("--seed", str(seed), "--jobs", str(jobs), *options, *kept, "--json"),
        ]

    @property
    def slug(self) -> str:
        """The arena's folder name under `--records`."""
        return "".join(c if c.isalnum() else "-" for c in self.name.lower())


def ladder(name: str, game: str, options: dict[str, str], targets: dict[str, float]) -> list[Arena]:
    """The three levels against the same opponent, each with the issue's figure where it gives one."""
    return [
        Arena(f"{name}, {level}", game, f"ismcts:level={level}", options, targets.get(level))
        for level in LADDER
    ]


SOLO_II = {"mode": "solo", "level": "2"}
HEAD_TO_HEAD = "ismcts:level=normal,ismcts:level=easy"
HARD_TO_HEAD = "ismcts:level=hard,ismcts:level=normal"
"""The levels against each other, seats swapped every game: the ladder of a game with no solo opponent, or
whose solo opponent every level beats (Pax Porfiriana's Díaz)."""
ARENAS: list[Arena] = [
    *ladder("Maquis, normal difficulty", "maquis", {"difficulty": "normal"}, {"normal": 0.30, "hard": 0.50}),
    *ladder("Mar y Acero, Nitayno level 0", "mar-y-acero", {"mode": "solo", "level": "0"}, {"normal": 0.50}),
    Arena("Mar y Acero, Nitayno level II, normal", "mar-y-acero", "ismcts:level=normal", SOLO_II, 0.30),
    *ladder(
        "Patria Libre, the deck as the royalists", "patria-libre", {"solo": "realistas"}, {"normal": 0.60}
    ),
    *ladder(
        "Patria Libre, the deck as the insurgents", "patria-libre", {"solo": "insurgentes"}, {"normal": 0.60}
    ),
    *ladder("Pax Porfiriana, against Díaz", "pax-porfiriana", {"solo": "diaz"}, {}),
    Arena(
        "Guerra a Muerte 1815-1818, normal against easy",
        "guerra-a-muerte",
        HEAD_TO_HEAD,
        {"scenario": "1815-1818"},
    ),
    *(
        Arena(
            f"Guerra a Muerte {s}, both sides searched",
            "guerra-a-muerte",
            "ismcts",
            {"scenario": s},
            None,
            True,
            100,
        )
        for s in ("1810-1814", "1815-1818", "1820-1824", "campaign")
    ),
    Arena("Pax Porfiriana two players, normal against easy", "pax-porfiriana", HEAD_TO_HEAD, games=100),
    Arena("Pax Porfiriana two players, hard against normal", "pax-porfiriana", HARD_TO_HEAD, games=100),
    *(
        Arena(
            f"Guerra a Muerte {s}, plans against the search over actions",
            "guerra-a-muerte",
            "ismcts:level=normal,ismcts:level=normal:plans=0",
            {"scenario": s},
            0.70,
            games=30,
            by_role=True,
        )
        for s in ("1810-1814", "1815-1818", "1820-1824")
    ),
]
"""Every arena, in the order that fixes their seeds: new arenas go at the end."""
BALANCE_LIMIT = 0.80
"""Issue 23: neither side may win more than this share of a scenario's games with equal agents."""


def percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def row(arena: Arena, result: dict[str, Any], command: list[str]) -> str:
    """The table row of a finished arena, its command (without the path to `ludoteca`) in the last cell."""
    typed = f"`{shown(command)}`"
    if arena.balance:
        games, wins = result["games"], result["wins"]
        draws = sum(n for outcome, n in result["outcomes"].items() if "draw" in outcome)
        top = max(wins.values(), default=0) / games if games else 0.0
        spread = " / ".join(f"{role} {n}" for role, n in wins.items()) + f" / draw {draws}"
        met = "yes" if top <= BALANCE_LIMIT else "no"
        cells = [arena.name, str(games), spread, f"largest {percent(top)}", "≤ 80%", met, typed]
    elif arena.by_role:
        agent = result["by_agent"][arena.scored]
        scores = {role: theirs["score"] for role, theirs in agent["roles"].items()}
        rate = " / ".join(
            f"{role} {r['wins']}+{r['draws']}½ of {r['games']} = {percent(r['score'])}"
            for role, r in agent["roles"].items()
        )
        least = min(scores.values(), default=0.0)
        met = "yes" if arena.target is not None and least >= arena.target else "no"
        asked = f"≥ {percent(arena.target or 0.0)} each role"
        cells = [arena.name, str(agent["games"]), rate, f"least {percent(least)}", asked, met, typed]
    else:
        agent = result["by_agent"][arena.scored]
        low, high = agent["ci95"]
        rate = f"{agent['wins']} / {agent['games']} = {percent(agent['win_rate'])}"
        for other, theirs in result["by_agent"].items():  # a head-to-head: the other level's wins beside
            if other != arena.scored:
                rate += f" (`{other}` {theirs['wins']})"
        target = arena.target
        asked = "—" if target is None else f"≥ {percent(target)}"
        met = "—" if target is None else "yes" if agent["win_rate"] >= target else "no"
        cells = [
            arena.name,
            str(agent["games"]),
            rate,
            f"[{percent(low)}, {percent(high)}]",
            asked,
            met,
            typed,
        ]
    return "| " + " | ".join(cells) + " |"


def shown(command: list[str]) -> str:
    """A command as a reader types it: `ludoteca`, not the path to it."""
    return " ".join(["ludoteca", *command[1:]])


def figure(arena: Arena, result: dict[str, Any], command: list[str]) -> dict[str, Any]:
    """The result file's figure of a finished arena (what its row shows, as data)."""
    found: dict[str, Any] = {"key": arena.name, "game": arena.game, "games": result.get("games", 0)}
    if arena.balance:
        draws = sum(n for outcome, n in result["outcomes"].items() if "draw" in outcome)
        top = max(result["wins"].values(), default=0) / result["games"] if result["games"] else 0.0
        found |= {"outcomes": {**result["wins"], "draw": draws}, "largest": round(top, 4)}
        found |= {"limit": BALANCE_LIMIT}
    elif arena.by_role:
        agent = result["by_agent"][arena.scored]
        roles = {
            role: {k: r[k] for k in ("games", "wins", "draws", "score")} for role, r in agent["roles"].items()
        }
        least = min((r["score"] for r in roles.values()), default=0.0)
        found |= {"games": agent["games"], "roles": roles, "least": least, "target": arena.target}
    else:
        agent = result["by_agent"][arena.scored]
        others = {
            other: theirs["wins"] for other, theirs in result["by_agent"].items() if other != arena.scored
        }
        found |= {"games": agent["games"], "wins": agent["wins"], "win_rate": round(agent["win_rate"], 4)}
        found |= {"ci95": [round(x, 4) for x in agent["ci95"]], "target": arena.target, "others": others}
    return found | record.stamp(shown(command))


ABOUT = "`ludoteca selfplay` arenas of issues 27 (the levels' ladders) and 23 (Guerra a Muerte's balance)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, help="games an arena (default: the issues' 200, 100 a scenario)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes of each selfplay")
    parser.add_argument("--seed", type=int, default=SEED, help="the first arena's first seed")
    parser.add_argument("--only", default="", help="only the arenas whose name contains this text")
    parser.add_argument("--list", action="store_true", help="print the commands, run nothing")
    parser.add_argument(
        "--records", type=Path, help="keep every game's record here, an arena a folder; run again, go on"
    )
    parser.add_argument("--results", type=Path, default=record.RESULTS, help="the folder of arenas.json")
    parser.add_argument("--no-record", action="store_true", help="print only: write no result file")
    args = parser.parse_args()
    chosen = [(i, a) for i, a in enumerate(ARENAS) if args.only.lower() in a.name.lower()]
    if not chosen:
        sys.exit(f"no arena's name contains {args.only!r}; the names: " + "; ".join(a.name for a in ARENAS))
    print("| arena | games | wins, or outcomes | 95% interval | issue asks | met | command |")
    print("|---|---|---|---|---|---|---|", flush=True)
    for index, arena in chosen:
        command = arena.command(args.games or arena.games, args.seed + BLOCK * index, args.jobs, args.records)
        if args.list:
            print(f"| {arena.name} | | | | | | `{shown(command)}` |")
            continue
        done = subprocess.run(command, check=True, capture_output=True, text=True)
        result = json.loads(done.stdout)
        print(row(arena, result, command), flush=True)
        if not args.no_record:
            record.write("arenas", ABOUT, [figure(arena, result, command)], args.results)


if __name__ == "__main__":
    main()
