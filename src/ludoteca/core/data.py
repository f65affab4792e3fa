"""Which component data a game plays with (DESIGN §6): the `data/` folder shipped in its package, or a
folder of the same files that an owner of the printed game edited (`ludoteca data export`, then
`--data DIR` or the `LUDOTECA_DATA` environment variable).

A game loads its data once, when its package is imported (each `board.py` reads ``data_dir(__name__)``).
So the folder is chosen before that: `use_data` refuses once the game is loaded, and an interface calls it
before it asks for the game. `LUDOTECA_DATA` lists such folders (``os.pathsep`` between them), each
``GAME=DIR`` or a bare ``DIR`` whose manifest, `ludoteca-data.toml`, names its game; `use_data` adds its
folder there too, so worker processes play with the same data. The data's `digest` (the files' names and
bytes) goes into every record.
"""

from __future__ import annotations

import functools
import hashlib
import os
import sys
import tomllib
from pathlib import Path

from ludoteca.core.errors import LudotecaError
from ludoteca.core.i18n import Catalog

MANIFEST = "ludoteca-data.toml"
"""The file that names a data folder's game; written by `ludoteca data export`, never part of the data."""
ENVIRONMENT = "LUDOTECA_DATA"
GAMES_PACKAGE = "ludoteca.games"

_chosen: dict[str, Path] = {}
"""The folders chosen so far, by game package name (``mar_y_acero``)."""
_environment_read = False


class DataError(LudotecaError, ValueError):
    """A data folder that cannot be used: unreadable, malformed, for another game, or refused by the game's
    loader. The message names the file, the item and the field."""


@functools.cache
def messages() -> Catalog:
    """The core messages: the data's refusals and `data_check`'s problems in the user's language."""
    return Catalog()


def data_error(key: str, **params: object) -> DataError:
    """A `DataError` with the message ``error.<key>`` (English in ``str``, any language by `localized`)."""
    return DataError(messages().text(f"error.{key}", "en", params), f"error.{key}", **params)


def refusal(file: str, item: str, field: str, value: object, why: str, **params: object) -> DataError:
    """A game loader's refusal of one value of its data (DESIGN §6): the file, the item and the field it
    is in, the value, and why — the message ``error.why.<why>`` with `params` (the rulebook's section, what
    is allowed) — in the reader's language (`LudotecaError.localized`), so the owner finds what to fix."""
    reason = data_error(f"why.{why}", **params)
    return data_error(
        "data_value",
        file=file,
        item=item,
        field=field,
        value="—" if value is None else repr(value),
        why=reason,
    )


def package_name(game_id: str) -> str:
    """The package of a game: its id with ``_`` for ``-`` (`games/README.md`)."""
    return game_id.replace("-", "_")


def _package_of(module: str) -> str:
    """``mar_y_acero`` from ``ludoteca.games.mar_y_acero.board``."""
    prefix = f"{GAMES_PACKAGE}."
    if not module.startswith(prefix):
        raise ValueError(f"{module} is not a module of a game package")
    return module[len(prefix) :].partition(".")[0]


def shipped_dir(game_id: str) -> Path:
    """The data folder shipped in a game's package."""
    return Path(__file__).parent.parent / "games" / package_name(game_id) / "data"


def data_dir(module: str) -> Path:
    """The folder a game's data is read from: the module asking is one of the game's (``__name__``)."""
    _read_environment()
    package = _package_of(module)
    return _chosen.get(package, shipped_dir(package))


def in_use(game_id: str) -> Path:
    """The data folder the game plays with."""
    _read_environment()
    return _chosen.get(package_name(game_id), shipped_dir(game_id))


def is_shipped(game_id: str) -> bool:
    return package_name(game_id) not in _chosen


def data_files(folder: Path) -> list[Path]:
    """The data files of a folder: every ``*.toml`` but the manifest, by name."""
    return sorted(p for p in folder.glob("*.toml") if p.name != MANIFEST)


def digest(folder: Path) -> str:
    """A stable hash of a data folder: its files' names and bytes (records carry it, DESIGN §5)."""
    hashed = hashlib.sha256()
    for path in data_files(folder):
        hashed.update(path.name.encode("utf-8") + b"\0" + path.read_bytes() + b"\0")
    return hashed.hexdigest()[:16]


_in_use_digests: dict[str, str] = {}


def digest_in_use(game_id: str) -> str:
    """The digest of the data `game_id` plays with, taken once: a game reads its data once, at import."""
    if game_id not in _in_use_digests:
        _in_use_digests[game_id] = digest(in_use(game_id))
    return _in_use_digests[game_id]


def manifest_game(folder: Path) -> str | None:
    """The game a folder's manifest names, None if it has no manifest."""
    path = folder / MANIFEST
    if not path.exists():
        return None
    try:
        game = tomllib.loads(path.read_text("utf-8")).get("game")
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise data_error("data_manifest_unreadable", path=str(path), reason=str(exc)) from None
    if not isinstance(game, str):
        raise data_error("data_manifest_game", path=str(path))
    return game


def use_data(folder: str | Path, game_id: str | None = None) -> str:
    """Play `game_id` (or the game the folder's manifest names) with the data in `folder`; returns the game
    id. Raises `DataError` if the folder is not one, names another game, or the game is already loaded
    with other data (the choice must come before the game's package is imported)."""
    _read_environment()
    path = Path(folder).expanduser().resolve()
    if not path.is_dir():
        raise data_error("data_folder", folder=str(folder))
    named = manifest_game(path)
    game = game_id or named
    if game is None:
        raise data_error("data_no_manifest", path=str(path), manifest=MANIFEST)
    if named is not None and named != game:
        raise data_error("data_other_game", path=str(path), named=named, game=game)
    package = package_name(game)
    if _chosen.get(package) == path:
        return game
    if f"{GAMES_PACKAGE}.{package}" in sys.modules:
        raise data_error("data_loaded", game=game, folder=str(in_use(game)), path=str(path))
    if not data_files(path):
        raise data_error("data_no_files", path=str(path))
    _chosen[package] = path
    listed = [p for p in os.environ.get(ENVIRONMENT, "").split(os.pathsep) if p]
    os.environ[ENVIRONMENT] = os.pathsep.join([*listed, f"{game}={path}"])
    return game


def _read_environment() -> None:
    """Take the folders `LUDOTECA_DATA` lists, once, before the first game loads."""
    global _environment_read
    if _environment_read:
        return
    _environment_read = True
    for entry in os.environ.get(ENVIRONMENT, "").split(os.pathsep):
        if not entry:
            continue
        named, sep, folder = entry.partition("=")
        path = Path(folder if sep else entry).expanduser().resolve()
        game = named if sep else manifest_game(path) if path.is_dir() else None
        if game is None or not path.is_dir():
            raise data_error("data_environment", variable=ENVIRONMENT, entry=entry, manifest=MANIFEST)
        _chosen.setdefault(package_name(game), path)
