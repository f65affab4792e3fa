"""The language of one `ludoteca` invocation (issue 55): every line it prints, its help included, comes in
one language — ``--lang`` where the command line gives it, else the user's (`LUDOTECA_LANG` or the
locale's: `locale_language`), else Spanish.

`LocalizedGroup` is the command's root: before it parses a command line it decides the language, sets
every command's and parameter's help from the ``[cli.doc]`` messages (``cli.doc.<command>.summary``,
``cli.doc.<command>.<parameter>``, or ``cli.doc.common.<parameter>`` for those many commands share) and
every ``--lang`` default to it, and puts Typer's own words (``Usage:``, the panels' titles, the help
option, ``[default: …]``) and its parser's errors (a missing argument, an unknown option, a bad value) in
it, from the ``[cli.library]`` messages.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from typer import _click, rich_utils
from typer.core import TyperGroup, TyperOption

from ludoteca.core.i18n import DEFAULT_LANGUAGE, LANGUAGES
from ludoteca.terminal import Texts


def locale_language() -> str:
    """The user's language: `LUDOTECA_LANG`, else the locale's (`LC_ALL`, `LC_MESSAGES`, `LANG`) when it is
    one we have, else Spanish, as the rest of the project."""
    for name in ("LUDOTECA_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")[:2].lower()
        if value in LANGUAGES:
            return value
    return DEFAULT_LANGUAGE


_language = [locale_language()]
"""The language of the invocation under way."""


def current() -> Texts:
    """The CLI's messages in the language of the invocation under way."""
    return Texts(_language[0])


def invocation_language(args: Sequence[str]) -> str:
    """``--lang X`` (or ``--lang=X``) on the command line when X is a language we have, else the user's."""
    for i, arg in enumerate(args):
        value = args[i + 1] if arg == "--lang" and i + 1 < len(args) else arg.partition("--lang=")[2]
        if value in LANGUAGES:
            return value
    return locale_language()


# Typer's module-level texts (rich_utils) and the CLI's messages that replace them.
_RICH_TEXTS = {
    "DEFAULT_STRING": "default",
    "ENVVAR_STRING": "envvar",
    "REQUIRED_LONG_STRING": "required",
    "DEPRECATED_STRING": "deprecated",
    "ARGUMENTS_PANEL_TITLE": "arguments",
    "OPTIONS_PANEL_TITLE": "options",
    "COMMANDS_PANEL_TITLE": "commands",
    "ERRORS_PANEL_TITLE": "error",
    "ABORTED_TEXT": "aborted",
    "RICH_HELP": "try_help",
}

# The parser's error messages (Typer's vendored Click and its value checks), each the CLI message that
# says it; a message that matches none is left as it is.
_ERRORS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern + r"\Z", re.DOTALL), key)
    for pattern, key in (
        (r"Missing argument (?P<name>.+)\.", "missing_argument"),
        (r"Missing option (?P<name>.+)\.", "missing_option"),
        (r"No such option: (?P<name>\S+)(?: \(Possible options: (?P<options>.+)\))?", "no_such_option"),
        (r"No such command (?P<name>.+)\.", "no_such_command"),
        (r"Got unexpected extra argument\(s\) \((?P<args>.*)\)", "extra_arguments"),
        (r"Option (?P<name>.+) requires an argument\.", "needs_value"),
        (r"Option (?P<name>.+) does not take a value\.", "takes_no_value"),
        (r"Invalid value for (?P<name>[^:]+): (?P<reason>.+)", "invalid_for"),
        (r"Invalid value: (?P<reason>.+)", "invalid"),
        (r"Input should be a valid integer.*", "not_integer"),
        (r"Input should be a valid number.*", "not_number"),
        (r"Input should be a valid boolean.*", "not_boolean"),
        (r"Input should be greater than or equal to (?P<limit>\S+)", "at_least"),
        (r"Input should be less than or equal to (?P<limit>\S+)", "at_most"),
        (r"Input should be greater than (?P<limit>\S+)", "above"),
        (r"Input should be less than (?P<limit>\S+)", "below"),
        (r"(?P<value>.+) is not one of (?P<choices>.+)\.", "not_one_of"),
    )
)


