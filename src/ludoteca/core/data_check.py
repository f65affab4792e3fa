"""An owner's copy of a game's data (DESIGN §6): `export` writes the files with their provenance, `check`
validates an edited copy — each file's TOML, the shape of the shipped data (the same tables and fields,
`source` included, of the same types), then the game's own loader with every constraint the rulebook states
(run in a fresh interpreter, since a game loads its data once, at import: `core.data`).

Every error names the file, the item and the field, so the owner can find what to fix, in the language
asked (``[data]`` in the core messages; the names of files, items and fields stay as they are).
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ludoteca import __version__
from ludoteca.core import provenance
from ludoteca.core.data import MANIFEST, data_error, data_files, digest, messages, shipped_dir

if TYPE_CHECKING:
    from ludoteca.core.game import Game

RECONSTRUCTED_SUFFIX = ".reconstructed.toml"


# ------------------------------------------------------------------------------------------ export
def file_kind(name: str) -> str:
    """``reconstructed`` for the files an owner replaces with the printed values, else ``printed``."""
    return "reconstructed" if name.endswith(RECONSTRUCTED_SUFFIX) else "printed"


def file_provenance(path: Path) -> dict[str, int]:
    """How many items of a data file come from each kind of source."""
    tree = tomllib.loads(path.read_text("utf-8"))
    return provenance.count(str(item["source"]) for item in provenance.items(tree))


def export(game_id: str, source: Path, target: Path) -> list[Path]:
    """Copy the data files of `source` (the data `game_id` plays with) into `target`, byte for byte, with
    a manifest naming the game and each file's provenance. `target` must be new or empty: nothing of the
    owner's is overwritten."""
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise data_error("data_not_empty", folder=str(target))
    target.mkdir(parents=True, exist_ok=True)
    lines = [
        f"# The component data of {game_id}, exported by Ludoteca {__version__}. Edit the",
        "# *.reconstructed.toml files with the values printed on your copy of the game (give each item you",
        '# change source = "printed: <your edition>"), then: ludoteca data check GAME DIR; ludoteca play',
        "# GAME --data DIR. The counts below are as exported; `ludoteca info GAME --data DIR` counts again.",
        f'game = "{game_id}"',
        f'digest = "{digest(source)}"',
        "",
    ]
    written = []
    for path in data_files(source):
        shutil.copyfile(path, target / path.name)
        written.append(target / path.name)
        counts = file_provenance(path)
        lines.append(f'[files."{path.name}"]')
        lines.append(f'kind = "{file_kind(path.name)}"')
        lines.extend(f"{kind} = {counts[kind]}" for kind in provenance.KINDS if kind in counts)
        lines.append("")
    (target / MANIFEST).write_text("\n".join(lines), encoding="utf-8")
    return written


# ------------------------------------------------------------------------------------------- shape
@dataclass
class Shape:
    """What the shipped data holds at one place: scalars of some types, a table of fields (`required`:
    those every shipped table there has), or a list of such things (`item`: None if every list is empty)."""

    kind: str
    types: set[str] = field(default_factory=set)
    fields: dict[str, Shape] = field(default_factory=dict)
    required: set[str] = field(default_factory=set)
    item: Shape | None = None


def _type(value: Any) -> str:
    if isinstance(value, Mapping):
        return "table"
    if isinstance(value, list):
        return "list"
    return {bool: "boolean", int: "integer", float: "number", str: "text"}.get(type(value), "date")


def shape_of(value: Any) -> Shape:
    kind = _type(value)
    if kind == "table":
        return Shape("table", fields={k: shape_of(v) for k, v in value.items()}, required=set(value))
    if kind == "list":
        item: Shape | None = None
        for entry in value:
            item = shape_of(entry) if item is None else merge(item, shape_of(entry))
        return Shape("list", item=item)
    return Shape("scalar", types={kind})


def merge(one: Shape, other: Shape) -> Shape:
    """The shape that accepts what either accepts; different kinds at one place accept anything."""
    if one.kind != other.kind:
        return Shape("any")
    if one.kind == "scalar":
        return Shape("scalar", types=one.types | other.types)
    if one.kind == "list":
        items = [s for s in (one.item, other.item) if s is not None]
        return Shape("list", item=merge(*items) if len(items) == 2 else (items[0] if items else None))
    if one.kind == "table":
        fields = dict(one.fields)
        for name, sub in other.fields.items():
            fields[name] = merge(fields[name], sub) if name in fields else sub
        return Shape("table", fields=fields, required=one.required & other.required)
    return one


def _item_name(key: str, value: Any, index: int) -> str:
    if isinstance(value, Mapping):
        for name in ("id", "name", "index", "number"):
            if name in value and not isinstance(value[name], (list, dict)):
                return f"{key} {value[name]!r}"
    return f"{key} #{index + 1}"


def text(key: str, lang: str, **params: object) -> str:
    """The message ``data.<key>`` in `lang`."""
    return messages().text(f"data.{key}", lang, params)


def expected_kinds(kinds: list[str], lang: str) -> str:
    """``an integer or a text``: the kinds a value may have, in `lang`."""
    named = [text(f"type.{kind}", lang) for kind in kinds]
    return functools.reduce(lambda one, other: text("either", lang, one=one, other=other), named)


