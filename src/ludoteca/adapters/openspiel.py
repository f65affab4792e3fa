"""Every Ludoteca game as an OpenSpiel Python game (DESIGN §9).

Importing this module registers each game with ``pyspiel`` under ``ludoteca_<id>`` (hyphens become
underscores), its options as the game's parameters::

    import pyspiel
    import ludoteca.adapters.openspiel

    game = pyspiel.load_game(f"ludoteca_{GAME_ID}", {OPTION: VALUE})

The README's section "Research interfaces" has a runnable example.

A loaded game has exactly the players its options seat (`Game.roles_in_play`: a two-player Pax
Porfiriana has two, its solitaire one), as the PettingZoo and Gymnasium adapters: OpenSpiel's player
``p`` is the ``p``-th role in play, and returns, observations and information states are those roles'.

A `pyspiel.State` here wraps a Ludoteca `State` and forwards the OpenSpiel-named calls to it (the names
are the same by design), each player as its role. Chance is explicit and stochastic: chance outcomes are
action ids of the game's action table, so ``max_chance_outcomes`` is the size of that table. Clones go
through `State.clone()` and serialization through the state's JSON.

OpenSpiel's Python ISMCTS determinizes through the state's ``resample_from_infostate``, which here is
the game's; ``bot.set_resampler(resampler(seed))`` makes its search reproducible. `Evaluator` lets
OpenSpiel's MCTS bots cut simulations short with the game's own `State.evaluate()`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from ludoteca.core.game import Game, all_games, get_game
from ludoteca.core.options import Options, OptionSpec
from ludoteca.core.state import State


def short_name(game_id: str) -> str:
    """The OpenSpiel name of a Ludoteca game: ``my-game`` → ``ludoteca_my_game``."""
    return "ludoteca_" + game_id.replace("-", "_")


def _parameter(spec: OptionSpec, value: str) -> str | int:
    """An option value as an OpenSpiel parameter: an int where every listed value is one (OpenSpiel's
    game strings read ``target=10`` as an int), otherwise the string — with ``_`` for ``-`` in a value of
    digits and signs only (``1810-1814`` → ``1810_1814``), which a game string would read as a broken
    int; `_option` reads it back."""
    numeric = all(v.isdigit() for v in (spec.default, *spec.choices)) and not spec.open_ended
    if numeric and value.isdigit():
        return int(value)
    if value and not value.isdigit() and not value.strip("+-0123456789"):
        return value.replace("-", "_")
    return value


def _option(spec: OptionSpec | None, value: Any) -> str:
    """An OpenSpiel parameter as the option value it stands for (the inverse of `_parameter`)."""
    text = str(value)
    if spec is not None and text not in spec.choices:
        return next((c for c in spec.choices if _parameter(spec, c) == text), text)
    return text


def utility_sum(game: Game, seats: int | None = None) -> float | None:
    """What the returns of `seats` players add up to: the game's `returns_sum` when every role is seated
    (None for all of them here); None, general-sum, when some role is not (its return is left out)."""
    return game.returns_sum if seats is None or seats == len(game.roles) else None


def game_type(game: Game, seats: int | None = None) -> pyspiel.GameType:
    """The fixed facts of `game` in OpenSpiel's terms, from its contract; with `seats`, those of a game
    of that many players (the sum of the returns is a fact of every role's)."""
    kind = pyspiel.GameType
    total = utility_sum(game, seats)
    if total is None:
        utility = kind.Utility.GENERAL_SUM
    elif total == 0.0:
        utility = kind.Utility.ZERO_SUM
    else:
        utility = kind.Utility.CONSTANT_SUM
    information = kind.Information.PERFECT_INFORMATION
    if not game.perfect_information:
        information = kind.Information.IMPERFECT_INFORMATION
    return kind(
        short_name=short_name(game.id),
        long_name=f"Ludoteca: {game.title}",
        dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information,
        utility=utility,
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=max(game.player_counts),
        min_num_players=min(game.player_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=True,
        parameter_specification={spec.name: _parameter(spec, spec.default) for spec in game.options},
    )


def game_info(game: Game, seats: int) -> pyspiel.GameInfo:
    """The facts that OpenSpiel asks of a game of `seats` players: sizes, utilities and the longest game."""
    low, high = game.returns_range
    return pyspiel.GameInfo(
        num_distinct_actions=game.num_distinct_actions,
        max_chance_outcomes=game.num_distinct_actions,
        num_players=seats,
        min_utility=low,
        max_utility=high,
        utility_sum=utility_sum(game, seats),
        max_game_length=game.max_moves,
    )


class _Held:
    """The Ludoteca state inside a pyspiel state. OpenSpiel clones a Python state by deep-copying its
    attributes and serializes it by pickling them: here those are `State.clone()` and the state's JSON."""

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.state.clone())

    def __reduce__(self) -> tuple[Callable[[str], _Held], tuple[str]]:
        return _thaw, (json.dumps(self.state.to_json()),)


def _thaw(text: str) -> _Held:
    return _Held(State.from_json(json.loads(text)))


class SpielState(pyspiel.State):  # type: ignore[misc]
    """A Ludoteca state seen through OpenSpiel's `State` API; player ``p`` is the role ``seats[p]``."""

    def __init__(self, spiel_game: pyspiel.Game, state: State, seats: tuple[int, ...]) -> None:
        super().__init__(spiel_game)
        self._held = _Held(state)
        self.seats = seats
        """The roles in play, in the order of OpenSpiel's players."""

    @property
    def ludoteca_state(self) -> State:
        """The wrapped Ludoteca state (the full, true state)."""
        return self._held.state

    def role(self, player: int) -> int:
        """The role that OpenSpiel's `player` plays."""
        if not 0 <= player < len(self.seats):
            raise ValueError(f"player {player} is not in this game; its players are 0..{len(self.seats) - 1}")
        return self.seats[player]

    def seated(self, values: list[float]) -> list[float]:
        """Per-role values (returns, evaluations) as per-player ones."""
        return [values[role] for role in self.seats]

    def current_player(self) -> int:
        role = self._held.state.current_player()
        if role < 0:  # chance, terminal
            return role
        if role not in self.seats:
            game = self._held.state.game
            raise RuntimeError(f"{game.id}: {game.roles[role]} decides but is not in play")
        return self.seats.index(role)

    def _legal_actions(self, player: int) -> list[int]:
        return self._held.state.legal_actions(self.role(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._held.state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self._held.state.apply_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self._held.state.action_to_string(int(action))

    def is_terminal(self) -> bool:
        return self._held.state.is_terminal()

    def returns(self) -> list[float]:
        return self.seated(self._held.state.returns())

    def resample_from_infostate(self, player: int, probability_sampler: Callable[[], float]) -> SpielState:
        """A state consistent with all `player` knows, by the game's `resample_from_infostate`, its
        generator seeded by one draw of OpenSpiel's sampler. (OpenSpiel's C++ does not reach this
        method; its Python ISMCTS does.)"""
        return _resampled(self, self.role(player), random.Random(probability_sampler()))

    def __str__(self) -> str:
        """The whole position, canonical JSON (equal strings, equal positions)."""
        return json.dumps(self._held.state.d, sort_keys=True, separators=(",", ":"))


class Observer:
    """OpenSpiel's Python observer over the contract: the information state is the game's
    `information_state_string(role)` (perfect recall, 32 hex digits: the digest of the readable
    `information_state_json(role)`); the observation, its `observation_tensor(role)`."""

    def __init__(self, game: Game, options: Options, iig_obs_type: Any) -> None:
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not iig_obs_type.public_info:
            raise ValueError(
                f"{game.id}: only a player's own view is offered (public_info=True, "
                f"private_info=SINGLE_PLAYER), not {iig_obs_type}"
            )
        self.tensor: np.ndarray[Any, Any] | None = None
        self.dict: dict[str, np.ndarray[Any, Any]] = {}
        if not iig_obs_type.perfect_recall:
            size = len(game.new_initial_state(options).observation_tensor(0))
            self.tensor = np.zeros(size, np.float32)
            self.dict = {"observation": self.tensor}

    def set_from(self, state: SpielState, player: int) -> None:
        if self.tensor is not None:
            self.tensor[:] = state.ludoteca_state.observation_tensor(state.role(player))

    def string_from(self, state: SpielState, player: int) -> str:
        return state.ludoteca_state.information_state_string(state.role(player))


def _spec(game: Game, name: str) -> OptionSpec | None:
    return next((spec for spec in game.options if spec.name == name), None)


def _game_class(game: Game) -> type[pyspiel.Game]:
    class SpielGame(pyspiel.Game):  # type: ignore[misc]
        __doc__ = f"""{game.title} as an OpenSpiel game; parameters are its options, players the roles they
        seat."""

        def __init__(self, params: Mapping[str, Any] | None = None) -> None:
            options = game.parse_options({k: _option(_spec(game, k), v) for k, v in (params or {}).items()})
            seats = game.roles_in_play(options)
            super().__init__(game_type(game, len(seats)), game_info(game, len(seats)), dict(params or {}))
            self.ludoteca_game = game
            self.options = options
            self.seats = seats
            """The roles in play, in the order of OpenSpiel's players."""
            self._initial = game.new_initial_state(self.options)

        def new_initial_state(self) -> SpielState:
            return SpielState(self, self._initial.clone(), self.seats)

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
            if params:
                raise ValueError(f"{game.id}: observers take no parameters, got {params}")
            return Observer(
                game, self.options, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
            )

    SpielGame.__name__ = SpielGame.__qualname__ = f"SpielGame_{game.id.replace('-', '_')}"
    return SpielGame


_REGISTERED: set[str] = set()


def register(game: Game) -> str:
    """Register `game` with OpenSpiel (once) and return its OpenSpiel name."""
    name = short_name(game.id)
    if name not in _REGISTERED:
        pyspiel.register_game(game_type(game), _game_class(game))
        _REGISTERED.add(name)
    return name


def load(game_id: str, **options: str) -> pyspiel.Game:
    """The OpenSpiel game of a registered Ludoteca game with these options (checked first, so that a bad
    one is named with the allowed values whatever its type)."""
    game = get_game(game_id)
    game.parse_options(options)
    params = {name: _parameter(game.option_spec(name), str(value)) for name, value in options.items()}
    return pyspiel.load_game(register(game), params)


def _resampled(state: SpielState, player: int, rng: random.Random) -> SpielState:
    twin: SpielState = state.clone()
    twin._held = _Held(state.ludoteca_state.resample_from_infostate(player, rng))
    return twin


def resampler(seed: int) -> Callable[[SpielState, int], SpielState]:
    """A callback for ``ISMCTSBot.set_resampler`` that makes its search reproducible: the game's
    `resample_from_infostate` with one generator seeded once (OpenSpiel's own sampler is unseeded)."""
    rng = random.Random(seed)
    return lambda state, player: _resampled(state, player, rng)


class Evaluator(mcts.Evaluator):  # type: ignore[misc]
    """An MCTS evaluator that stops at once and asks the game: `State.evaluate()` (its own heuristic that
    knows the victory conditions, on the scale of the returns); uniform priors, chance by its odds."""

    def evaluate(self, state: SpielState) -> np.ndarray[Any, Any]:
        return np.array(state.seated(state.ludoteca_state.evaluate()), dtype=float)

    def prior(self, state: SpielState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


for _game in all_games():
    register(_game)
