"""The game contract's registry side: a `Game` describes one game and creates its states (DESIGN §2)."""

from __future__ import annotations

import importlib
import pkgutil
import random
import sys
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from ludoteca.core import data
from ludoteca.core.errors import (
    BadOptionError,
    IllegalActionError,
    LudotecaError,
    UnknownGameError,
)
from ludoteca.core.i18n import Catalog
from ludoteca.core.options import Options, OptionSpec

if TYPE_CHECKING:
    from ludoteca.core.plans import Planner
    from ludoteca.core.state import State

CHANCE = -1
"""`current_player()` at a chance node (OpenSpiel's kChancePlayerId)."""

TERMINAL = -4
"""`current_player()` once the game is over (OpenSpiel's kTerminalPlayerId)."""


@dataclass(frozen=True)
class SearchHints:
    """What a game tells the `ismcts` levels about itself, as one value (`Game.search`)."""

    scale: int = 1
    """How many times the levels' iteration budgets this game's decisions need: a game that splits a turn
    into many small decisions (Mar y Acero moves piece by piece) gives each one more iterations, so that a
    level means a comparable strength in every game (the time caps do not change)."""
    depth: int | None = None
    """The rollout depth of the levels on this game, if not each level's own: a game whose evaluation
    already reads the outcome off the position gains only noise from random actions played before it."""
    norm: float | None = None
    """If set, the levels rescale each player's values to the range seen in the tree (`Budget.norm`) and
    explore with this constant: for a game whose evaluation is often close to a win or a loss."""
    open_chance: bool = False
    """If true, the levels search open-loop chance (`Budget.open_chance`): for a game of many dice, where a
    tree that branched on every die would stop most iterations at a new face."""
    prior: int = 0
    """Extra visits the evaluation of a new move counts for (`Budget.prior`): for a game searched with no
    rollout whose evaluation already weighs the chance to come."""
    best_follow: bool = False
    """If true, the levels value a move followed by the same player's next decision by that decision's best
    move (`Budget.best_follow`): for a game whose moves open optional choices, most of them bad."""
    iters: Mapping[str, int] = field(default_factory=dict)
    """A level's iterations on this game where the game sets them itself, instead of the level's budget
    times `scale`: for a game where one level gains from more thinking and another does not (Maquis:
    `normal` wins more with 300 iterations than with 120, `hard` no more with 1,200 than with 600)."""


