"""Puzzles: positions with known best moves, to measure an agent in minutes (issue 56).

Chess engines are measured by suites of positions whose best move is known; `ludoteca puzzles GAME` does
the same for every game. A puzzle file is TOML, one ``[[puzzle]]`` table per puzzle (the README's
"Puzzles" section documents it):

```toml
[[puzzle]]
id = "mission-today"                # unique in the file
game = "maquis"
options = { missions = "sabotage+infiltration" }   # optional, the game's options as strings
actions = ["mission sabotage", "mission infiltration", "place cafe", "patrol 3"]
role = "resistencia"                # must be the role to move after the actions
answers = ["activate radio_a"]      # the accepted moves, notations legal there
avoid = ["pass"]                    # optional: moves that are plainly wrong
theme = "mission-today"
why = { es = "…", en = "…" }        # one line in each language, citing the rule
```

The position is the game's start followed by `actions`, chance outcomes included, exactly as a record
lists them (`core.record`). Answers (and moves to avoid) are notations, or, where the game has a planner
(`core.plans`), a plan's name after ``plan:`` (``"plan:recruit peru"``): solved when the agent's chosen plan
has that name. The loader checks the name is among the candidates the planner builds at that position, as
the role knows it (`plan_names`).

Loading checks everything and raises one `PuzzleError` naming the file, the puzzle, the field and the
problem (a notation unknown or not legal, a position that cannot be reached, a role not to move). Solving
gives the agent the position *as its role knows it*: a state redrawn by `resample_from_infostate(role)`,
never the true one, so an agent cannot read a hidden card or the deck order even if it tried.
"""

from __future__ import annotations

import functools
import importlib
import random
import time
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ludoteca.ai.agents import make_agent
from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import Game, get_game
from ludoteca.core.i18n import LANGUAGES, Catalog
from ludoteca.core.options import Options
from ludoteca.core.state import State

DEFAULT_AGENT = "ismcts:level=normal"
"""The agent a suite measures unless told otherwise: the search at its default level."""
SUITE = "puzzles.toml"
"""The file name of a game's own suite, in its package: ``games/<package>/puzzles.toml``."""
FIELDS = ("id", "game", "options", "actions", "role", "answers", "avoid", "theme", "why")
REQUIRED = ("id", "game", "actions", "role", "answers", "theme", "why")


class PuzzleError(LudotecaError):
    """A puzzle file that cannot be used: names the file, the puzzle, the field and what is wrong."""


@functools.cache
def messages() -> Catalog:
    """The core catalog, whose ``error.puzzle*`` messages say what is wrong."""
    return Catalog()


def problem(key: str, **params: Any) -> LudotecaError:
    """What is wrong with a field (the ``error.puzzle_<key>`` message), as an error its caller puts inside
    a `PuzzleError`; its English text is the catalog's."""
    said = LudotecaError("", f"error.puzzle_{key}", **params)
    return LudotecaError(said.localized(messages(), "en"), said.key, **params)


def refuse(file: str, puzzle: str, field: str, why: LudotecaError) -> PuzzleError:
    """The one error of a bad puzzle: its file, id (or place in the file), field and problem."""
    return PuzzleError(
        f"{file}: puzzle {puzzle}, field {field}: {why.localized(messages(), 'en')}",
        "error.puzzle",
        file=file,
        puzzle=puzzle,
        field=field,
        problem=why,
    )


@dataclass(frozen=True)
class Puzzle:
    """One checked puzzle: the position reached, the role to move there, the accepted answers (action
    ids) and those to avoid, its theme and its reason in each language."""

    id: str
    file: str
    game: Game
    options: Options
    position: State
    role: int
    answers: frozenset[int]
    avoid: frozenset[int]
    theme: str
    why: Mapping[str, str]
    plans: frozenset[str] = frozenset()
    """The plans' names among the answers (``plan:<name>``)."""
    avoid_plans: frozenset[str] = frozenset()
    """The plans' names among the moves to avoid."""


def suite_path(game: Game) -> Path:
    """Where `game` keeps its own suite: ``puzzles.toml`` beside the module that defines the game."""
    module = importlib.import_module(type(game).__module__)
    return Path(str(module.__file__)).parent / SUITE


def load_files(paths: Sequence[Path], game: Game | None = None) -> list[Puzzle]:
    """Every puzzle of `paths`, checked; with `game`, each must be of that game. Ids are unique across the
    files."""
    puzzles: list[Puzzle] = []
    for path in paths:
        puzzles += load_file(path, game, {p.id for p in puzzles})
    return puzzles