def compare(shape: Shape, value: Any, place: str, errors: list[str], lang: str = "en") -> None:
    """Add to `errors` every way `value` (at `place`: file, item, field) differs from the shipped shape."""
    kind = _type(value)
    if shape.kind == "any":
        return
    if shape.kind == "scalar":
        if kind not in shape.types and not (kind == "integer" and "number" in shape.types):
            expected = expected_kinds(sorted(shape.types), lang)
            errors.append(text("wrong_type", lang, place=place, expected=expected, value=repr(value)))
        return
    if kind != shape.kind:
        expected = expected_kinds([shape.kind], lang)
        errors.append(text("wrong_type", lang, place=place, expected=expected, value=repr(value)))
        return
    if shape.kind == "list":
        for index, entry in enumerate(value if shape.item is not None else ()):
            assert shape.item is not None
            compare(shape.item, entry, f"{place} #{index + 1}", errors, lang)
        return
    for name in sorted(shape.required - set(value)):
        errors.append(text("missing_field", lang, place=place, name=repr(name)))
    for name, sub in value.items():
        inner = shape.fields.get(name)
        if inner is None:
            known = ", ".join(sorted(shape.fields))
            errors.append(text("unknown_field", lang, place=place, name=repr(name), known=known))
        elif inner.kind == "list" and isinstance(sub, list):
            for index, entry in enumerate(sub if inner.item is not None else ()):
                assert inner.item is not None
                compare(inner.item, entry, f"{place}: {_item_name(name, entry, index)}", errors, lang)
        elif inner.kind == "table" and isinstance(sub, Mapping):
            compare(inner, sub, f"{place}: {name}", errors, lang)
        else:
            compare(inner, sub, f"{place}: {text('field', lang, name=repr(name))}", errors, lang)


# ------------------------------------------------------------------------------------------- check
def check_files(game_id: str, folder: Path, lang: str = "en") -> list[str]:
    """The errors of an edited copy of a game's data found without running the game: missing or extra
    files, malformed TOML (with its line), and every table, field or type that differs from the shipped
    data's (an item without its `source` among them)."""
    errors: list[str] = []
    shipped = {p.name: p for p in data_files(shipped_dir(game_id))}
    edited = {p.name: p for p in data_files(folder)}
    for name in sorted(set(shipped) - set(edited)):
        errors.append(text("missing", lang, file=name))
    for name in sorted(set(edited) - set(shipped)):
        errors.append(text("foreign", lang, file=name, game=game_id, files=", ".join(sorted(shipped))))
    for name in sorted(set(edited) & set(shipped)):
        try:
            tree = tomllib.loads(edited[name].read_text("utf-8"))
        except tomllib.TOMLDecodeError as exc:
            errors.append(text("not_toml", lang, file=name, reason=str(exc)))
            continue
        except UnicodeDecodeError:
            errors.append(text("not_utf8", lang, file=name))
            continue
        compare(shape_of(tomllib.loads(shipped[name].read_text("utf-8"))), tree, name, errors, lang)
    return errors


TRIAL_GAMES = 3
"""How many random games `check` plays with an owner's data, every invariant checked at every step (the
fuzzer's `fuzz_one`): seeds 0, 1, 2, played at random and by the game's guide in turn."""


def trial_games(game: Game, folder: Path, lang: str = "en", games: int = TRIAL_GAMES) -> list[str]:
    """What stops `game`, loaded with the data in `folder`, from being played: the set-up breaking one of
    the game's invariants, or the first of `games` random games to break any invariant of DESIGN §10 (the
    game's own, a dead end, an exception), with the command that reproduces it."""
    from ludoteca.core.fuzz import fuzz_one
    from ludoteca.core.match import Match

    broken = game.new_initial_state().invariants()
    if broken:
        return [text("setup_broken", lang, game=game.id, problems="; ".join(broken))]
    for seed in range(games):
        match = Match(game, None, seed)
        try:
            fuzz_one(match, seed)
        except Exception as exc:  # any failure is the answer: the owner is told, never a traceback
            return [
                text(
                    "game_broken",
                    lang,
                    game=game.id,
                    number=seed + 1,
                    games=games,
                    seed=seed,
                    action=len(match.history),
                    problem=str(exc) or type(exc).__name__,
                    folder=str(folder),
                )
            ]
    return []


def check_loader(game_id: str, folder: Path, lang: str = "en") -> list[str]:
    """Load the game with the data in `folder` in a fresh interpreter, so every constraint its loader
    checks (the rulebook's counts, links, sums) is applied as in play; its refusal, if any, in `lang`.
    Then the set-up and a few random games must keep every invariant (`trial_games`): data the loader
    takes may still be data the game cannot play."""
    root = str(Path(__file__).resolve().parent.parent.parent)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([root, os.environ.get("PYTHONPATH", "")]))
    env.pop("LUDOTECA_DATA", None)
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from ludoteca.core.data import use_data\n"
        "from ludoteca.core.data_check import trial_games\n"
        "from ludoteca.core.game import get_game\n"
        "from ludoteca.core.errors import LudotecaError\n"
        "from ludoteca.core.i18n import Catalog\n"
        "try:\n"
        "    use_data(sys.argv[2], sys.argv[1]); game = get_game(sys.argv[1]); game.new_initial_state()\n"
        "except LudotecaError as exc:\n"
        "    print(exc.localized(Catalog(), sys.argv[3])); sys.exit(1)\n"
        "problems = trial_games(game, Path(sys.argv[2]), sys.argv[3])\n"
        "print('\\n'.join(problems)); sys.exit(1 if problems else 0)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, game_id, str(folder), lang], env=env, capture_output=True, text=True
    )
    if done.returncode == 0:
        return []
    lines = done.stdout.strip() or done.stderr.strip().splitlines()[-1]
    return [line for line in lines.splitlines() if line]


def check(game_id: str, folder: Path, lang: str = "en") -> list[str]:
    """Every error of an edited copy of `game_id`'s data in `folder`, in `lang`. Nothing: it can be
    played — the files have the shipped shape, the loader takes them, and the set-up and a few random
    games keep every invariant."""
    if not folder.is_dir():
        return [text("no_folder", lang, folder=str(folder))]
    errors = check_files(game_id, folder, lang)
    return errors or check_loader(game_id, folder, lang)