@dataclass(frozen=True)
class FuzzPlan:
    """What the cross-game fuzz test (`tests/test_fuzz_games.py`, DESIGN §10) plays of a game (`Game.fuzz`):
    it finds every registered game and plays each mode here, so a new game edits nothing but itself."""

    modes: tuple[Mapping[str, str], ...] = ({},)
    """The option sets it fuzzes, one test each: every set that reaches rules the others do not (each
    difficulty, player count, solo opponent, scenario)."""
    cost: int = 1
    """What one game costs against a game of Maquis (some 150 actions): each mode plays the fuzz count
    (`LUDOTECA_FUZZ_GAMES`, Maquis games a mode: 60 in CI, 3,000 with `make fuzz`) divided by it, at least
    one game."""
    long_modes: tuple[Mapping[str, str], ...] = ()
    """Modes whose games cost several times `cost`: played only when the count gives every mode two games
    or more (`make fuzz`, not CI)."""

    def games(self, count: int) -> int:
        """The games a mode plays when the fuzz count is `count`."""
        return max(1, count // self.cost)

    def planned(self, count: int) -> tuple[Mapping[str, str], ...]:
        """The modes played when the fuzz count is `count`."""
        return self.modes + (self.long_modes if count // self.cost >= 2 else ())


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

    def verb(self, action: int) -> str:
        """The first word of an action's notation: ``place`` in ``place cafe``."""
        return self.names[action].partition(" ")[0]

    def target(self, action: int) -> str:
        """The words after the verb of an action's notation: ``cafe`` in ``place cafe``."""
        return self.names[action].partition(" ")[2]

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
    """Base class of every game: what the core and every interface know of it (DESIGN §2). A game package
    subclasses it, sets the class attributes and registers one instance (`register`); every hook below has
    a default, so a game overrides only what it has."""

    id: ClassVar[str]
    title: ClassVar[str]
    roles: ClassVar[tuple[str, ...]]
    player_counts: ClassVar[tuple[int, ...]]
    options_type: ClassVar[type[Options]] = Options
    """The game's options as one frozen, typed value (`core.options`)."""
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
    solo_opponents: ClassVar[Mapping[str, str]] = {}
    """The rulebook's solo opponents, by the names a player may try as an agent (DESIGN §8 names a `nitayno`
    agent), with the options that bring them in: they are part of the rules, so they come with the game's
    options (issue 3), and `make_agent` answers such a spec with those options."""
    agents: ClassVar[Mapping[str, Callable[..., Any]]] = {}
    """The game's own agent kinds beside the general ones (`ai.agents`), by spec name: each a factory
    ``(game, role, seed, params) -> Agent``."""
    search: ClassVar[SearchHints] = SearchHints()
    """What the search AI's levels should know of this game (`SearchHints`)."""
    fuzz: ClassVar[FuzzPlan] = FuzzPlan()
    """The modes the cross-game fuzz test plays of this game, and what a game of it costs (`FuzzPlan`)."""
    planner: ClassVar[Planner | None] = None
    """The game's plans for the search AI, if it has any (`core.plans`): decisions as a commander makes
    them, weighed by the search instead of the actions where the game offers them."""

    @property
    def options(self) -> tuple[OptionSpec, ...]:
        """The options as interfaces list them."""
        return self.options_type.specs()

    @property
    def num_distinct_actions(self) -> int:
        return len(self.actions)

    @property
    def num_players(self) -> int:
        return len(self.roles)

    @property
    def package_dir(self) -> Path:
        """The folder of the game's package: its data, messages, rules reference and drawings."""
        return Path(sys.modules[type(self).__module__].__file__ or ".").parent

    @property
    def learned_weights(self) -> Path:
        """Where the game's learned evaluation is shipped (`ludoteca train GAME` writes it; `core.learned`
        reads it): ``evaluation.learned.toml`` in its package, beside the evaluation it learns from."""
        return self.package_dir / "evaluation.learned.toml"

    def option_spec(self, name: str) -> OptionSpec:
        """The option called `name`; raises `BadOptionError` naming the known options."""
        return self.options_type.spec(name)

    def parse_options(self, given: Mapping[str, str] | Options | None = None) -> Options:
        """The typed options from what a person gave (strings, defaults filled in); raises
        `BadOptionError` on a bad one. Interfaces call it once and pass the value on."""
        return self.options_type.parse(given)

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

    def new_initial_state(self, options: Mapping[str, str] | Options | None = None) -> State[Any]:
        raise NotImplementedError

    def roles_in_play(self, options: Options) -> tuple[int, ...]:
        """The roles that take part with these options; interfaces seat only these. A game whose player
        count is an option (roles left out with fewer players) overrides it."""
        return tuple(range(len(self.roles)))

    def guided_action(self, state: State, rng: random.Random) -> int | None:
        """A cheap heuristic move that lets the fuzzer reach positions random play never does (deep in
        the game, missions done); None means the game offers no guide and play stays uniform."""
        return None

    def data_provenance(self) -> dict[str, int]:
        """How many component data items come from each kind of source (DESIGN §6)."""
        return {}

    def rules_reference(self, lang: str) -> str:
        """The game's rules reference in our own words (Markdown), sectioned like the rulebook:
        ``rules.<lang>.md`` in the package, Spanish where the language has none."""
        for name in (f"rules.{lang}.md", "rules.es.md"):
            path = self.package_dir / name
            if path.exists():
                return path.read_text("utf-8")
        return ""

    def data_dir(self) -> Path:
        """The folder of the data the game plays with: its package's ``data/``, or the owner's copy chosen
        before it loaded (`core.data`, DESIGN §6)."""
        return data.in_use(self.id)

    def data_digest(self) -> str:
        """The hash of the data the game plays with, which records carry (`core.data.digest`)."""
        return data.digest_in_use(self.id)

    def component_data(self) -> dict[str, Any]:
        """The public component data the browser draws from (board graph, layout, cards — never a
        position), keyed by file name: every data file the game plays with (`data_dir`)."""
        return {p.stem: tomllib.loads(p.read_text("utf-8")) for p in data.data_files(self.data_dir())}

    def board_script(self) -> str | None:
        """The browser's drawing of the board, a JavaScript module (``web/board.js`` in the package) that
        the server sends to the pages; None: the pages draw the generic board."""
        path = self.package_dir / "web" / "board.js"
        return path.read_text("utf-8") if path.exists() else None

    def terminal_renderer(self) -> Callable[[dict[str, Any], str], Any] | None:
        """The terminal's drawing of a view, ``render(view, lang)`` returning a Rich renderable; None: the
        terminal shows the generic view."""
        return None


_REGISTRY: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add a game to the registry: the one line a game package runs at import (``GAME = register(...)``)."""
    if "game_id" not in vars(game.options_type):  # the first game to use an options class names it
        game.options_type.game_id = game.id
    _REGISTRY[game.id] = game
    return game


_discovered = False


def _load_all() -> None:
    """Import every package under `ludoteca.games` once: each registers its game. The core names none."""
    global _discovered
    if _discovered:
        return
    _discovered = True
    import ludoteca.games as games

    for module in pkgutil.iter_modules(games.__path__):
        if not module.ispkg:
            continue
        game_id = module.name.replace("_", "-")
        if data.is_shipped(game_id):
            importlib.import_module(f"{games.__name__}.{module.name}")
            continue
        try:  # an owner's data (core.data): its loader's refusal names the folder, never a traceback
            importlib.import_module(f"{games.__name__}.{module.name}")
        except Exception as exc:  # the loaders raise what they check with (assert, ValueError, ...)
            folder = data.in_use(game_id)
            for name in [m for m in sys.modules if m.startswith(f"{games.__name__}.{module.name}")]:
                del sys.modules[name]
            why = exc if isinstance(exc, LudotecaError) else str(exc) or type(exc).__name__
            raise data.data_error("data_refused", folder=str(folder), game=game_id, reason=why) from None


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
