"""Re-read finished self-play records under other options: the same moves and dice, another rule.

    PYTHONPATH=src .venv/bin/python benchmarks/reread_records.py -o NAME=VALUE RECORD.json ... [--json]

Each record (`ludoteca selfplay --records DIR`, `core/record.py`) is replayed twice from its actions: with
its own options and with those options changed by `-o NAME=VALUE`; the script prints each game's outcome
both ways. The agents played knowing only the record's options, so this measures what a variant rule
would have decided of the same play, not how players aware of it would play. The record's data digest and
position digests are not checked (a variant may add data and change the options every position carries);
a move the changed options refuse stops that game's replay and is reported with its index.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import get_game
from ludoteca.core.match import Match
from ludoteca.core.record import load_record


def replay(record: dict[str, Any], options: dict[str, str]) -> str:
    """The outcome text of `record`'s moves played under `options` (English)."""
    match = Match(
        get_game(record["game"]), options, record.get("seed") or 0, str(record.get("chance", "sample"))
    )
    for index, (_, notation) in enumerate(record["actions"]):
        try:
            match.apply_notation(notation)
        except LudotecaError as exc:
            return f"refused at action {index + 1} ({notation!r}): {exc}"
    result = match.state.result("en")
    return str(result["text"]) if result else "unfinished"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", nargs="+", type=Path)
    parser.add_argument("-o", "--option", action="append", default=[], help="NAME=VALUE, repeatable")
    parser.add_argument("--json", action="store_true", help="one JSON object per record")
    args = parser.parse_args()
    changed = dict(o.split("=", 1) for o in args.option)
    for path in args.records:
        record = load_record(path)
        row = {
            "record": path.name,
            "agents": record.get("agents", {}),
            "recorded": record.get("result", {}).get("text"),
            "as_played": replay(record, dict(record["options"])),
            "changed": changed,
            "reread": replay(record, {**record["options"], **changed}),
        }
        if args.json:
            print(json.dumps(row, ensure_ascii=False))
        else:
            seats = " / ".join(f"{k}: {v}" for k, v in row["agents"].items())
            print(f"{row['record']}  [{seats}]  as played: {row['as_played']}  reread: {row['reread']}")


if __name__ == "__main__":
    main()
