"""`ludoteca selfplay --records DIR --resume`: an arena stopped part-way goes on from the records it wrote,
playing only the games missing, and reaches the summary of an arena that was never stopped; records of
another arena are refused by name."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from arena_cli import maquis_arena, runner, summary
from ludoteca.cli import app
from ludoteca.core.record import load_record, save_record

ARENA = maquis_arena(6, 70)


def arena(*extra: str) -> dict[str, Any]:
    return summary(ARENA, *extra)


def test_a_resumed_arena_plays_only_the_missing_games_and_sums_them_all(tmp_path: Path) -> None:
    whole = arena("--records", str(tmp_path))
    for seed in (72, 75):
        (tmp_path / f"maquis-{seed}.json").unlink()
    kept = tmp_path / "maquis-71.json"
    stamp = kept.stat().st_mtime_ns
    resumed = arena("--records", str(tmp_path), "--resume")
    assert resumed == whole
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"maquis-{seed}.json" for seed in range(70, 76)]
    assert kept.stat().st_mtime_ns == stamp  # a game already recorded is not played again
    assert load_record(tmp_path / "maquis-72.json")["arena"]["length"] > 0


def test_a_resumed_arena_says_how_many_games_it_read_back(tmp_path: Path) -> None:
    arena("--records", str(tmp_path))
    (tmp_path / "maquis-74.json").unlink()
    result = runner.invoke(app, [*ARENA[:-1], "--records", str(tmp_path), "--resume", "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert f"5 games read back from the records in {tmp_path}; 1 to play" in result.output


def test_resume_needs_the_records_folder() -> None:
    result = runner.invoke(app, [*ARENA[:-1], "--resume", "--lang", "en"])
    assert result.exit_code == 2
    assert "--resume" in result.output and "--records" in result.output and "Traceback" not in result.output


def test_records_of_another_arena_are_refused_by_name(tmp_path: Path) -> None:
    arena("--records", str(tmp_path))
    other = [*ARENA]
    other[3] = "random,cautious"  # the seats the other way round
    result = runner.invoke(app, [*other[:-1], "--records", str(tmp_path), "--resume", "--lang", "en"])
    assert result.exit_code == 2
    assert (
        "maquis-70.json" in result.output and "agents" in result.output and "another folder" in result.output
    )


def test_the_refusal_speaks_the_reader_s_language(tmp_path: Path) -> None:
    arena("--records", str(tmp_path))
    other = [*ARENA]
    other[3] = "random,cautious"
    result = runner.invoke(app, [*other[:-1], "--records", str(tmp_path), "--resume", "--lang", "es"])
    assert result.exit_code == 2 and "no es la partida 70 de este torneo" in result.output


def test_a_record_without_the_arena_figures_is_refused(tmp_path: Path) -> None:
    arena("--records", str(tmp_path))
    path = tmp_path / "maquis-73.json"
    record = load_record(path)
    del record["arena"]
    save_record(record, path)
    result = runner.invoke(app, [*ARENA[:-1], "--records", str(tmp_path), "--resume", "--lang", "en"])
    assert result.exit_code == 2 and "maquis-73.json" in result.output and "arena figures" in result.output
