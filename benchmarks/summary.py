"""BENCHMARKS.md's tables, rendered from the result files under `benchmarks/results/` (`record.py`).

    .venv/bin/python benchmarks/summary.py [--check]     # make bench-doc; make bench and make arenas run it

BENCHMARKS.md marks each generated part `<!-- generated: NAME -->` … `<!-- end generated -->`: NAME is a game
id (its engine and search figures, its arenas), `adapters` (PettingZoo, OpenSpiel, the vector environment) or
`puzzles` (the suites' solve rates, `results/puzzles/`). Everything between the marks is replaced; everything
outside them is written by hand. Each table row names its source, a numbered line under the tables with the
figure's date, command, commit and machine. `--check` changes nothing and fails if the file is not what the
result files give (`tests/test_benchmarks_doc.py` does the same).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import record

DOCUMENT = Path(__file__).resolve().parent.parent / "BENCHMARKS.md"
KINDS = ("engine", "search", "arenas", "pettingzoo", "openspiel", "vector")
GAMES = ("maquis", "mar-y-acero", "patria-libre", "pax-porfiriana", "guerra-a-muerte")
BLOCK = re.compile(r"(<!-- generated: (?P<name>[a-z-]+) -->\n)(?P<body>.*?)(<!-- end generated -->)", re.S)
SOURCE_FIELDS = ("date", "command", "note", "commit", "machine", "see")


def number(value: Any, decimals: int = 0) -> str:
    """A figure as the tables show it: thousands separated; a list (runs of one measurement) joined by
    slashes; None as a dash."""
    if value is None:
        return "—"
    if isinstance(value, list):
        return " / ".join(number(v, decimals) for v in value)
    return f"{value:,.{decimals}f}"


def percent(x: float) -> str:
    return f"{100 * x:.1f}%"


class Sources:
    """The numbered source lines of one block: a figure's date, command, commit, machine (and the note that
    explains it), each distinct set numbered once in the order met."""

    def __init__(self) -> None:
        self.lines: list[tuple[str, ...]] = []

    def ref(self, figure: dict[str, Any]) -> str:
        key = tuple(str(figure.get(field, "")) for field in SOURCE_FIELDS)
        if key not in self.lines:
            self.lines.append(key)
        return f"[{self.lines.index(key) + 1}]"

    def render(self) -> list[str]:
        out = []
        for i, (date, command, note, commit, machine, see) in enumerate(self.lines, 1):
            how = f" ({note})" if note else ""
            at = f" at `{commit}`" if commit else ""
            where = f", {machine}" if machine else ""
            link = f"; [{Path(see).stem}]({see})" if see else ""
            out.append(f"[{i}] {date}, `{command}`{how}{at}{where}{link}.  ")
        if out:
            out[-1] = out[-1].rstrip()
        return out


def engine_rows(game: str, results: dict[str, dict[str, Any]], sources: Sources) -> list[str]:
    engine = [f for f in results["engine"]["figures"] if f["game"] == game]
    search = {f["key"]: f for f in results["search"]["figures"] if f["game"] == game}
    if not engine and not search:
        return []
    rows = [
        "| mode | actions/s | clone µs | view µs | first view µs | source "
        "| `ismcts:level=normal` iterations/s | source |",
        "|---|---|---|---|---|---|---|---|",
    ]
    seen = set()
    for figure in engine:
        found = search.get(figure["key"])
        cells = [
            figure["key"],
            number(figure["actions_per_s"]),
            number(figure["clone_us"], 1),
            number(figure["view_us"], 1),
            number(figure.get("first_view_us"), 1),
            sources.ref(figure),
            number(found["iterations_per_s"]) if found else "—",
            sources.ref(found) if found else "",
        ]
        rows.append("| " + " | ".join(cells) + " |")
        seen.add(figure["key"])
    for key, found in search.items():
        if key not in seen:
            cells = [key, "—", "—", "—", "—", "", number(found["iterations_per_s"]), sources.ref(found)]
            rows.append("| " + " | ".join(cells) + " |")
    return rows


def arena_rows(game: str, results: dict[str, dict[str, Any]], sources: Sources) -> list[str]:
    arenas = [f for f in results["arenas"]["figures"] if f["game"] == game and "outcomes" not in f]
    if not arenas:
        return []
    rows = [
        "| arena | games | wins | 95% interval | issue asks | met | source |",
        "|---|---|---|---|---|---|---|",
    ]
    for figure in arenas:
        if "roles" in figure:  # issue 56's head-to-head: by role, a draw half
            rows.append(by_role_row(figure, sources))
            continue
        wins = f"{figure['wins']} / {figure['games']} = {percent(figure['win_rate'])}"
        wins += "".join(f" (`{spec}` {n})" for spec, n in figure.get("others", {}).items())
        low, high = figure["ci95"]
        target = figure.get("target")
        asked = "—" if target is None else f"≥ {percent(target)}"
        met = "—" if target is None else "yes" if figure["win_rate"] >= target else "no"
        cells = [figure["key"], str(figure["games"]), wins, f"[{percent(low)}, {percent(high)}]", asked, met]
        rows.append("| " + " | ".join([*cells, sources.ref(figure)]) + " |")
    return rows


def by_role_row(figure: dict[str, Any], sources: Sources) -> str:
    """A head-to-head scored by role (a draw half): each role's wins, draws and score, and the least."""
    scores = " / ".join(
        f"{role} {r['wins']}+{r['draws']}½ of {r['games']} = {percent(r['score'])}"
        for role, r in figure["roles"].items()
    )
    target = figure["target"]
    met = "yes" if figure["least"] >= target else "no"
    cells = [figure["key"], str(figure["games"]), scores, f"least {percent(figure['least'])}"]
    cells += [f"≥ {percent(target)} each role", met, sources.ref(figure)]
    return "| " + " | ".join(cells) + " |"


