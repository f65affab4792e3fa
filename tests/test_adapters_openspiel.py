"""The OpenSpiel adapter passes OpenSpiel's own checks for every registered game and mode."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from adapters_support import GAME_IDS, MODE_IDS, MODES
from ludoteca.adapters import openspiel as adapter
from ludoteca.core.game import get_game
from toygame import RaceGame


@pytest.mark.slow  # whole games of every mode
@pytest.mark.parametrize(("game_id", "options"), MODES, ids=MODE_IDS)
def test_random_simulation_with_serialization(game_id: str, options: dict[str, str]) -> None:
    """OpenSpiel's RandomSimTest: clones, serialization round trips, legal-action masks, chance
    distributions, observation sizes, returns within the declared utilities and their sum. Two whole
    games in the default mode and one in each other, so that CI stays short with long games (Mar y
    Acero's run to some 1,600 actions); the fuzzer plays many more, with checks of our own."""
    game = adapter.load(game_id, **options)
    pyspiel.random_sim_test(game, num_sims=1 if options else 2, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_game_type_and_info_come_from_the_contract(game_id: str) -> None:
    ours = get_game(game_id)
    game = pyspiel.load_game(adapter.short_name(game_id))
    kind = game.get_type()
    assert kind.short_name == f"ludoteca_{game_id.replace('-', '_')}"
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    perfect = pyspiel.GameType.Information.PERFECT_INFORMATION
    assert (kind.information == perfect) == ours.perfect_information
    assert {k: str(v) for k, v in kind.parameter_specification.items()} == {
        o.name: o.default for o in ours.options
    }
    assert game.num_players() == len(ours.roles_in_play(ours.parse_options({})))
    assert game.num_distinct_actions() == len(ours.actions)
    assert game.max_chance_outcomes() == len(ours.actions)
    assert (game.min_utility(), game.max_utility()) == ours.returns_range
    assert game.max_game_length() == ours.max_moves
    initial = ours.new_initial_state()
    assert game.observation_tensor_size() == len(initial.observation_tensor(0))


SEATED = {
    "pax-porfiriana": {1, 2, 3, 4, 5, 6},  # the solitaire against Díaz, 2–6 Hacendados
    "patria-libre": {1, 2, 3, 4},  # solo, 2–4 leaders
    "mar-y-acero": {1, 2},  # solo (the Nitayno is the rules'), two players
    "maquis": {1},
    "guerra-a-muerte": {2},
}
"""The player counts that the modes of each game seat: every count the game offers is among the modes that
`test_random_simulation_with_serialization` plays through OpenSpiel's own checks."""


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_modes_cover_every_player_count(game_id: str) -> None:
    ours = get_game(game_id)
    counts = {len(ours.roles_in_play(ours.parse_options(o))) for g, o in MODES if g == game_id}
    assert counts == SEATED[game_id]


@pytest.mark.parametrize(("game_id", "options"), MODES, ids=MODE_IDS)
def test_a_game_has_the_players_its_options_seat(game_id: str, options: dict[str, str]) -> None:
    """No phantom players (issue 55): a two-player Pax Porfiriana has two, not six; player ``p`` is the
    ``p``-th role in play, and the returns are theirs alone."""
    ours = get_game(game_id)
    seats = ours.roles_in_play(ours.parse_options(options))
    game = adapter.load(game_id, **options)
    kind = game.get_type()
    assert game.num_players() == len(seats)
    assert kind.min_num_players <= len(seats) <= kind.max_num_players
    if len(seats) < len(ours.roles):  # a role left out: its return no longer adds up with the others
        assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    state, rng = game.new_initial_state(), np.random.RandomState(5)
    for _ in range(40):  # the first decisions: each player's is its role's
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choice(actions, p=probs))
            continue
        player = state.current_player()
        assert 0 <= player < len(seats)
        assert seats[player] == state.ludoteca_state.current_player()
        assert state.legal_actions(player) == state.ludoteca_state.legal_actions(seats[player])
        state.apply_action(rng.choice(state.legal_actions()))
    assert len(state.returns()) == len(seats)


def test_players_map_onto_the_roles_in_play() -> None:
    """A two-player Patria Libre seats Hidalgo and Calleja (roles 0 and 2): OpenSpiel's player 1 is
    Calleja, in what it knows, its returns and the game's evaluation; a player beyond them is refused."""
    game = adapter.load("patria-libre")
    state = game.new_initial_state()
    inner = state.ludoteca_state
    calleja = inner.game.roles.index("calleja")
    assert state.seats == (0, calleja)
    assert state.information_state_string(1) == inner.information_state_string(calleja)
    assert np.allclose(state.observation_tensor(1), inner.observation_tensor(calleja))
    evaluation = inner.evaluate()
    assert list(adapter.Evaluator().evaluate(state)) == [evaluation[0], evaluation[calleja]]
    with pytest.raises(pyspiel.SpielError, match="player < NumPlayers"):
        state.information_state_string(2)
    with pytest.raises(ValueError, match=r"player 2 is not in this game; its players are 0\.\.1"):
        state.role(2)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_observations_are_the_contracts(game_id: str) -> None:
    """At every fifth position of a random game: OpenSpiel's tensor and string are the game's, the
    tensor in [0, 1]."""
    game = adapter.load(game_id)
    state, rng = game.new_initial_state(), np.random.RandomState(3)
    while not state.is_terminal():
        inner = state.ludoteca_state
        for player in range(game.num_players() if inner.move_number() % 5 == 0 else 0):
            role = state.seats[player]
            tensor = np.array(state.observation_tensor(player))
            assert tensor.shape == (game.observation_tensor_size(),)
            assert tensor.min() >= 0.0 and tensor.max() <= 1.0
            assert np.allclose(tensor, inner.observation_tensor(role))
            assert state.information_state_string(player) == inner.information_state_string(role)
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choice(actions, p=probs))
        else:
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game_id", [g for g in GAME_IDS if get_game(g).options])
def test_a_bad_parameter_is_refused_with_the_allowed_values(game_id: str) -> None:
    spec = get_game(game_id).options[0]
    with pytest.raises(ValueError, match="is not allowed") as raised:
        adapter.load(game_id, **{spec.name: "no-such-value"})
    assert spec.allowed() in str(raised.value)


