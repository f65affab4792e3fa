"""The `ludoteca` command (DESIGN §9) on the toy game, driven through Typer's test runner."""

from __future__ import annotations

import json
import os
import pkgutil
import re
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from typer.testing import CliRunner

from ludoteca.ai.ismcts import LEVELS
from ludoteca.cli import app
from ludoteca.cli_common import locale_language
from ludoteca.core.record import load_record, replay_record, save_record
from ludoteca.terminal import rules_section, rules_sections
from serverproc import free_port
from toygame import RaceGame

runner = CliRunner(env={"COLUMNS": "200"})


def run(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=stdin)
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_list_gives_one_line_per_game(toy: RaceGame) -> None:
    code, output = run("list", "--lang", "en")
    assert code == 0
    lines = output.splitlines()
    assert len(lines) == 2
    assert lines[0].split("\t") == [
        "race",
        "Race to the target",
        "players 2",
        "options target=10|15 (default 10); secret=no|yes (default no)",
    ]


def test_info_shows_roles_options_and_provenance(toy: RaceGame) -> None:
    code, output = run("info", "race", "--lang", "en")
    assert code == 0
    assert "red, blue" in output
    assert "target=10|15 (default 10)  — Total to reach" in output
    assert "rulebook: 3 (60%), public: 1 (20%), reconstructed: 1 (20%)" in output
    assert "distinct actions  6" in output
    code, output = run("info", "race", "--lang", "es")
    assert "papeles" in output and "Total que alcanzar" in output
    assert "planes" not in output  # the race has no planner


def test_info_says_where_the_search_weighs_plans() -> None:
    code, output = run("info", "guerra-a-muerte", "--lang", "en")
    assert code == 0 and "plans" in output and "ismcts:plans=0" in output


def test_errors_are_one_line_and_exit_2(toy: RaceGame) -> None:
    assert run("info", "chess", "--lang", "en") == (
        2,
        "error: unknown game 'chess'; games are: race, race-leaky\n",
    )
    code, output = run("play", "race", "--option", "target", "--lang", "en")
    assert (code, output) == (2, "error: --option 'target' must be KEY=VALUE\n")
    code, output = run("selfplay", "race", "--agents", "random", "--games", "2", "--option", "target=12")
    assert code == 2 and "target=10|15" in output
    code, output = run("play", "race", "--ai", "blue=mcts:iters=9", "--lang", "en")
    assert code == 2 and "unknown agent 'mcts:iters=9'; agents are: ismcts, random, human" in output
    code, output = run("play", "race", "--lang", "fr")  # an unknown language is reported in Spanish
    assert code == 2 and "idioma desconocido «fr»; usa uno de: es, en" in output


def test_errors_speak_the_chosen_language(toy: RaceGame) -> None:
    code, spanish = run("play", "race", "--option", "target=11", "--lang", "es")
    assert code == 2 and "la opción target=11 no está permitida" in spanish
    code, english = run("play", "race", "--option", "target=11", "--lang", "en")
    assert code == 2 and "option target=11 is not allowed" in english


def selfplay_json(*extra: str) -> dict[str, Any]:
    result = runner.invoke(
        app, ["selfplay", "race", "--agents", "random", "--games", "30", "--seed", "11", "--json", *extra]
    )
    assert result.exit_code == 0, result.output
    summary: dict[str, Any] = json.loads(result.stdout)
    return summary


def untimed(summary: dict[str, Any]) -> dict[str, Any]:
    """A summary without the thinking times, which are measured, not reproduced."""
    by_agent = {
        spec: {k: v for k, v in a.items() if k != "seconds_per_decision"}
        for spec, a in summary["by_agent"].items()
    }
    return {**summary, "by_agent": by_agent}


def test_selfplay_json_is_reproducible_and_independent_of_jobs(toy: RaceGame) -> None:
    summary = selfplay_json()
    assert summary["games"] == 30 and summary["seed"] == 11
    assert summary["agents"] == ["random"] and summary["seats"] == {}
    wins = summary["wins"]
    assert isinstance(wins, dict) and wins["red"] + wins["blue"] == 30
    assert summary["outcomes"] == {"result.win": 30}
    assert untimed(selfplay_json("--jobs", "2")) == untimed(summary)
    assert untimed(selfplay_json("--option", "target=15")) != untimed(summary)


