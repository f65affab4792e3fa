"""Game records: write, read, replay and verify (DESIGN §5).

``{"format": "ludoteca-record/1", "game", "engine_version", "rules_version", "options", "seed", "roles",
"actions": [[actor, notation], ...], "result", "digests", "data_digest", "chance"}`` — actor is a role id or
``"chance"``; ``chance`` is where chance came from (``sample`` or ``table``, `core.table`), so a
companion game resumes as one; ``digests`` holds the state's `digest()` after every action, so a replay
proves it reaches the same positions; ``data_digest`` is the hash of the component data the game was
played with (DESIGN §6, `core.data`): a record replays only with that data (one without it, with the data
in use).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ludoteca import __version__
from ludoteca.core.errors import LudotecaError, RecordError
from ludoteca.core.game import CHANCE, Game, get_game

if TYPE_CHECKING:
    from ludoteca.core.match import Match

RECORD_FORMAT = "ludoteca-record/1"
SEEDS = 2**63
"""A record's seed is a whole number below this (a signed 64-bit integer, as databases keep them)."""


def make_record(match: Match) -> dict[str, Any]:
    """The record of a match so far; replaying it needs no randomness."""
    game = match.game
    replay = game.new_initial_state(match.options)
    actions, digests = [], []
    for step in match.history:
        actor = "chance" if step.actor == CHANCE else game.roles[step.actor]
        actions.append([actor, game.actions.format(step.action)])
        replay.apply_action(step.action)
        digests.append(replay.digest())
    result = match.state.result("en")
    return {
        "format": RECORD_FORMAT,
        "game": game.id,
        "engine_version": __version__,
        "rules_version": game.rules_version,
        "options": match.options.as_strings(),
        "seed": match.seed,
        "roles": list(game.roles),
        "actions": actions,
        "result": result,
        "digests": digests,
        "data_digest": game.data_digest(),
        "chance": match.chance,
    }


def save_record(record: Mapping[str, Any], path: str | Path) -> None:
    Path(path).write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def load_record(path: str | Path) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise RecordError(
            f"cannot read record {path}: {exc.strerror}",
            "error.record_unreadable",
            path=str(path),
            reason=exc.strerror,
        ) from None
    except json.JSONDecodeError as exc:
        raise RecordError(
            f"record {path} is not JSON: {exc.msg} at line {exc.lineno}",
            "error.record_not_json",
            path=str(path),
            line=exc.lineno,
        ) from None
    if not isinstance(data, dict):
        raise RecordError(f"record {path} must be a JSON object")
    return data


def replay_record(record: Mapping[str, Any], verify: bool = True, game: Game | None = None) -> Match:
    """Rebuild the match a record describes, with `game` (default: the registered game the record
    names). With `verify`, every action's actor and every stored digest must match; any mismatch raises
    `RecordError` naming the step."""
    from ludoteca.core.match import Match

    if record.get("format") != RECORD_FORMAT:
        raise RecordError(
            f"record format must be {RECORD_FORMAT!r}, not {record.get('format')!r}",
            "error.record_format",
            expected=RECORD_FORMAT,
            found=str(record.get("format")),
        )
    for key, kind in (("game", str), ("options", dict), ("actions", list)):
        if not isinstance(record.get(key), kind):
            raise RecordError(f"record field {key!r} must be a {kind.__name__}")
    seed = record.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEEDS):
        raise RecordError(f"record field 'seed' must be a whole number from 0 to {SEEDS - 1} (or absent)")
    try:
        game = game or get_game(record["game"])
        if game.id != record["game"]:
            raise RecordError(f"the record is of {record['game']!r}, not of {game.id!r}")
        chance = record.get("chance", "sample")
        match = Match(game, record["options"], seed or 0, str(chance))
    except LudotecaError as exc:
        raise RecordError(f"record cannot start: {exc}") from None
    made_with = record.get("data_digest")
    if made_with is not None and made_with != game.data_digest():
        folder = game.data_dir()
        raise RecordError(
            f"the record was played with the data of digest {made_with}; {game.id} here plays with the "
            f"data of digest {game.data_digest()} ({folder}): replay it with the data it was played with "
            "(--data DIR)",
            "error.record_data",
            game=game.id,
            record=str(made_with),
            ours=game.data_digest(),
            folder=str(folder),
        )
    digests = record.get("digests") if verify else None
    if digests is not None and (not isinstance(digests, list) or len(digests) != len(record["actions"])):
        raise RecordError("record field 'digests' must list one digest per action")
    for index, entry in enumerate(record["actions"]):
        where = f"action {index + 1}"
        if not (isinstance(entry, list) and len(entry) == 2 and all(isinstance(x, str) for x in entry)):
            raise RecordError(f"{where}: expected [actor, notation], got {entry!r}")
        actor, notation = entry
        player = match.state.current_player()
        expected = "chance" if player == CHANCE else game.roles[player] if player >= 0 else "nobody"
        if verify and actor != expected:
            raise RecordError(f"{where}: the record says {actor!r} acts, but {expected!r} is to act")
        try:
            match.apply_notation(notation)
        except LudotecaError as exc:
            raise RecordError(f"{where} ({notation!r}): {exc}") from None
        if digests is not None and match.state.digest() != digests[index]:
            made_with, ours = record.get("rules_version", "?"), game.rules_version
            why = f" (the record was made with rules version {made_with}, this engine has {ours})"
            why = "" if made_with == ours else why
            raise RecordError(f"{where} ({notation!r}): position digest differs from the record{why}")
    return match