def _bot(game: pyspiel.Game, seed: int) -> pyspiel.Bot:
    """OpenSpiel's MCTS for perfect information, its ISMCTS (with our resampler) otherwise."""
    evaluator = adapter.Evaluator()
    if game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION:
        return mcts.MCTSBot(game, 2.0, 6, evaluator, random_state=np.random.RandomState(seed))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 6, random_state=np.random.RandomState(seed))
    bot.set_resampler(adapter.resampler(seed))
    return bot


def _play(game: pyspiel.Game, bots: list[pyspiel.Bot], seed: int) -> list[float]:
    """A whole game, chance drawn by its odds, each player's move chosen by its bot."""
    state, rng = game.new_initial_state(), np.random.RandomState(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choice(actions, p=probs))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return list(state.returns())


WHOLE_GAME = {"guerra-a-muerte": {"scenario": "1815-1818"}}
"""Options for the whole game a search bot plays, where the default is very long: Guerra a Muerte's campaign
is some 3,000 decisions (hours of CI for ISMCTS), a short scenario some 600."""


@pytest.mark.slow  # a whole game searched at every decision
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_an_openspiel_search_bot_plays_a_whole_game(game_id: str) -> None:
    game = adapter.load(game_id, **WHOLE_GAME.get(game_id, {}))
    bots = [_bot(game, seed) for seed in range(game.num_players())]
    returns = _play(game, bots, 0)
    low, high = get_game(game_id).returns_range
    assert len(returns) == game.num_players() and all(low <= r <= high for r in returns)


@pytest.mark.slow  # a whole game searched at every decision
def test_mcts_with_random_rollouts_also_plays_maquis() -> None:
    game = adapter.load("maquis", difficulty="very-easy")
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bot = mcts.MCTSBot(game, 2.0, 8, evaluator, random_state=np.random.RandomState(2))
    returns = _play(game, [bot], 3)
    assert returns[0] in (-1.0, 1.0)


@pytest.fixture
def race(toy: RaceGame) -> pyspiel.Game:
    """The core's toy game, with a secret roll: two players, zero-sum, imperfect information."""
    adapter.register(toy)
    return adapter.load("race", secret="yes")


def test_an_imperfect_information_zero_sum_game_passes_too(race: pyspiel.Game) -> None:
    kind = race.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM and race.utility_sum() == 0.0
    pyspiel.random_sim_test(race, num_sims=5, serialize=True, verbose=False)


def test_ismcts_plays_with_the_resampler_hiding_what_it_must(race: pyspiel.Game) -> None:
    state = race.new_initial_state()
    state.apply_action(state.legal_actions()[0])  # red's secret roll
    sampled = {
        adapter.resampler(seed)(state, 1).ludoteca_state.d["roll"] for seed in range(30)
    }  # blue may not know it
    assert len(sampled) == 3
    assert adapter.resampler(0)(state, 0).ludoteca_state.d["roll"] == state.ludoteca_state.d["roll"]
    bots = [_bot(race, seed) for seed in range(2)]
    assert sorted(_play(race, bots, 0)) == [-1.0, 1.0]


def test_ismcts_needs_no_resampler_of_ours(race: pyspiel.Game) -> None:
    """The state's own `resample_from_infostate` serves OpenSpiel's ISMCTS as it comes."""
    state = race.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    rolls = {state.resample_from_infostate(1, sampler).ludoteca_state.d["roll"] for _ in range(30)}
    assert len(rolls) == 3
    bots = [ismcts.ISMCTSBot(race, adapter.Evaluator(), 2.0, 12) for _ in range(2)]
    assert sorted(_play(race, bots, 1)) == [-1.0, 1.0]
