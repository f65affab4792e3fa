"""The fuzzer: random games with every invariant of DESIGN §10 checked at every step.

Checks: no exception; no dead end; bounded length; legal actions sorted, in range and round-tripping
through notation; chance probabilities summing to one; an illegal action raising and changing nothing;
`clone` and the JSON round trip equal to the original; undo allowed only where DESIGN §5 allows it and
restoring the exact position; no view leaking hidden information (the view of the true state equals the
view of a state resampled from the role's information, and so do the inputs of a game's own learned
evaluation, `evaluation_features`); the resampled state playable (one step of it raises nothing); the
game's own invariants; every prompt and log line a seat reads with its message's parameters filled in;
and, at the end, the record replaying to the same digest at every step.
"""

from __future__ import annotations

import functools
import json
import random
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from ludoteca.core.errors import IllegalActionError
from ludoteca.core.game import CHANCE, Game
from ludoteca.core.match import Match
from ludoteca.core.options import Options
from ludoteca.core.record import replay_record, save_record
from ludoteca.core.state import State


class InvariantError(AssertionError):
    """An invariant of DESIGN §10 failed."""


@dataclass
class FuzzReport:
    game: str
    options: dict[str, str]
    games: int = 0
    actions: int = 0
    failures: list[dict[str, Any]] = field(default_factory=list)
    outcomes: dict[str, int] = field(default_factory=dict)
    longest: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": self.options,
            "games": self.games,
            "actions": self.actions,
            "longest": self.longest,
            "outcomes": dict(sorted(self.outcomes.items())),
            "failures": self.failures,
        }


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise InvariantError(message)


JSON_TYPES_ONLY = orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
"""orjson (what the server sends views with) writing JSON's own types only: a dataclass or a datetime
raises, as the standard library's `json` would. It writes a position several times faster than `json`,
which took a fifth of a Guerra a Muerte fuzz step."""


def _json(value: Any, what: str) -> bytes:
    """`value` as JSON text; an `InvariantError` naming `what` if it is not JSON-ready."""
    try:
        return orjson.dumps(value, option=JSON_TYPES_ONLY)
    except TypeError as error:  # orjson.JSONEncodeError: a key not a string, a type JSON lacks
        raise InvariantError(f"{what} is not JSON-ready: {error}") from error


@functools.lru_cache(maxsize=64)
def _roles_in_play(game: Game, options: Options) -> tuple[int, ...]:
    """`Game.roles_in_play`, asked once per game and options (a game may build a state to answer)."""
    return game.roles_in_play(options)


def _playable(twin: State, rng: random.Random, role: str) -> None:
    """A resampled state must be one the rules can go on from (OpenSpiel's contract for a state drawn from
    an information set): one of its legal actions, or a chance outcome, applied to a clone raises nothing."""
    if twin.is_terminal():
        return
    legal = twin.legal_actions()
    _check(bool(legal), f"the state resampled for {role} is a dead end")
    action = twin.sample_chance(rng) if twin.is_chance_node() else rng.choice(legal)
    try:
        twin.clone().apply_action(action)
    except Exception as error:
        raise InvariantError(
            f"the state resampled for {role} cannot play {twin.game.actions.format(action)!r}: {error!r}"
        ) from error


def check_state(state: State, rng: random.Random, logged: int | None = None) -> None:
    """Every per-position invariant. A log only grows, so the entries before `logged`, checked at an
    earlier position, are left out of the JSON round trip and the views: a step costs what the position
    holds, not the length of the game so far. `logged` None (the first and the last position): the whole
    log, and the state saved and restored through `to_json` and `from_json`; between them the position and
    the new log lines make the JSON round trip by themselves (the saved-state format wraps them the same
    way at every step, at twice the cost of the round trip)."""
    game = state.game
    recent = state.clone()
    recent.logs = state.logs[logged or 0 :]
    if logged is None:  # through the saved-state format
        restored = State.from_json(json.loads(json.dumps(recent.to_json())))
        same = restored == state and restored.logs == recent.logs
    else:
        d, logs = orjson.loads(_json([state.d, recent.logs], "the position"))
        same = d == state.d and logs == recent.logs
    _check(same, "JSON round trip differs from the original")
    # After the JSON check: the clone copies the position as JSON does (`copy_data`), so a value JSON
    # cannot give back (a tuple) is reported as what it is.
    twin = state.clone()
    _check(twin == state and twin.logs == state.logs, "clone differs from the original")
    # Equal after the round trip means the same digest too: JSON keeps every type it reads back (an int
    # stays an int, a bool a bool) and the digest's JSON sorts the keys, so it is not worked out again here.
    problems = state.invariants()
    _check(not problems, "; ".join(problems))
    own_features = type(state).evaluation_features is not State.evaluation_features
    for role in [None, *range(len(game.roles))]:
        view = recent.view(role)
        # JSON-ready: the log's lines are strings and the entries they come from (proved JSON-ready by the
        # round trip above), so the rest is what needs checking — not the whole log again at every step.
        _json({**view, "log": None}, "a view")
        # What a seat reads is whole text: a message given too few parameters shows its raw template.
        unfilled = [
            text for text in (view["prompt"] or "", *(line["text"] for line in view["log"])) if "{" in text
        ]
        _check(not unfilled, f"a message leaves a parameter unfilled: {unfilled[:1]}")
        if role is not None:
            tensor = recent.observation_tensor(role)
            _check(all(0.0 <= v <= 1.0 for v in tensor), f"observation_tensor({role}) leaves [0, 1]")
            resampled = recent.resample_from_infostate(role, rng)
            _check(resampled.view(role) == view, f"view of {game.roles[role]} leaks hidden information")
            _playable(resampled, rng, game.roles[role])
            if own_features and not state.is_terminal():  # a learned evaluation's inputs (core.learned)
                _check(
                    resampled.evaluation_features(role) == recent.evaluation_features(role),
                    f"evaluation_features({role}) leak hidden information",
                )
    if state.is_terminal():
        _check(state.legal_actions() == [], "a terminal state has legal actions")
        returns = state.returns()
        _check(len(returns) == len(game.roles), "returns() must give one value per role")
        low, high = game.returns_range
        _check(all(low <= r <= high for r in returns), f"returns {returns} outside {low}..{high}")
        if game.returns_sum is not None:
            _check(
                abs(sum(returns) - game.returns_sum) < 1e-9,
                f"returns {returns} do not sum to {game.returns_sum}",
            )
        return
    player = state.current_player()
    in_play = _roles_in_play(game, state.options)
    _check(player < 0 or player in in_play, f"{game.roles[player]} decides but is not in play")
    legal = state.legal_actions()
    _check(bool(legal), "dead end: a non-terminal state with no legal action")
    _check(legal == sorted(set(legal)), "legal actions must be sorted and unique")
    _check(all(0 <= a < game.num_distinct_actions for a in legal), "legal action outside the action space")
    for a in legal:
        _check(game.actions.parse(game.actions.format(a)) == a, f"notation of {a} does not round-trip")
    if state.is_chance_node():
        total = sum(p for _, p in state.chance_outcomes())
        _check(abs(total - 1.0) < 1e-9, f"chance probabilities sum to {total}")
    illegal = next((a for a in range(game.num_distinct_actions) if a not in legal), None)
    if illegal is not None:
        try:
            state.apply_action(illegal)
        except IllegalActionError:
            pass
        else:
            raise InvariantError(f"illegal action {game.actions.format(illegal)!r} was accepted")
        _check(state == twin and state.logs == twin.logs, "a rejected action changed the state")


