"""One language per invocation, complete (issue 55): everything a `ludoteca` command prints — its own
lines, its help, Typer's words and the parser's errors — comes in the language of `--lang`, else of
`LUDOTECA_LANG` or the locale, else Spanish (`cli_lang`)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoteca.cli import app
from ludoteca.cli_lang import invocation_language
from ludoteca.core.i18n import LANGUAGES

COMMANDS = [
    [],
    ["list"],
    ["info"],
    ["play"],
    ["selfplay"],
    ["fuzz"],
    ["bench"],
    ["replay"],
    ["serve"],
    ["train"],
    ["data"],
    ["data", "export"],
    ["data", "check"],
]

ENGLISH = re.compile(
    r"Usage|Options|Arguments|Commands|Show this message|default|required|Missing|Invalid|No such|Try '"
    r"|printed|rulebook|public|reconstructed|\[OPTIONS\]|COMMAND|<str>|<int>|<bool>|<path>|GAME\b|The "
    r"|(?<!-)\bgames?\b"
)
"""Words of the English output that the Spanish one never has (option values and ids aside)."""
SPANISH = re.compile(
    r"Uso|Opciones|Argumentos|Órdenes|Muestra|por defecto|obligatorio|Falta|Valor no|No existe|Prueba"
    r"|impreso|reglamento|fuente pública|reconstruido|OPCIONES|JUEGO|<texto>|<entero>|(?<!-)\bjuego|partida"
)
OTHER = {"es": ENGLISH, "en": SPANISH}


def invoke(args: list[str], env: dict[str, str] | None = None) -> str:
    result = CliRunner(env={"COLUMNS": "200", **(env or {})}).invoke(app, args)
    assert "Traceback" not in result.output and "cli." not in result.output, result.output
    return result.output


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: "-".join(c) or "ludoteca")
def test_help_speaks_one_language(command: list[str], lang: str) -> None:
    output = invoke([*command, "--help", "--lang", lang])
    assert not OTHER[lang].search(output), output
    assert ("Muestra esta ayuda y termina." if lang == "es" else "Show this message and exit.") in output


OUTPUT_WORDS = {
    "es": re.compile(
        r"printed|rulebook|public|reconstructed|default|players|options|shipped|digest|written|played"
    ),
    "en": re.compile(
        r"impreso|reglamento|pública|reconstruido|por defecto|jugadores|opciones|de serie|huella"
    ),
}
"""The words of the commands' own lines in each language."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_commands_speak_one_language(lang: str, tmp_path: Path) -> None:
    """`list`, `info`, `data export` (whose lines said "(printed: rulebook 8, public 34)" in Spanish)
    and `data check` in each language. Game ids, option names and values, and paths are not words."""
    folder = str(tmp_path / "maquis")
    for args in (
        ["list"],
        ["info", "maquis"],
        ["data", "export", "maquis", folder],
        ["data", "check", "maquis", folder],
    ):
        output = re.sub(r"\S*[=/]\S*|\S+\.toml", "", invoke([*args, "--lang", lang]))
        assert not OUTPUT_WORDS[lang].search(output), output
        assert OUTPUT_WORDS["en" if lang == "es" else "es"].search(output), output
    fuzzed = invoke(["fuzz", "maquis", "--games", "3", "--lang", lang])  # how the games ended, told
    assert "outcome." not in fuzzed and ("Derrota" in fuzzed) == (lang == "es"), fuzzed
    exported = invoke(["data", "export", "maquis", str(tmp_path / "again"), "--lang", "es"])
    assert "board.toml  (impreso: reglamento " in exported and "fuente pública" in exported


ERRORS = [
    ["play"],  # a missing argument
    ["fuzz", "maquis", "--games", "x"],  # not an integer
    ["fuzz", "maquis", "--games", "0"],  # below the least
    ["play", "maquis", "--nope"],  # an unknown option
    ["play", "maquis", "extra"],  # an extra argument
    ["play", "maquis", "--seed"],  # an option without its value
    ["serve", "--ai-ceiling", "zz"],
    ["serve", "--workers", "2", "--db", "sqlite:///x.db"],
]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("args", ERRORS, ids=lambda a: "-".join(a))
def test_the_parsers_errors_speak_one_language(args: list[str], lang: str) -> None:
    result = CliRunner(env={"COLUMNS": "200"}).invoke(app, [*args, "--lang", lang])
    assert result.exit_code == 2
    assert not OTHER[lang].search(result.output.replace("maquis", "")), result.output


def test_an_unknown_command_is_named_in_the_users_language() -> None:
    output = invoke(["nope"], env={"LUDOTECA_LANG": "es"})
    assert "No existe la orden 'nope'." in output and " --help' para ver la ayuda." in output
    output = invoke(["nope"], env={"LUDOTECA_LANG": "en"})
    assert "No such command 'nope'." in output


def test_without_lang_the_users_language_is_every_lines() -> None:
    """`LUDOTECA_LANG` (or the locale) alone decides the help as it decides the output."""
    assert "Show this message and exit." in invoke(["play", "--help"], env={"LUDOTECA_LANG": "en"})
    spanish = invoke(["play", "--help"], env={"LUDOTECA_LANG": "es"})
    assert "Muestra esta ayuda y termina." in spanish and "[por defecto: es]" in spanish


@pytest.mark.parametrize(
    ("args", "environment", "expected"),
    [
        (["play", "--lang", "en"], {}, "en"),
        (["--lang=en", "list"], {"LUDOTECA_LANG": "es"}, "en"),
        (["list"], {"LUDOTECA_LANG": "en"}, "en"),
        (["list", "--lang", "fr"], {"LUDOTECA_LANG": "en"}, "en"),  # not a language: the user's
        (["list"], {}, "es"),
    ],
)
def test_the_language_is_read_off_the_command_line(
    monkeypatch: pytest.MonkeyPatch, args: list[str], environment: dict[str, str], expected: str
) -> None:
    for name in ("LUDOTECA_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    assert invocation_language(args) == expected


def test_the_installed_command_speaks_one_language() -> None:
    """Through the console entry point (`main`, reading `sys.argv`), not only Typer's test runner."""
    env = {**os.environ, "COLUMNS": "200", "LUDOTECA_LANG": "en"}
    command = [
        sys.executable,
        "-c",
        "from ludoteca.cli import main; main()",
        "play",
        "--help",
        "--lang",
        "es",
    ]
    spanish = subprocess.run(command, capture_output=True, text=True, env=env, check=True).stdout
    assert "Uso: ludoteca play [OPCIONES] {JUEGO}" in spanish and not ENGLISH.search(spanish)
