"""A game's options as one frozen, typed value, parsed once at the interface (issue 21).

A game declares its options as a frozen dataclass deriving from `Options`, one field per option, each
declared with `option()`. The field's type says what the value is:

- ``Literal["a", "b"]``: one of those words;
- ``bool``: ``off`` or ``on``;
- ``int``: one of the numbers given as `choices`.

Interfaces (the command line, the server, the adapters) turn the strings a person typed into that value
once, with `Options.parse`; the rules read typed fields (``state.options.level``), never strings. A
record, a view and a saved state hold the string form, `as_strings()`, which parses back to the same value.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar, Literal, Self

from ludoteca.core.errors import BadOptionError


@dataclass(frozen=True)
class OptionSpec:
    """One game option as interfaces list it: its name, default and the values it allows.

    `pattern_help` documents values accepted beyond `choices` (checked by `Options.accepts`). A `reading`
    is a reading of an ambiguous rule or a variant, whose default follows the rulebook (the lobby folds
    them away); `when`, if given, is the option and the values of it under which this one has an effect
    (the lobby shows it only then)."""

    name: str
    default: str
    choices: tuple[str, ...]
    help_key: str
    open_ended: bool = False
    pattern_help: str = ""
    reading: bool = False
    when: tuple[str, tuple[str, ...]] | None = None

    def allowed(self) -> str:
        """The allowed values, ``a|b|c``."""
        return "|".join((*self.choices, self.pattern_help) if self.pattern_help else self.choices)

    def describe(self) -> str:
        return f"{self.name}={self.allowed()} (default {self.default})"


def option(
    default: Any,
    help_key: str,
    *,
    choices: tuple[int, ...] = (),
    pattern_help: str = "",
    reading: bool = False,
    when: tuple[str, tuple[str, ...]] | None = None,
) -> Any:
    """Declare one option field: its default, the catalog key of its help, the numbers an ``int`` option
    allows, for an open-ended option the pattern of the values it also accepts (`Options.accepts`), and
    for the lobby whether it is a rule `reading` and `when` it has an effect (`OptionSpec`)."""
    metadata = {
        "help_key": help_key,
        "numbers": choices,
        "pattern_help": pattern_help,
        "reading": reading,
        "when": when,
    }
    return dataclasses.field(default=default, metadata=metadata)


def _word(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


@dataclass(frozen=True)
class Options:
    """Base of every game's options. A game with no options uses it as it is."""

    game_id: ClassVar[str] = "game"
    """The game named in error messages; each game's options class sets it."""

    @classmethod
    @cache
    def specs(cls) -> tuple[OptionSpec, ...]:
        """The options as interfaces list them, in declaration order. An option's name is its field's
        with ``-`` for ``_`` (``military_split`` is ``military-split``)."""
        hints = typing.get_type_hints(cls)
        specs: list[OptionSpec] = []
        for f in dataclasses.fields(cls):
            kind = hints[f.name]
            if kind is bool:
                choices: tuple[str, ...] = ("off", "on")
            elif kind is int:
                choices = tuple(str(n) for n in f.metadata["numbers"])
            elif typing.get_origin(kind) is Literal:
                choices = tuple(str(c) for c in typing.get_args(kind))
            else:
                raise TypeError(f"{cls.__name__}.{f.name}: an option is a Literal, bool or int, not {kind}")
            pattern = f.metadata["pattern_help"]
            when = f.metadata["when"]
            if when and not any(o.name == when[0] and set(when[1]) <= set(o.choices) for o in specs):
                raise TypeError(
                    f"{cls.__name__}.{f.name}: when={when} names no earlier option and its values"
                )
            specs.append(
                OptionSpec(
                    f.name.replace("_", "-"),
                    _word(f.default),
                    choices,
                    f.metadata["help_key"],
                    open_ended=bool(pattern),
                    pattern_help=pattern,
                    reading=f.metadata["reading"],
                    when=f.metadata["when"],
                )
            )
        return tuple(specs)

    @classmethod
    @cache
    def _kinds(cls) -> tuple[tuple[str, Any], ...]:
        """Each field's name and type, resolved once (``typing.get_type_hints`` is costly, and `parse`
        runs at every new game)."""
        hints = typing.get_type_hints(cls)
        return tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls))

    @classmethod
    def spec(cls, name: str) -> OptionSpec:
        """The option called `name`; raises `BadOptionError` naming the known options."""
        for spec in cls.specs():
            if spec.name == name:
                return spec
        known = ", ".join(o.name for o in cls.specs()) or "none"
        raise BadOptionError(
            f"{cls.game_id}: unknown option {name!r}; options are: {known}",
            "error.unknown_option",
            game=cls.game_id,
            name=name,
            known=known,
        )

    @classmethod
    def accepts(cls, spec: OptionSpec, value: str) -> bool:
        """Whether an open-ended option's value outside `choices` is acceptable. Games override."""
        return False

    @classmethod
    def parse(cls, given: Mapping[str, str] | Options | None = None) -> Self:
        """The typed value of the options a person gave as strings (whitespace and case ignored, defaults
        filled in); raises `BadOptionError` naming the option, the value and what is allowed."""
        if isinstance(given, cls):
            return given
        if isinstance(given, Options):
            raise BadOptionError(f"{cls.game_id}: options of {type(given).__name__} are not this game's")
        raw = {str(k): v for k, v in (given or {}).items()}
        for name in raw:
            cls.spec(name)  # raises on an unknown option
        values: dict[str, Any] = {}
        for (name, kind), spec in zip(cls._kinds(), cls.specs(), strict=True):
            word = str(raw.get(spec.name, spec.default)).strip().lower()
            if word not in spec.choices and not (spec.open_ended and cls.accepts(spec, word)):
                raise cls.refused(spec, word)
            values[name] = word == "on" if kind is bool else int(word) if kind is int else word
        parsed = cls(**values)
        parsed.check()
        return parsed

    @classmethod
    def refused(cls, spec: OptionSpec, value: str) -> BadOptionError:
        """The error for a value `spec` does not allow. Games may add what the choices are."""
        return BadOptionError(
            f"{cls.game_id}: option {spec.name}={value!r} is not allowed; use {spec.describe()}",
            "error.bad_option",
            game=cls.game_id,
            name=spec.name,
            value=value,
            allowed=spec.allowed(),
            default=spec.default,
        )

    def check(self) -> None:
        """Rules between options (Patria Libre's solo needs two players); raises `BadOptionError`."""

    def as_strings(self) -> dict[str, str]:
        """The string form that records, views and saved states hold; `parse` gives the value back."""
        return {
            spec.name: _word(getattr(self, f.name))
            for f, spec in zip(dataclasses.fields(self), self.specs(), strict=True)
        }