def balance_rows(game: str, results: dict[str, dict[str, Any]], sources: Sources) -> list[str]:
    balance = [f for f in results["arenas"]["figures"] if f["game"] == game and "outcomes" in f]
    if not balance:
        return []
    rows = [
        "| arena | games | outcomes | largest side | issue asks | met | source |",
        "|---|---|---|---|---|---|---|",
    ]
    for figure in balance:
        outcomes = " / ".join(f"{side} {n}" for side, n in figure["outcomes"].items())
        met = "yes" if figure["largest"] <= figure["limit"] else "no"
        asked = f"≤ {percent(figure['limit'])} (100 games)"
        cells = [figure["key"], str(figure["games"]), outcomes, percent(figure["largest"]), asked, met]
        rows.append("| " + " | ".join([*cells, sources.ref(figure)]) + " |")
    return rows


def game_block(game: str, results: dict[str, dict[str, Any]]) -> str:
    sources = Sources()
    parts = [
        rows
        for rows in (
            engine_rows(game, results, sources),
            arena_rows(game, results, sources),
            balance_rows(game, results, sources),
        )
        if rows
    ]
    lines: list[str] = []
    for rows in parts:
        lines += [*rows, ""]
    return "\n".join([*lines, *sources.render()]) + "\n"


def adapters_block(results: dict[str, dict[str, Any]]) -> str:
    sources = Sources()
    lines = ["| PettingZoo environment | turns/s | ÷ `tictactoe_v3` | source |", "|---|---|---|---|"]
    for figure in results["pettingzoo"]["figures"]:
        cells = [
            figure["key"],
            number(figure["turns_per_s"]),
            number(figure["ratio"], 2),
            sources.ref(figure),
        ]
        lines.append("| " + " | ".join(cells) + " |")
    lines += ["", "| OpenSpiel `ISMCTSBot` | simulations/s | source |", "|---|---|---|"]
    for figure in results["openspiel"]["figures"]:
        lines.append(f"| {figure['key']} | {number(figure['simulations_per_s'])} | {sources.ref(figure)} |")
    lines += [
        "",
        "| vector environment | `GameEnv` | `SyncVectorEnv` 64 | N=1 | N=8 | N=64 | N=64 ÷ `GameEnv` "
        "| source |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for figure in results["vector"]["figures"]:
        steps = figure["steps_per_s"]
        single, sixty_four = steps["GameEnv"], steps["N=64"]
        if isinstance(single, list):
            ratio = " / ".join(f"{n / s:.2f}×" for n, s in zip(sixty_four, single, strict=True))
        else:
            ratio = f"{sixty_four / single:.2f}×"
        cells = [number(steps[name]) for name in ("GameEnv", "SyncVectorEnv 64", "N=1", "N=8", "N=64")]
        lines.append("| " + " | ".join([figure["key"], *cells, ratio, sources.ref(figure)]) + " |")
    return "\n".join([*lines, "", *sources.render()]) + "\n"


PUZZLES = record.RESULTS / "puzzles"
"""`ludoteca puzzles GAME --agent SPEC --json`, one file a game and agent: ``GAME-SPEC.json`` with the
spec's ``:`` and ``=`` written ``-``."""


def agent_order(spec: str) -> tuple[int, str]:
    """`random` first, a game's own agents next, then the search's levels from the weakest."""
    for rank, level in enumerate(("random", "level=easy", "level=normal", "level=hard"), start=0):
        if level in spec:
            return (0 if rank == 0 else 1 + rank, spec)
    return (1, spec)


def puzzles_block(folder: Path = PUZZLES) -> str:
    """One row a game and agent: puzzles solved, moves to avoid played, seconds a puzzle."""
    runs = [json.loads(path.read_text(encoding="utf-8")) for path in sorted(folder.glob("*.json"))]
    runs.sort(key=lambda run: (GAMES.index(run["game"]), agent_order(run["agent"])))
    lines = ["| game | agent | solved | moves to avoid played | s/puzzle |", "|---|---|---|---|---|"]
    for run in runs:
        share = f"{run['solved']} / {run['total']} ({percent(run['solved'] / run['total'])})"
        seconds = f"{run['seconds_per_puzzle']:.3f}"
        cells = [run["game"], f"`{run['agent']}`", share, str(run["blunders"]), seconds]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def blocks(results: dict[str, dict[str, Any]]) -> dict[str, str]:
    """Every generated part of BENCHMARKS.md, by the name its marks carry."""
    found = {game: game_block(game, results) for game in GAMES}
    found["adapters"] = adapters_block(results)
    found["puzzles"] = puzzles_block()
    return found


def read_results(folder: Path = record.RESULTS) -> dict[str, dict[str, Any]]:
    return {kind: record.read(kind, folder) for kind in KINDS}


def fill(text: str, parts: dict[str, str]) -> str:
    """`text` with every generated part replaced; a mark naming no part is an error."""
    unknown = sorted({m["name"] for m in BLOCK.finditer(text)} - set(parts))
    if unknown:
        raise SystemExit(f"BENCHMARKS.md marks unknown generated parts {unknown}; the parts: {sorted(parts)}")
    return BLOCK.sub(lambda m: m.group(1) + parts[m["name"]] + m.group(4), text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; fail if BENCHMARKS.md is stale")
    args = parser.parse_args()
    text = DOCUMENT.read_text(encoding="utf-8")
    rendered = fill(text, blocks(read_results()))
    if args.check:
        if rendered != text:
            raise SystemExit(
                "BENCHMARKS.md's generated parts differ from benchmarks/results/: run `make bench-doc`"
            )
        return
    DOCUMENT.write_text(rendered, encoding="utf-8")


if __name__ == "__main__":
    main()
