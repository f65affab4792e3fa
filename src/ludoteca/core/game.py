"""The game contract's registry side: a `Game` describes one game and creates its states (DESIGN §2)."""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from ludoteca.core.errors import BadOptionError, IllegalActionError, UnknownGameError
from ludoteca.core.i18n import Catalog

if TYPE_CHECKING:
    from ludoteca.core.state import State

CHANCE = -1
"""`current_player()` at a chance node (OpenSpiel's kChancePlayerId)."""

TERMINAL = -4
"""`current_player()` once the game is over (OpenSpiel's kTerminalPlayerId)."""


@dataclass(frozen=True)
class OptionSpec:
    """One game option: its name, default and the values it allows.

    `pattern_help` documents values accepted beyond `choices` (validated by `Game.check_option`).
    """

    name: str
    default: str
    choices: tuple[str, ...]
    help_key: str
    open_ended: bool = False
    pattern_help: str = ""

    def allowed(self) -> str:
        """The allowed values, ``a|b|c``."""
        return "|".join((*self.choices, self.pattern_help) if self.pattern_help else self.choices)

    def describe(self) -> str:
        return f"{self.name}={self.allowed()} (default {self.default})"


@dataclass(frozen=True)
class ActionTable:
    """The finite, stable action space of a game: action id ↔ notation (DESIGN §4)."""

    names: tuple[str, ...]
    ids: Mapping[str, int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        ids = {name: i for i, name in enumerate(self.names)}
        if len(ids) != len(self.names):
            raise ValueError("duplicate notation in action table")
        object.__setattr__(self, "ids", ids)

    def __len__(self) -> int:
        return len(self.names)

    def format(self, action: int) -> str:
        """The notation of an action id."""
        if not 0 <= action < len(self.names):
            raise IllegalActionError(f"action {action} is outside 0..{len(self.names) - 1}")
        return self.names[action]

    def parse(self, text: str) -> int:
        """The action id of a notation; whitespace and case are normalised."""
        key = " ".join(text.strip().lower().split())
        try:
            return self.ids[key]
        except KeyError:
            raise IllegalActionError(
                f"unknown notation {text!r}", "error.unknown_notation", text=text
            ) from None


class Game:
    """Base class of every game. A subclass sets the class attributes and `state_class`."""

    id: ClassVar[str]
    title: ClassVar[str]
    roles: ClassVar[tuple[str, ...]]
    player_counts: ClassVar[tuple[int, ...]]
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    rulebook: ClassVar[str]
    actions: ClassVar[ActionTable]
    catalog: ClassVar[Catalog]
    rules_version: ClassVar[str] = "1"
    """Changes whenever a rules change alters positions, so an older record's mismatch can be explained."""
    max_moves: ClassVar[int] = 10_000
    """An upper bound on the actions of one game, chance included (the fuzzer checks it)."""
    returns_range: ClassVar[tuple[float, float]] = (-1.0, 1.0)
    """The least and the greatest value `returns()` can give a role (research adapters declare it, and
    their conformance tests check it)."""
    returns_sum: ClassVar[float | None] = None
    """What `returns()` adds up to at every end of the game when that sum is constant (0.0: zero-sum);
    None when it varies (general-sum)."""
    perfect_information: ClassVar[bool] = False
    """Whether every role always knows the whole stored state (chance may still hide what comes next)."""
    solo_opponents: ClassVar[dict[str, str]] = {}
    """The rulebook's solo opponents, by the names a player may try as an agent (DESIGN §8 names a `nitayno`
    agent), with the options that bring them in: they are part of the rules, so they come with the game's
    options (issue 3), and `make_agent` answers such a spec with those options."""
    search_scale: ClassVar[int] = 1
    """How many times the `ismcts` levels' iteration budgets this game's decisions need: a game that splits a
    turn into many small decisions (Mar y Acero moves piece by piece) gives each one more iterations, so
    that a level means a comparable strength in every game (the time caps do not change)."""
    search_depth: ClassVar[int | None] = None
    """The rollout depth of the `ismcts` levels on this game, if not each level's own: a game whose
    evaluation already reads the outcome off the position (Mar y Acero's expected final tally) gains only
    noise from random actions played before it."""
    search_norm: ClassVar[float | None] = None
    """If set, the `ismcts` levels on this game rescale each player's values to the range seen in the tree
    (`Budget.norm`) and explore with this constant: for a game whose evaluation is often close to a win or
    a loss, where the moves differ by less than the exploration term on the raw scale."""
    search_open_chance: ClassVar[bool] = False
    """If true, the `ismcts` levels on this game search open-loop chance (`Budget.open_chance`): for a game
    of many dice, where a tree that branched on every die would stop most iterations at a new face."""

    @property
    def num_distinct_actions(self) -> int:
        return len(self.actions)

    @property
    def num_players(self) -> int:
        return len(self.roles)

    def option_spec(self, name: str) -> OptionSpec:
        for spec in self.options:
            if spec.name == name:
                return spec
        known = ", ".join(o.name for o in self.options) or "none"
        raise BadOptionError(
            f"{self.id}: unknown option {name!r}; options are: {known}",
            "error.unknown_option",
            game=self.id,
            name=name,
            known=known,
        )

    def check_option(self, spec: OptionSpec, value: str) -> bool:
        """Whether an open-ended option value outside `choices` is acceptable. Games override."""
        return False

    def normalize_options(self, options: Mapping[str, str] | None = None) -> dict[str, str]:
        """Every option with its value, defaults filled in; raises `BadOptionError` on a bad one."""
        given = dict(options or {})
        result: dict[str, str] = {}
        for spec in self.options:
            value = str(given.pop(spec.name, spec.default)).strip().lower()
            if value not in spec.choices and not (spec.open_ended and self.check_option(spec, value)):
                raise BadOptionError(
                    f"{self.id}: option {spec.name}={value!r} is not allowed; use {spec.describe()}",
                    "error.bad_option",
                    game=self.id,
                    name=spec.name,
                    value=value,
                    allowed=spec.allowed(),
                    default=spec.default,
                )
            result[spec.name] = value
        if given:
            self.option_spec(next(iter(given)))  # raises, naming the known options
        return result

    def role_index(self, role: str | int) -> int:
        """A role index from a role id or an index; raises on an unknown role."""
        if isinstance(role, int) and 0 <= role < len(self.roles):
            return role
        if isinstance(role, str):
            if role in self.roles:
                return self.roles.index(role)
            if role.isdigit() and int(role) < len(self.roles):
                return int(role)
        roles = ", ".join(self.roles)
        raise BadOptionError(
            f"{self.id}: unknown role {role!r}; roles are: {roles}",
            "error.unknown_role",
            game=self.id,
            role=role,
            roles=roles,
        )

    def new_initial_state(self, options: Mapping[str, str] | None = None) -> State:
        raise NotImplementedError

    def roles_in_play(self, options: Mapping[str, str]) -> tuple[int, ...]:
        """The roles that take part with these (normalized) options; interfaces seat only these. A game
        whose player count is an option (roles left out with fewer players) overrides it."""
        return tuple(range(len(self.roles)))

    def guided_action(self, state: State, rng: random.Random) -> int | None:
        """A cheap heuristic move that lets the fuzzer reach positions random play never does (deep in
        the game, missions done); None means the game offers no guide and play stays uniform."""
        return None

    def data_provenance(self) -> dict[str, int]:
        """How many component data items come from each kind of source (DESIGN §6)."""
        return {}

    def rules_reference(self, lang: str) -> str:
        """The game's rules reference in our own words (Markdown), sectioned like the rulebook."""
        return ""


_REGISTRY: dict[str, Game] = {}
GAME_MODULES: tuple[str, ...] = ("maquis", "mar_y_acero", "patria_libre")


def register(game: Game) -> Game:
    """Add a game to the registry; a game module calls this once at import."""
    _REGISTRY[game.id] = game
    return game


def _load_all() -> None:
    for name in GAME_MODULES:
        importlib.import_module(f"ludoteca.games.{name}")


def all_games() -> Iterable[Game]:
    """Every registered game, in a stable order."""
    _load_all()
    return [_REGISTRY[k] for k in sorted(_REGISTRY)]


def get_game(game_id: str) -> Game:
    """The registered game with this id; raises `UnknownGameError` naming the known ids."""
    _load_all()
    try:
        return _REGISTRY[game_id]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY))
        raise UnknownGameError(
            f"unknown game {game_id!r}; games are: {known}", "error.unknown_game", game=game_id, known=known
        ) from None
