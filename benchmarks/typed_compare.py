"""One tree's engine and search speed in CPU time, to compare two trees (issue 57: typing costs nothing):

    PYTHONPATH=OLD/src python benchmarks/typed_compare.py           # a tree from before the plans
    PYTHONPATH=src python benchmarks/typed_compare.py :plans=0      # this one, searching over actions

Run the two alternately, a few rounds, each in a fresh process. Prints JSON: per game, random-playout
actions per CPU second (`run_bench` with its clock read as `process_time`), clone and view µs, and
`ismcts:level=normal` iterations per CPU second over 4 decisions of seeded random games (`all.py`'s
`search_rate`; the spec's suffix given to Guerra a Muerte, the game with plans).
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from all import search_rate  # `make bench`'s search figure, with this comparison's spec

import ludoteca.core.bench as bench
from ludoteca.core.game import get_game

MODES = [
    ("maquis", {}),
    ("mar-y-acero", {}),
    ("patria-libre", {}),
    ("pax-porfiriana", {}),
    ("guerra-a-muerte", {"scenario": "1810-1814"}),
]


def main() -> None:
    suffix = sys.argv[1] if len(sys.argv) > 1 else ""
    bench.time.perf_counter = time.process_time  # type: ignore[attr-defined]  # CPU time, not wall clock
    out: dict[str, dict[str, Any]] = {}
    for game_id, options in MODES:
        report = bench.run_bench(get_game(game_id), 3.0, options)
        spec = "ismcts:level=normal" + (suffix if game_id == "guerra-a-muerte" else "")
        out[game_id] = {
            "actions_per_s": round(report.actions_per_s),
            "clone_us": round(report.clone_us, 1),
            "view_us": round(report.view_us, 1),
            "search_iters_per_s": round(search_rate(game_id, options, decisions=4, spec=spec)[0], 1),
        }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
