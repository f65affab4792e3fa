"""What compiling the engine with mypyc would give (issue 26): a trial, not a build the project ships.

    PYTHONPATH=src .venv/bin/python benchmarks/mypyc_trial.py [--out DIR] [--games maquis,pax-porfiriana]

It copies `src` to DIR, makes there the few mechanical changes mypyc asks of this code (listed in
`prepare`), compiles the core's state machine and the games' rules modules with mypyc (the C compiler of
the machine; some ten minutes for every game on two cores), then, for each game, checks that seeded random
games give the same legal actions, final positions and views compiled as interpreted, and times random
playouts and the search (`ismcts:level=normal`, `all.search_rate`) in both trees, alternated, CPU time.
Nothing in the repository changes; mypy (with mypyc) is already a development dependency.

What stays interpreted: the options (frozen dataclasses whose fields carry metadata), the terminal and the
games' `__init__`, and any module mypyc fails on (an internal error on a starred item in a tuple that `in`
tests, reported and skipped).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SRC = HERE.parent / "src"
CORE = ("state", "views", "infostate", "procedure", "game")
"""The core's state machine: a position, its procedures and its views."""
LEFT_OUT = ("__init__.py", "options.py", "terminal.py")
MYPYC = str(Path(sys.executable).parent / "mypyc")
"""mypyc from the interpreter's own environment (mypy's, a development dependency)."""
GAMES = ("maquis", "mar-y-acero", "patria-libre", "pax-porfiriana", "guerra-a-muerte")

PROBE = """
import hashlib, json, random, sys, time
sys.path.insert(0, {benchmarks!r})
import ludoteca.games  # noqa: F401
from ludoteca.core.game import get_game
game = get_game({game!r})
digest, actions, spent = hashlib.sha256(), 0, 0.0
for seed in range({games}):
    rng, start = random.Random(seed), time.process_time()
    state = game.new_initial_state({{}})
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            digest.update(repr(legal).encode())
            state.apply_action(rng.choice(legal))
        actions += 1
    spent += time.process_time() - start
    digest.update(json.dumps([state.d, state.view(0)], sort_keys=True, default=str).encode())
from all import search_rate
rate, _ = search_rate({game!r}, {{}}, decisions=6)
found = {{"digest": digest.hexdigest(), "actions_per_s": actions / spent, "iterations_per_s": rate}}
print(json.dumps(found))
"""


def prepare(path: Path) -> None:
    """The changes mypyc asks of a module, none of them a change of behaviour: no `__slots__` (a compiled
    class has fixed attributes of its own); clones made through the constructor; a game's state without
    its narrower `options` annotation, the core's `options` typed `Any` (a compiled attribute keeps one
    type down the class tree); the core's mixins declaring for real what they declare under
    `TYPE_CHECKING`; the core's classes open to interpreted subclasses (the games' `Game` classes stay
    interpreted)."""
    text = path.read_text()
    text = re.sub(r"\n    __slots__ = \([^)]*\)\n", "\n", text)
    text = re.sub(r"\n    options: \w+Options\n", "\n", text)
    # a compiled class is made through its `__init__` (`object.__new__` refuses it): a clone's shell is one
    # made without a position, which the clone then fills
    text = re.sub(r"object\.__new__\((type\(self\)|\w+State)\)", r"\1(self.game, self.options)", text)
    if path.parent.name == "core":
        text = text.replace("        self.options = options\n", "        self.options: Any = options\n", 1)
        text = text.replace(
            "data: dict[str, Any]) -> None:\n        self.game = game\n",
            "data: dict[str, Any] | None = None) -> None:\n        self.game = game\n",
            1,
        )
        text = text.replace(
            "        self.options: Any = options\n",
            "        self.options: Any = options\n        if data is None:\n            return\n",
            1,
        )
        lines, inside = [], False
        for line in text.split("\n"):
            if line == "    if TYPE_CHECKING:":
                inside = True
                continue
            if inside and (line.startswith("        ") or not line):
                line = line[4:]
                if line.rstrip().endswith(": ..."):
                    line = line.rstrip()[:-3] + "raise NotImplementedError"
            else:
                inside = False
            lines.append(line)
        text = "\n".join(lines)
        opened = r"\n@mypyc_attr(allow_interpreted_subclasses=True)\n\1"
        text = re.sub(r"\n((?:@dataclass[^\n]*\n)?class )", opened, text)
        text = text.replace(
            "from __future__ import annotations\n",
            "from __future__ import annotations\n\nfrom mypy_extensions import mypyc_attr\n",
            1,
        )
    path.write_text(text)


def compile_tree(out: Path, games: list[str]) -> list[str]:
    """Copy `src` to `out`, prepare and compile; the modules mypyc could not compile."""
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(SRC, out / "src")
    package = out / "src" / "ludoteca"
    modules = [package / "core" / f"{name}.py" for name in CORE]
    for game in games:
        folder = package / "games" / game.replace("-", "_")
        modules += [p for p in sorted(folder.glob("*.py")) if p.name not in LEFT_OUT]
    for module in modules:
        prepare(module)
    names = [str(m.relative_to(out / "src")) for m in modules]
    skipped: list[str] = []
    while True:
        run = subprocess.run(
            [MYPYC, "--ignore-missing-imports", *names], cwd=out / "src", capture_output=True, text=True
        )
        (out / "build.log").write_text(run.stdout + run.stderr)
        failed = re.findall(r"^(ludoteca/\S+\.py):\d+: AssertionError", run.stdout + run.stderr, re.M)
        if run.returncode == 0:
            return skipped
        if not failed:
            raise SystemExit(f"mypyc failed: see {out / 'build.log'}")
        names.remove(failed[0])
        skipped.append(failed[0])


def probe(tree: Path, game: str, games: int) -> dict[str, float | str]:
    """Seeded random games and a search in `tree` (a `src` folder), in a fresh interpreter."""
    code = PROBE.format(benchmarks=str(HERE), game=game, games=games)
    env = {**os.environ, "PYTHONPATH": str(tree)}
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    result: dict[str, float | str] = json.loads(run.stdout.strip().splitlines()[-1])
    return result


def both(runs: list[dict[str, float | str]], key: str) -> str:
    """A figure's readings, the runs alternating interpreted, compiled, interpreted, compiled."""
    interpreted, compiled = (" / ".join(f"{float(run[key]):,.0f}" for run in runs[k::2]) for k in (0, 1))
    return f"{interpreted} interpreted, {compiled} compiled"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/ludoteca-mypyc"))
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--playouts", type=int, default=200, help="seeded random games per measurement")
    parser.add_argument("--reuse", action="store_true", help="measure the tree already compiled in --out")
    args = parser.parse_args()
    games = args.games.split(",")
    if not args.reuse:
        skipped = compile_tree(args.out, games)
        print("not compiled (mypyc internal error):", ", ".join(skipped) or "none")
    for game in games:
        runs = [probe(tree, game, args.playouts) for tree in (SRC, args.out / "src", SRC, args.out / "src")]
        verdict = "yes" if runs[0]["digest"] == runs[1]["digest"] else "NO"
        print(f"{game}: same games {verdict}; random actions/s {both(runs, 'actions_per_s')}")
        print(f"{game}: search iterations/s {both(runs, 'iterations_per_s')}")


if __name__ == "__main__":
    main()