def test_selfplay_prints_a_summary_table(toy: RaceGame) -> None:
    code, output = run("selfplay", "race", "--agents", "random,random", "--games", "5", "--lang", "en")
    assert code == 0
    assert "race: 5 games from seed 0" in output
    assert "5 × … reaches the target and wins." in output  # the outcome told, its winner left out
    assert "length (actions, chance included): mean" in output
    code, output = run("selfplay", "race", "--seat", "red=random", "--games", "5", "--lang", "en")
    assert (
        code == 2
        and "must name the agents for the seats that --seat leaves free (roles: red, blue)" in output
    )
    code, output = run(
        "selfplay",
        "race",
        "--seat",
        "red=random",
        "--seat",
        "blue=random",
        "--agents",
        "random",
        "--lang",
        "en",
    )
    assert code == 2 and "--seat pins every role (red, blue): --agents has no seat left" in output


def test_fuzz_exit_codes(toy: RaceGame, tmp_path: Path) -> None:
    code, output = run("fuzz", "race", "--games", "20", "--failures", str(tmp_path), "--lang", "en")
    assert code == 0, output
    assert "race: 20 games" in output and "No failures." in output
    for jobs in ("1", "2"):
        code, output = run(
            "fuzz", "race-leaky", "--games", "4", "--option", "secret=yes", "--jobs", jobs,
            "--failures", str(tmp_path), "--lang", "en",
        )  # fmt: skip
        assert code == 1
        assert "4 failing games:" in output
        record = tmp_path / "fuzz-race-leaky-3.json"
        assert "seed 3: InvariantError: view of" in output and str(record) in output
        assert load_record(record)["seed"] == 3
    code, output = run(
        "fuzz", "race-leaky", "--games", "1", "--option", "secret=yes",
        "--failures", str(tmp_path), "--lang", "es",
    )  # fmt: skip
    assert code == 1 and "1 partida fallida:" in output and "1 partidas fallidas" not in output