def library_text(message: str, t: Texts) -> str:
    """One of the parser's English messages in the language of `t` (nested reasons too)."""
    for pattern, key in _ERRORS:
        match = pattern.match(message)
        if match:
            params = {k: v or "" for k, v in match.groupdict().items()}
            if "reason" in params:
                params["reason"] = library_text(params["reason"], t)
            if key == "no_such_option" and not params["options"]:
                key = "no_such_option_alone"
            return t(f"library.{key}", **params)
    return message


def speak(lang: str) -> None:
    """Make `lang` the language of the invocation: the CLI's messages and Typer's own words."""
    _language[0] = lang
    t = Texts(lang)
    for name, key in _RICH_TEXTS.items():
        setattr(rich_utils, name, t(f"library.{key}"))


def localize(command: _click.Command, t: Texts, path: str = "") -> None:
    """Set the help of `command` and everything under it from the ``[cli.doc]`` messages in `t`'s
    language, their placeholders (``GAME``, ``<int>``, ``[OPTIONS]``) from ``[cli.metavar]``, and each
    ``--lang`` default to that language."""
    name = path or "ludoteca"
    command.help = t(f"doc.{name}.summary")
    command.short_help = None
    command.context_class = LocalizedContext
    command.options_metavar = _placeholder(t, "[OPTIONS]")
    if isinstance(command, TyperGroup):
        command.subcommand_metavar = _placeholder(t, "COMMAND [ARGS]...")
    ctx = LocalizedContext(command)
    help_option = command.get_help_option(ctx)
    for param in [*command.params, *([help_option] if help_option is not None else [])]:
        if param is help_option:
            param.help = t("library.help_option")
        else:
            param.help = _text(t, f"doc.{name}.{param.name}", f"doc.common.{param.name}")  # type: ignore[attr-defined]
        if param.name == "lang":
            param.default = t.lang
        kind = _placeholder(t, param.display_type(ctx))  # type: ignore[attr-defined]
        if param.metavar is not None:
            param.metavar = _placeholder(t, param.metavar)
        if isinstance(param, TyperOption):  # a flag shows no type; another option its placeholder
            shown = None if getattr(param, "is_flag", False) else param.metavar or kind
        else:  # an argument shows its name, then its type
            shown = kind
        setattr(param, "display_type_rich", lambda ctx, shown=shown: shown)  # noqa: B010
    for sub_name, sub in getattr(command, "commands", {}).items():
        localize(sub, t, f"{path}.{sub_name}" if path else sub_name)


def _placeholder(t: Texts, english: str) -> str:
    """A placeholder of the usage and help (``GAME``, ``<int>``) in `t`'s language; as it is where
    ``[cli.metavar]`` has no entry for it."""
    text = t(f"metavar.{english}")
    return english if text == f"cli.metavar.{english}" else text


def _text(t: Texts, *keys: str) -> str:
    """The first of these messages that exists."""
    for key in keys:
        text = t(key)
        if text != f"cli.{key}":
            return text
    return t(keys[-1])


class LocalizedFormatter(_click.HelpFormatter):
    """The usage line's ``Usage:`` in the invocation's language."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, prefix if prefix is not None else current()("library.usage") + " ")


class LocalizedContext(_click.Context):
    formatter_class = LocalizedFormatter


@contextmanager
def localized_errors() -> Iterator[None]:
    """A parser error raised inside says itself in the invocation's language."""
    try:
        yield
    except _click.ClickException as exc:
        english: Callable[[], str] = exc.format_message
        exc.format_message = lambda: library_text(english(), current())  # type: ignore[method-assign]
        raise


class LocalizedGroup(TyperGroup):
    """The root command: decides the invocation's language before anything is parsed or printed."""

    def main(self, args: Sequence[str] | None = None, *more: Any, **extra: Any) -> Any:
        argv = list(sys.argv[1:] if args is None else args)
        lang = invocation_language(argv)
        speak(lang)
        localize(self, Texts(lang))
        return super().main(argv, *more, **extra)

    def make_context(self, *args: Any, **kwargs: Any) -> _click.Context:
        with localized_errors():
            return super().make_context(*args, **kwargs)

    def invoke(self, ctx: _click.Context) -> Any:
        with localized_errors():
            return super().invoke(ctx)
