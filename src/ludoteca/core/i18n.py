"""Message catalogs: every user-facing text, in Spanish and English (DESIGN §7).

A catalog maps a key to a template per language. Templates use `{name}` fields; a parameter value of the
form ``"@key"`` is itself looked up, so a log line can name a location in the reader's language.

Two field forms make a sentence agree with its parameters (issue 55):

- a count's words, ``{n:one|other}``: the first form when `n` is 1, else the second, ``#`` standing for
  the number (``"{n:# paso|# pasos}"`` gives "1 paso", "3 pasos"; Spanish and English both have these two
  plural forms);
- a named form of a looked-up parameter, ``{side:one}``: for ``"@side.patriot"`` the message
  ``side.one.patriot`` (a side's singular name, "patriota", beside its plural, "patriotas"), else the
  plain ``side.patriot``.

The browser fills the same forms (`fill` in static/i18n.js).
"""

from __future__ import annotations

import string
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ludoteca.core.frozen import FrozenDict

LANGUAGES = ("es", "en")
DEFAULT_LANGUAGE = "es"
_CORE_DIR = Path(__file__).parent / "messages"
_MEMO_SIZE = 50_000
_FORMATTER = string.Formatter()


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
        try:
            text = self._fill(template, params, lang)
        except (KeyError, IndexError, ValueError, AttributeError):
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

    def _fill(self, template: str, params: Mapping[str, Any], lang: str) -> str:
        """`template` with its fields filled from `params`: a count's words and a parameter's named form
        as the module's docstring says, any other field as `str.format` fills it."""
        parts: list[str] = []
        for literal, field, spec, conversion in _FORMATTER.parse(template):
            parts.append(literal)
            if field is None:
                continue
            value, _ = _FORMATTER.get_field(field, (), params)
            if spec and "|" in spec:
                parts.append(plural(value, spec))
                continue
            if spec and spec.isidentifier():
                parts.append(str(self._resolve(value, lang, spec)))
                continue
            value = _FORMATTER.convert_field(self._resolve(value, lang), conversion)
            parts.append(format(value, spec or ""))
        return "".join(parts)

    def _resolve(self, value: Any, lang: str, form: str = "") -> Any:
        if isinstance(value, str) and value.startswith("@"):
            key = value[1:]
            if form:
                table, _, name = key.rpartition(".")
                formed = f"{table}.{form}.{name}"
                if formed in self._messages[DEFAULT_LANGUAGE]:
                    key = formed
            return self.text(key, lang)
        if isinstance(value, list):
            return ", ".join(str(self._resolve(v, lang, form)) for v in value)
        return value


def plural(count: Any, spec: str) -> str:
    """The form of ``one|other`` (`spec`) that agrees with `count`, ``#`` replaced by the count: the first
    when the count is 1, else the second (Spanish and English, CLDR's `one` and `other`); a count that is
    not a number takes the second."""
    one, _, other = spec.partition("|")
    try:
        single = abs(float(count)) == 1
    except (TypeError, ValueError):
        single = False
    return (one if single else other).replace("#", str(count))


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
