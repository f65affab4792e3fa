"""BENCHMARKS.md's tables are rendered from the result files under benchmarks/results/ (benchmarks/summary.py,
`make bench-doc`), so that the two cannot drift; the file stays a document of current figures, and each
figure's note exists."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).parent.parent
DOCUMENT = ROOT / "BENCHMARKS.md"
NOTES = ROOT / "docs" / "experiments"


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_the_generated_tables_are_what_the_result_files_give() -> None:
    summary = load("summary")
    text = DOCUMENT.read_text(encoding="utf-8")
    parts = summary.blocks(summary.read_results())
    assert summary.fill(text, parts) == text, "BENCHMARKS.md is stale: run `make bench-doc`"
    marked = [m["name"] for m in summary.BLOCK.finditer(text)]
    assert sorted(marked) == sorted(parts)  # every part has its place, once
    assert "| maquis | " in parts["maquis"] and "Maquis, normal difficulty, hard" in parts["maquis"]


def test_a_changed_figure_changes_the_document() -> None:
    summary = load("summary")
    results = summary.read_results()
    text = DOCUMENT.read_text(encoding="utf-8")
    results["engine"]["figures"][0]["actions_per_s"] = 1
    assert summary.fill(text, summary.blocks(results)) != text


def test_benchmarks_md_stays_a_short_document() -> None:
    lines = DOCUMENT.read_text(encoding="utf-8").splitlines()
    assert len(lines) < 400
    assert {"## Puzzles", "## Typing", "## How to reproduce"} <= set(lines)


def test_a_run_replaces_its_own_figures_and_keeps_the_others(tmp_path: Path) -> None:
    record = load("record")
    first = {"key": "a", "game": "g", "n": 1}
    record.write("engine", "about", [first, {"key": "b", "game": "g", "n": 2}], tmp_path)
    record.write(
        "engine", "about", [{"key": "a", "game": "g", "n": 3}, {"key": "c", "game": "g", "n": 4}], tmp_path
    )
    data = json.loads((tmp_path / "engine.json").read_text(encoding="utf-8"))
    assert [(f["key"], f["n"]) for f in data["figures"]] == [("a", 3), ("b", 2), ("c", 4)]
    stamp = record.stamp("python benchmarks/all.py")
    assert stamp["command"] == "python benchmarks/all.py" and re.fullmatch(
        r"\d{4}-\d\d-\d\d \d\d:\d\d UTC", stamp["date"]
    )


def test_every_figure_says_how_it_was_measured_and_its_note_exists() -> None:
    summary = load("summary")
    for kind, data in summary.read_results().items():
        assert data["kind"] == kind and data["figures"], kind
        for figure in data["figures"]:
            assert figure["command"] and figure["date"] and figure["machine"], (kind, figure["key"])
            if figure.get("see"):
                assert (ROOT / figure["see"]).is_file(), figure["see"]


def test_the_experiments_index_lists_every_note() -> None:
    index = (NOTES / "README.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"\]\(([\w-]+\.md)\)", index))
    notes = {path.name for path in NOTES.glob("*.md")} - {"README.md"}
    assert listed == notes
    for path in (NOTES / name for name in notes):
        text = path.read_text(encoding="utf-8")
        assert text.startswith("# ") and "**Question" in text and "**Verdict" in text, path.name


def test_every_link_of_benchmarks_md_to_a_note_exists() -> None:
    text = DOCUMENT.read_text(encoding="utf-8")
    for target in re.findall(r"\]\((docs/experiments/[\w-]+\.md)\)", text):
        assert (ROOT / target).is_file(), target
