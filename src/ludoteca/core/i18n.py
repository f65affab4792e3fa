"""Message catalogs: every user-facing text, in Spanish and English (DESIGN §7).

A catalog maps a key to a template per language. Templates use `{name}` fields; a parameter value of the
form ``"@key"`` is itself looked up, so a log line can name a location in the reader's language.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ludoteca.core.frozen import FrozenDict

LANGUAGES = ("es", "en")
DEFAULT_LANGUAGE = "es"
_CORE_DIR = Path(__file__).parent / "messages"
_MEMO_SIZE = 50_000


class LogLine(FrozenDict):
    """One line of a view's log, ``{"text", "key", "rule"}``: a dict that refuses to be changed. The catalog
    renders each log entry once per language (`Catalog.log_line`) and every view of every state sharing the
    entry gets the same line object (a state remembers the lines it showed, `State._log_lines`, so a view
    costs only the lines written since the last one): changing a line in place would change it everywhere.
    JSON encoders (json, orjson) write it as the dict it is, it equals the plain dict of the same items, and
    `dict(line)`, `copy`, `deepcopy` and `pickle` give a plain dict, free to change (`core.frozen`)."""

    __slots__ = ()


class Catalog:
    """Templates by language and key, loaded from `<lang>.toml` files (core messages first)."""

    def __init__(self, *directories: Path) -> None:
        self._messages: dict[str, dict[str, str]] = {lang: {} for lang in LANGUAGES}
        for directory in (_CORE_DIR, *directories):
            for lang in LANGUAGES:
                path = directory / f"{lang}.toml"
                if path.exists():
                    self._messages[lang].update(_flatten(tomllib.loads(path.read_text("utf-8"))))
        self._memo: dict[tuple[Any, ...], str] = {}
        self._lines: dict[tuple[int, str], tuple[list[Any], LogLine]] = {}
        self.version = 0
        self.derived: dict[Any, Any] = {}
        """Values worked out from the messages alone (a game's label of an action in a language), kept by
        whoever works them out and dropped with the memos when messages are set."""
        """How many times messages were set (`add`): text rendered under another version is stale."""

    def add(self, lang: str, messages: Mapping[str, str]) -> None:
        """Set messages of `lang` from a game's component data (a location's printed name, DESIGN §6), so
        that an owner's copy of the data shows in every text."""
        self._messages[lang].update(messages)
        self._memo.clear()
        self._lines.clear()
        self.derived.clear()
        self.version += 1

    def keys(self, lang: str) -> set[str]:
        return set(self._messages[lang])

    def has(self, key: str) -> bool:
        return key in self._messages[DEFAULT_LANGUAGE]

    def text(self, key: str, lang: str = DEFAULT_LANGUAGE, params: Mapping[str, Any] | None = None) -> str:
        """The message `key` in `lang` with its parameters filled in; unknown keys show as themselves."""
        table = self._messages.get(lang) or self._messages[DEFAULT_LANGUAGE]
        template = table.get(key) or self._messages[DEFAULT_LANGUAGE].get(key)
        if template is None:
            return key
        if not params:
            return template
        memo = (key, lang, *params.items())  # views render the same log lines again and again
        try:
            return self._memo[memo]
        except KeyError:
            pass
        except TypeError:  # a parameter that cannot be hashed (a list): no memo
            memo = ()
        values = {k: self._resolve(v, lang) for k, v in params.items()}
        try:
            text = template.format_map(values)
        except (KeyError, IndexError, ValueError):
            text = template
        if memo:
            if len(self._memo) >= _MEMO_SIZE:
                self._memo.clear()
            self._memo[memo] = text
        return text

    def line_text(self, entry: list[Any], lang: str) -> str:
        """The text of a log entry (``[key, params, visible, rule]``) in `lang`. A view carries the whole
        log, so the same entries are rendered at every move: each is remembered by identity (an entry never
        changes once written, and clones share their entries), holding the entry so its id stays its own."""
        return str(self.log_line(entry, lang)["text"])

    def log_line(self, entry: list[Any], lang: str) -> LogLine:
        """A view's line of a log entry in `lang`: its text, key and rule, remembered as `line_text` says
        (every view of every state that shares the entry shares the line: it is read-only)."""
        slot = (id(entry), lang)
        held = self._lines.get(slot)
        if held is not None and held[0] is entry:
            return held[1]
        line = LogLine(text=self.text(entry[0], lang, entry[1]), key=entry[0], rule=entry[3])
        if len(self._lines) >= _MEMO_SIZE:
            self._lines.clear()
        self._lines[slot] = (entry, line)
        return line

    def _resolve(self, value: Any, lang: str) -> Any:
        if isinstance(value, str) and value.startswith("@"):
            return self.text(value[1:], lang)
        if isinstance(value, list):
            return ", ".join(str(self._resolve(v, lang)) for v in value)
        return value


def check_language(lang: str) -> str:
    from ludoteca.core.errors import BadOptionError

    if lang not in LANGUAGES:
        raise BadOptionError(
            f"unknown language {lang!r}; use one of: {', '.join(LANGUAGES)}",
            "error.unknown_language",
            lang=lang,
            known=", ".join(LANGUAGES),
        )
    return lang


def _flatten(tree: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    flat: dict[str, str] = {}
    for key, value in tree.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            flat.update(_flatten(value, f"{name}."))
        else:
            flat[name] = str(value)
    return flat