def load_file(path: Path, game: Game | None = None, taken: Iterable[str] = ()) -> list[Puzzle]:
    """The puzzles of one file, each checked (`check`); raises `PuzzleError` at the first problem."""
    name = str(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        why = problem("unreadable", reason=str(exc.strerror))
        raise refuse(name, "-", "-", why) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise refuse(name, "-", "-", problem("toml", reason=str(exc))) from None
    tables = data.get("puzzle")
    extra = sorted(set(data) - {"puzzle"})
    if extra:
        why = problem("top_level", known="[[puzzle]]")
        raise refuse(name, "-", extra[0], why)
    if not isinstance(tables, list) or not tables:
        raise refuse(name, "-", "puzzle", problem("none"))
    seen = set(taken)
    puzzles = []
    for number, table in enumerate(tables, 1):
        if not isinstance(table, dict):
            raise refuse(name, f"#{number}", "puzzle", problem("not_table"))
        puzzle = check(name, number, table, game)
        if puzzle.id in seen:
            raise refuse(name, puzzle.id, "id", problem("duplicate"))
        seen.add(puzzle.id)
        puzzles.append(puzzle)
    return puzzles


def check(file: str, number: int, table: Mapping[str, Any], wanted: Game | None) -> Puzzle:
    """One puzzle's table, checked field by field, its position reached by replaying its actions."""
    where = str(table.get("id")) if isinstance(table.get("id"), str) and table["id"] else f"#{number}"

    def fail(field: str, why: LudotecaError) -> PuzzleError:
        return refuse(file, where, field, why)

    for field in sorted(set(table) - set(FIELDS)):
        raise fail(field, problem("unknown_field", known=", ".join(FIELDS)))
    for field in REQUIRED:
        if field not in table:
            raise fail(field, problem("missing"))
    for field in ("id", "game", "role", "theme"):
        if not isinstance(table[field], str) or not table[field].strip():
            raise fail(field, problem("not_text"))
    try:
        game = get_game(table["game"])
    except LudotecaError as exc:
        raise fail("game", exc) from None
    if wanted is not None and game.id != wanted.id:
        raise fail("game", problem("other_game", found=game.id, wanted=wanted.id))
    options_given = table.get("options", {})
    if not isinstance(options_given, dict) or not all(isinstance(v, str) for v in options_given.values()):
        raise fail("options", problem("not_options"))
    try:
        options = game.parse_options(options_given)
    except LudotecaError as exc:
        raise fail("options", exc) from None
    try:
        role = game.role_index(table["role"])
    except LudotecaError as exc:
        raise fail("role", exc) from None
    position = reach(game, options, notations(table, "actions", fail, allow_empty=True), fail)
    mover = position.current_player()
    if mover != role:
        whose = game.roles[mover] if 0 <= mover < len(game.roles) else str(mover)
        why = problem("not_to_move", role=game.roles[role], mover=whose)
        raise fail("role", why)
    given = notations(table, "answers", fail)
    shunned = notations(table, "avoid", fail, allow_empty=True)
    plans = planned(position, role, where, given, "answers", fail)
    avoid_plans = planned(position, role, where, shunned, "avoid", fail)
    answers = legal_in(position, game, [n for n in given if not n.startswith(PLAN)], "answers", fail)
    avoid = legal_in(position, game, [n for n in shunned if not n.startswith(PLAN)], "avoid", fail)
    both = answers & avoid
    if both:
        move = game.actions.format(min(both))
        raise fail("avoid", problem("both", notation=move))
    if plans & avoid_plans:
        raise fail("avoid", problem("both", notation=PLAN + min(plans & avoid_plans)))
    why = table["why"]
    if (
        not isinstance(why, dict)
        or set(why) != set(LANGUAGES)
        or not all(isinstance(v, str) for v in why.values())
    ):
        raise fail("why", problem("why", languages=", ".join(LANGUAGES)))
    return Puzzle(
        where, file, game, options, position, role, answers, avoid, table["theme"], why, plans, avoid_plans
    )


PLAN = "plan:"
"""The prefix of an answer that names a plan rather than a move: ``plan:recruit peru``."""


def plan_names(position: State, role: int, puzzle: str) -> list[str]:
    """The names of the plans `role`'s planner builds at `position` as the role knows it (one redraw,
    seeded by the puzzle's id), or [] where the game plans nothing there."""
    planner = position.game.planner
    if planner is None:
        return []
    seen = position.resample_from_infostate(role, random.Random(f"plans/{puzzle}"))
    return [plan.name for plan in planner.plans(seen, role)]


def planned(
    position: State,
    role: int,
    puzzle: str,
    given: Sequence[str],
    field: str,
    fail: Callable[[str, LudotecaError], PuzzleError],
) -> frozenset[str]:
    """The plans' names among `given` (``plan:<name>``), each one of the candidates at the position."""
    names = [n[len(PLAN) :].strip() for n in given if n.startswith(PLAN)]
    if not names:
        return frozenset()
    known = plan_names(position, role, puzzle)
    for name in names:
        if name not in known:
            if not known:
                raise fail(field, problem("no_plans", name=name))
            raise fail(field, problem("plan", name=name, known=", ".join(known)))
    return frozenset(names)


def notations(
    table: Mapping[str, Any],
    field: str,
    fail: Callable[[str, LudotecaError], PuzzleError],
    allow_empty: bool = False,
) -> list[str]:
    """A field that lists notations."""
    value = table.get(field, [])
    if (
        not isinstance(value, list)
        or not all(isinstance(v, str) for v in value)
        or not (value or allow_empty)
    ):
        raise fail(field, problem("not_list"))
    return value


def reach(
    game: Game, options: Options, actions: Sequence[str], fail: Callable[[str, LudotecaError], PuzzleError]
) -> State:
    """The position after `actions` from the start; an action that cannot be played there is refused
    by its place in the list."""
    state = game.new_initial_state(options)
    for index, notation in enumerate(actions, 1):
        try:
            state.apply_action(game.actions.parse(notation))
        except LudotecaError as exc:
            raise fail(
                "actions",
                problem("unreachable", index=index, notation=notation, reason=exc),
            ) from None
    if state.is_terminal() or state.is_chance_node():
        raise fail("actions", problem("no_decision"))
    return state


def legal_in(
    state: State,
    game: Game,
    given: Sequence[str],
    field: str,
    fail: Callable[[str, LudotecaError], PuzzleError],
) -> frozenset[int]:
    """The action ids of `given`, each a notation legal in `state`."""
    legal = state.legal_actions()
    chosen = set()
    for notation in given:
        try:
            action = game.actions.parse(notation)
        except LudotecaError as exc:
            raise fail(field, exc) from None
        if action not in legal:
            allowed = ", ".join(game.actions.format(a) for a in legal)
            raise fail(field, problem("illegal", notation=notation, legal=allowed))
        chosen.add(action)
    return frozenset(chosen)


@dataclass(frozen=True)
class Attempt:
    """What an agent played in a puzzle, and how long it thought."""

    puzzle: Puzzle
    played: int
    seconds: float
    plan: str | None = None
    """The name of the plan the agent chose, where it played a plan (`IsmctsAgent.explain`)."""

    @property
    def solved(self) -> bool:
        return self.played in self.puzzle.answers or (
            self.plan is not None and self.plan in self.puzzle.plans
        )

    @property
    def blunder(self) -> bool:
        """Whether the agent played one of the moves, or chose one of the plans, to avoid."""
        return self.played in self.puzzle.avoid or (
            self.plan is not None and self.plan in self.puzzle.avoid_plans
        )


def attempt(puzzle: Puzzle, spec: str, seed: int = 0) -> Attempt:
    """Let the agent `spec` decide in `puzzle`'s position, seeing only what its role may know."""
    agent = make_agent(spec, puzzle.game, puzzle.role, seed)
    seen = puzzle.position.resample_from_infostate(puzzle.role, random.Random(f"{seed}/{puzzle.id}"))
    start = time.perf_counter()
    played = agent.step(seen)
    seconds = time.perf_counter() - start
    explain = getattr(agent, "explain", None)
    chosen = explain().get("plan") if callable(explain) else None
    return Attempt(puzzle, played, seconds, chosen["name"] if isinstance(chosen, dict) else None)


def summary(attempts: Sequence[Attempt], spec: str, lang: str) -> dict[str, Any]:
    """Solved / total overall and per theme (in the order themes first appear), the seconds per puzzle,
    and each puzzle's move: the JSON of ``ludoteca puzzles --json``."""
    themes: dict[str, dict[str, Any]] = {}
    for a in attempts:
        entry = themes.setdefault(a.puzzle.theme, {"solved": 0, "total": 0, "seconds": 0.0})
        entry["solved"] += a.solved
        entry["total"] += 1
        entry["seconds"] += a.seconds
    for entry in themes.values():
        entry["seconds_per_puzzle"] = round(entry.pop("seconds") / entry["total"], 3)
    total = len(attempts)
    return {
        "agent": spec,
        "solved": sum(a.solved for a in attempts),
        "total": total,
        "blunders": sum(a.blunder for a in attempts),
        "seconds_per_puzzle": round(sum(a.seconds for a in attempts) / total, 3) if total else 0.0,
        "themes": themes,
        "puzzles": [
            {
                "id": a.puzzle.id,
                "theme": a.puzzle.theme,
                "played": a.puzzle.game.actions.format(a.played),
                "plan": a.plan,
                "answers": sorted(a.puzzle.game.actions.format(x) for x in a.puzzle.answers)
                + sorted(PLAN + name for name in a.puzzle.plans),
                "solved": a.solved,
                "blunder": a.blunder,
                "seconds": round(a.seconds, 3),
                "why": a.puzzle.why[lang],
            }
            for a in attempts
        ],
    }