def _check_undo(match: Match, rng: random.Random) -> None:
    """Undo is refused where DESIGN §5 forbids it, and otherwise restores the position exactly."""
    state = match.state
    role = state.current_player()
    if role < 0:
        return
    if match.undoable(role) == 0:
        try:
            match.undo(role)
        except IllegalActionError:
            return
        raise InvariantError("undo was allowed past a chance outcome, a reveal or another player's move")
    last = match.history[-1]
    digest_after = state.digest()
    match.undo(role)
    _check(match.state.current_player() == last.actor, "undo did not give the decision back")
    match.apply(last.action)
    _check(match.state.digest() == digest_after, "redo after undo reached a different position")


def fuzz_one(match: Match, seed: int) -> None:
    """Play `match` to the end with every check; raises on the first broken invariant. Even seeds play
    uniformly at random, odd ones follow the game's guide (`Game.guided_action`) when it has one.
    On failure `match` holds the history up to the failing action, so its record reproduces it."""
    rng = random.Random(seed)
    game = match.game
    guided = seed % 2 == 1
    limit = game.max_moves
    check_state(match.state, rng)
    logged = len(match.state.logs)
    while not match.state.is_terminal():
        _check(len(match.history) < limit, f"game longer than {limit} actions")
        if match.state.current_player() == CHANCE:
            match.play_chance()
        else:
            action = game.guided_action(match.state, rng) if guided else None
            match.apply(rng.choice(match.state.legal_actions()) if action is None else action)
            if rng.random() < 0.1:
                _check_undo(match, rng)
        logged = min(logged, len(match.state.logs))  # an undo may have taken entries back
        check_state(match.state, rng, logged)
        logged = len(match.state.logs)
    check_state(match.state, rng)
    replayed = replay_record(json.loads(json.dumps(match.record())), verify=True)
    _check(replayed.state == match.state, "replaying the record reached a different final state")


def run_fuzz(
    game: Game,
    games: int,
    seed: int,
    options: Mapping[str, str] | Options | None = None,
    failure_dir: Path | None = None,
    progress: Callable[[int], None] | None = None,
) -> FuzzReport:
    """Fuzz `games` games from `seed`; each failure is kept with a record that reproduces it."""
    normalized = game.parse_options(options)
    report = FuzzReport(game.id, normalized.as_strings())
    for index in range(games):
        game_seed = seed + index
        match = Match(game, normalized, game_seed)
        try:
            fuzz_one(match, game_seed)
        except Exception as exc:  # any exception is a failure to report, not to hide
            entry: dict[str, Any] = {
                "seed": game_seed,
                "error": f"{type(exc).__name__}: {exc}",
                "traceback": traceback.format_exc(limit=8),
            }
            if failure_dir is not None:
                failure_dir.mkdir(parents=True, exist_ok=True)
                path = failure_dir / f"fuzz-{game.id}-{game_seed}.json"
                save_record(match.record(), path)
                entry["record"] = str(path)
            report.failures.append(entry)
        else:
            report.actions += len(match.history)
            report.longest = max(report.longest, len(match.history))
            outcome = match.state.d["over"]["outcome"]
            report.outcomes[outcome] = report.outcomes.get(outcome, 0) + 1
        report.games += 1
        if progress:
            progress(index + 1)
    return report