def test_fuzz_saves_failures_under_the_working_directory(
    toy: RaceGame, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, _ = run("fuzz", "race-leaky", "--games", "1", "--option", "secret=yes")
    assert code == 1
    assert [p.name for p in (tmp_path / "fuzz-failures").iterdir()] == ["fuzz-race-leaky-0.json"]


def test_bench_json_has_every_measure(toy: RaceGame) -> None:
    result = runner.invoke(app, ["bench", "race", "--seconds", "0.05", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    for key in (
        "actions_per_s",
        "games_per_s",
        "clone_us",
        "view_us",
        "first_view_us",
        "legal_actions_us",
        "machine",
    ):
        assert key in report
    assert report["actions_per_s"] > 0
    code, output = run("bench", "race", "--seconds", "0.05", "--lang", "en")
    assert code == 0 and "actions/s" in output and "clone() µs" in output and "CPython" in output


def played_record(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    code, output = run("play", "race", "--as", "red", "--seed", "8", "--record", str(path), stdin="1\n" * 100)
    assert code == 0, output
    return path


def test_replay_verifies_a_record(toy: RaceGame, tmp_path: Path) -> None:
    path = played_record(tmp_path)
    record = load_record(path)
    code, output = run("replay", str(path), "--verify", "--lang", "en")
    assert code == 0
    assert f"race: {len(record['actions'])} actions replayed" in output
    assert f"final digest: {record['digests'][-1]}" in output
    assert record["result"]["text"] in output
    assert "verified" in output


def test_replay_prints_the_log_with_citations_and_marks_secret_lines(toy: RaceGame, tmp_path: Path) -> None:
    path = tmp_path / "secret.json"
    code, output = run(
        "play",
        "race",
        "--as",
        "red",
        "--seed",
        "8",
        "--option",
        "secret=yes",
        "--record",
        str(path),
        stdin="1\n" * 100,
    )
    assert code == 0, output
    match = replay_record(load_record(path))
    code, output = run("replay", str(path), "--log", "--lang", "en")
    assert code == 0
    catalog = match.game.catalog
    shown = [line for line in output.splitlines() if line.strip()]
    for (key, params, visible, rule), printed in zip(match.state.logs, shown, strict=False):
        assert catalog.text(key, "en", params) in printed
        assert (f"§ {rule}" in printed) == bool(rule)
        assert ("seen by" in printed) == (visible is not None)
    assert any("seen by blue only" in line or "seen by red only" in line for line in shown)
    assert len(shown) == len(match.state.logs) + 3  # then the count, the digest and the result


def test_replay_rejects_bad_records_with_a_message(toy: RaceGame, tmp_path: Path) -> None:
    path = played_record(tmp_path)
    record = load_record(path)
    save_record({**record, "result": {**record["result"], "outcome": "result.draw"}}, path)
    code, output = run("replay", str(path), "--verify", "--lang", "en")
    assert (code, output) == (2, "error: the replayed result differs from the result the record states\n")
    record["digests"][2] = "f" * 16
    save_record(record, path)
    code, output = run("replay", str(path), "--verify", "--lang", "en")
    assert code == 2 and output.startswith("error: action 3 (") and "digest differs" in output
    assert run("replay", str(path))[0] == 0  # digests are only checked with --verify
    path.write_text("[1, 2", encoding="utf-8")
    code, output = run("replay", str(path), "--lang", "en")
    assert code == 2 and "is not JSON" in output
    code, output = run("replay", str(tmp_path / "none.json"), "--lang", "en")
    assert code == 2 and "cannot read record" in output


def test_play_with_a_bad_entry_undo_help_save_and_eof(toy: RaceGame, tmp_path: Path) -> None:
    saved, final = tmp_path / "saved.json", tmp_path / "final.json"
    entries = ["1", "jump", "[/b]", "7", "done", "undo", "help", f"save {saved}", "log"]
    stdin = "\n".join(entries) + "\n"
    code, output = run("play", "race", "--seed", "3", "--lang", "en", "--record", str(final), stdin=stdin)
    assert code == 0
    assert "red: add the roll or pass? [turn.decide]" in output
    assert "Only one choice: Done. [turn.done]" in output  # a forced move needs no keypress
    assert "'jump' is neither an action nor a command" in output
    assert "'[/b]' is neither an action nor a command" in output  # shown as typed, not as markup
    assert "There is no action 7: the numbers now are 1, 2." in output
    assert "'done' is not legal now. Legal actions: add, pass." in output
    assert "Nothing to undo: a chance outcome" in output
    assert "help rules [SECTION]" in output
    assert f"Record written to {saved}." in output
    assert "End of input: the game stops here." in output
    assert f"Record written to {final}." in output
    at_save = replay_record(load_record(saved))
    assert [a for _, a in load_record(saved)["actions"]][1:3] == ["add", "done"]
    assert at_save.state.current_player() == 1  # blue to decide: both seats were human
    assert load_record(final)["actions"] == load_record(saved)["actions"]


def test_undo_in_maquis_takes_back_the_activation_and_its_action(tmp_path: Path) -> None:
    """Placements are each followed by a patrol draw (chance); in the action phase undo works."""
    stdin = "place radio_a\nundo\nplace doctor\nplace cafe\nactivate radio_a\ndo intel\nundo\nquit\n"
    options = ["--option", "missions=sabotage+aid-the-spy"]
    code, output = run("play", "maquis", "--seed", "4", "--lang", "en", *options, stdin=stdin)
    assert code == 0
    assert "Nothing to undo: a chance outcome" in output  # the patrol drawn after the placement
    assert "Undone: do intel." in output
    assert output.count("What does the worker at Radio A do? [action.locations]") == 2


def test_play_cites_rules_and_prints_sections(toy: RaceGame) -> None:
    stdin = "help rules turn.decide\nhelp rules nowhere\nayuda\nquit\n"
    code, output = run("play", "race", "--seed", "1", stdin=stdin)
    assert code == 0
    assert "Decidir [turn.decide]" in output and "dos veces por partida" in output
    assert "Confirmar" not in output  # the next section is left out
    assert "No hay sección 'nowhere'. Secciones: race, turn, turn.decide, turn.done, end." in output
    assert "ayuda reglas [SECCIÓN]" in output
    assert "Partida abandonada." in output


def test_play_against_an_agent_to_the_end(toy: RaceGame, tmp_path: Path) -> None:
    path = played_record(tmp_path)
    record = load_record(path)
    assert record["result"]["outcome"] == "result.win"
    assert {actor for actor, _ in record["actions"]} == {"chance", "red", "blue"}
    code, output = run("play", "race", "--as", "blue", "--ai", "red=random", "--seed", "8", "--lang", "en",
                       stdin="1\n" * 100)  # fmt: skip
    assert code == 0
    assert "red plays " in output and "[turn.decide]" in output
    assert "reaches the target and wins." in output
    code, output = run("play", "race", "--as", "red", "--ai", "red=random")
    assert code == 2 and "--as red" in output


def test_rules_sections_are_cut_at_the_next_heading_of_the_same_level() -> None:
    text = "# A {#a}\nintro\n## B {#b}\nbody\n### C {#c}\ndeep\n## D {#d}\nlast\n"
    assert rules_sections(text) == ["a", "b", "c", "d"]
    assert rules_section(text, "b") == "## B {#b}\nbody\n### C {#c}\ndeep"
    assert rules_section(text, "c") == "### C {#c}\ndeep"
    assert rules_section(text, "a") == text.strip()
    assert rules_section(text, "z") is None


def test_compact_play_draws_the_board_only_on_request() -> None:
    base = ("play", "maquis", "--seed", "2", "--option", "missions=sabotage+aid-the-spy")
    assert run(*base, "--compact", stdin="salir\n")[1].count("La ciudad") == 0
    assert run(*base, "--compact", stdin="tablero\nsalir\n")[1].count("La ciudad") == 1  # when asked
    assert run(*base, stdin="salir\n")[1].count("La ciudad") == 1  # at every decision without --compact


def test_a_hint_says_what_to_play_and_why_with_the_alternatives(toy: RaceGame) -> None:
    code, output = run("play", "race", "--seed", "3", "--lang", "en", stdin="hint\nhint\nquit\n")
    assert code == 0
    normal = LEVELS["normal"].iters
    sentences = re.findall(r"^(Play “.*|“.*about equal.*)$", output, re.MULTILINE)
    assert len(sentences) == 2 and sentences[0] == sentences[1]  # the same position gets the same hint
    assert re.search(r"\d+% chance of winning", sentences[0])
    assert f"weighed {normal} continuations" in output
    assert re.search(r"1 │ add +│ Add the roll +│ +\d+ │ +\d+$", output, re.MULTILINE)
    assert re.search(r"2 │ pass +│ Pass +│ +\d+ │ +\d+$", output, re.MULTILINE)
    assert "win % (est.)" in output
    code, output = run("play", "race", "--seed", "3", "--lang", "es", stdin="pista\nayuda\nsalir\n")
    assert code == 0 and re.search(r"(Juega «|igualadas).*\d+\u00a0% de probabilidades de ganar", output)
    assert f"sopesó {normal} continuaciones" in output and "% victoria (est.)" in output
    assert "qué jugaría la búsqueda" in output


def test_the_arena_rotates_seats_and_keeps_records(toy: RaceGame, tmp_path: Path) -> None:
    records = tmp_path / "records"
    summary = selfplay_json("--agents", "ismcts:iters=20,random", "--games", "10", "--records", str(records))
    assert summary["agents"] == ["ismcts:iters=20", "random"] and summary["games"] == 10
    for spec in summary["agents"]:
        agent = summary["by_agent"][spec]
        assert agent["games"] == 10 and {r["games"] for r in agent["roles"].values()} == {5}
        low, high = agent["ci95"]
        assert low <= agent["win_rate"] <= high
        assert agent["decisions"] > 0 and agent["seconds_per_decision"] >= 0
    by_agent = summary["by_agent"]
    assert by_agent["ismcts:iters=20"]["wins"] + by_agent["random"]["wins"] == 10
    assert (
        by_agent["ismcts:iters=20"]["iterations"] % 20 == 0
        and by_agent["ismcts:iters=20"]["iterations_per_s"] > 0
    )
    assert by_agent["random"]["iterations"] == by_agent["random"]["iterations_per_s"] == 0
    files = sorted(records.iterdir())
    assert [f.name for f in files] == sorted(f"race-{seed}.json" for seed in range(11, 21))
    first = load_record(records / "race-11.json")
    assert first["agents"] == {"red": "ismcts:iters=20", "blue": "random"}
    assert load_record(records / "race-12.json")["agents"] == {"red": "random", "blue": "ismcts:iters=20"}
    assert replay_record(first).state.returns() == first["result"]["returns"]


def test_a_pinned_seat_keeps_its_agent(toy: RaceGame) -> None:
    summary = selfplay_json("--seat", "red=random", "--agents", "ismcts:iters=10", "--games", "4")
    assert summary["seats"] == {"red": "random"}
    assert list(summary["by_agent"]["random"]["roles"]) == ["red"]
    assert list(summary["by_agent"]["ismcts:iters=10"]["roles"]) == ["blue"]
    code, output = run("selfplay", "race", "--agents", "random", "--seat", "green=random", "--lang", "en")
    assert code == 2 and "unknown role 'green'; roles are: red, blue" in output


def test_the_arena_prints_roles_and_agents(toy: RaceGame) -> None:
    code, output = run(
        "selfplay", "race", "--agents", "random,ismcts:iters=10", "--games", "4", "--lang", "en"
    )
    assert code == 0
    assert re.search(r"red +│ 4 +│ \d +│ [\d.]+% +│ [\d.]+%–[\d.]+%", output)
    assert re.search(r"ismcts:iters=10 +│ all +│ 4 ", output) and re.search(r"│ +│ blue +│ 2 ", output)
    assert "s/dec." in output and "95% CI" in output and "iter/s" in output


def test_serve_says_where_the_platform_is_once_it_is_ready(tmp_path: Path) -> None:
    """Issue 25: `make serve` printed nothing; a newcomer must be told the address."""
    port = free_port()
    command = [sys.executable, "-c", "from ludoteca.cli import main; main()", "serve", "--port", str(port)]
    command += ["--db", f"sqlite:///{tmp_path / 'serve.db'}"]
    server = subprocess.Popen(
        command, stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"}
    )
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        assert first.strip() == f"Ludoteca en http://127.0.0.1:{port} — Ctrl+C para salir"
        assert httpx.get(f"http://127.0.0.1:{port}/api/catalog", timeout=10).status_code == 200
    finally:
        server.send_signal(signal.SIGTERM)
        # SIGTERM: a prompt stop (uvicorn ends by raising the signal again once it has shut down cleanly)
        assert server.wait(timeout=30) in (0, -signal.SIGTERM)


@pytest.mark.parametrize(
    ("environment", "expected"),
    [
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LANG": "es_MX.UTF-8"}, "es"),
        ({"LANG": "C.UTF-8"}, "es"),
        ({}, "es"),
    ],
)
def test_the_command_line_follows_the_users_locale(
    monkeypatch: pytest.MonkeyPatch, environment: dict[str, str], expected: str
) -> None:
    """Issue 25: `ludoteca list` spoke English to a Spanish user: it follows the locale, else Spanish."""
    for name in ("LUDOTECA_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    assert locale_language() == expected


def test_options_are_listed_in_the_users_language() -> None:
    code, output = run("list", "--lang", "es")
    assert code == 0 and "(por defecto normal)" in output and "(default" not in output


def test_every_game_package_is_listed() -> None:
    """Issue 25: `ludoteca list` said "unknown game" of games the README names. Every package under
    `ludoteca/games` registers its game, and `list` names each one, in the package's name."""
    import ludoteca.games

    packages = {m.name.replace("_", "-") for m in pkgutil.iter_modules(ludoteca.games.__path__) if m.ispkg}
    code, output = run("list", "--lang", "en")
    assert code == 0 and {line.split("\t")[0] for line in output.splitlines()} == packages


def test_everything_a_user_is_pointed_to_is_in_the_repository() -> None:
    """Issue 25: the README linked to ../shared/DESIGN.md and `ludoteca info` named rulebooks/maquis.es.txt,
    neither of them in a clone. Every relative link of the READMEs, the docs and the rules references
    resolves inside the repository, and a rulebook is cited by title and edition, not by a path."""
    root = Path(__file__).resolve().parent.parent
    pages = [root / "README.md", *root.glob("docs/**/*.md"), *root.glob("src/ludoteca/games/**/*.md")]
    for page in pages:
        text = page.read_text("utf-8")
        assert "../shared" not in text and "shared/rulebooks" not in text, page
        for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", text):
            assert (page.parent / target).resolve().exists(), (page, target)
    code, output = run("info", "maquis", "--lang", "es")
    assert code == 0 and "Maquis (Jake Staines)" in output and "rulebooks/" not in output
