"""The PettingZoo adapter passes PettingZoo's own API and seed tests for every registered game."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test
from pettingzoo.utils.wrappers import TerminateIllegalWrapper

from adapters_support import GAME_IDS
from ludoteca.adapters.pettingzoo import GameEnv, env
from ludoteca.core.errors import IllegalActionError
from ludoteca.core.game import get_game, register
from toygame import RaceGame

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # api_test warns on Dict observations


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_api_test(game_id: str) -> None:
    api_test(env(game_id), num_cycles=300)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_seed_test(game_id: str) -> None:
    seed_test(lambda: env(game_id), num_cycles=300)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_render_test(game_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    title = get_game(game_id).title
    render_test(lambda **kw: env(game_id, **kw), custom_tests={"ansi": lambda text: title in text})
    assert title in capsys.readouterr().out  # human mode prints


def _play(e: GameEnv, seed: int) -> list[tuple[str, bytes, float]]:
    """A whole game, each agent taking its first legal action: what each agent saw and earned."""
    seen = []
    e.reset(seed=seed)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        seen.append((agent, obs["observation"].tobytes(), reward))
        e.step(None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0]))
    return seen


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_chance_follows_the_seed_and_the_rewards_are_the_returns(game_id: str) -> None:
    e = env(game_id)
    assert _play(e, 5) == _play(env(game_id), 5)
    assert any(_play(e, seed) != _play(e, 5) for seed in range(6, 12))
    e.reset(seed=5)
    for agent in e.agent_iter():
        obs, reward, terminated, _, _ = e.last()
        box = e.observation_space(agent)["observation"]
        assert box.contains(obs["observation"]) and (box.low == 0).all() and (box.high == 1).all()
        if terminated:
            assert e.game_state.is_terminal()
            assert reward == e.game_state.returns()[e.game.roles.index(agent)]
            e.step(None)
            continue
        mask = obs["action_mask"]
        assert list(np.flatnonzero(mask)) == e.game_state.legal_actions()
        others = [a for a in e.agents if a != agent]
        assert all(not e.observe(a)["action_mask"].any() for a in others)
        e.step(int(np.flatnonzero(mask)[-1]))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_an_illegal_action_is_refused_by_name_and_changes_nothing(game_id: str) -> None:
    e = env(game_id)
    e.reset(seed=1)
    illegal = int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"] == 0)[0])
    before = e.game_state.digest()
    with pytest.raises(IllegalActionError, match="is not legal now; legal actions"):
        e.step(illegal)
    assert e.game_state.digest() == before
    wrapped = TerminateIllegalWrapper(env(game_id), illegal_reward=-1)
    wrapped.reset(seed=1)
    wrapped.step(illegal)
    assert all(wrapped.terminations.values())


def test_options_and_information_state() -> None:
    e = env("maquis", difficulty="hard")
    assert e.options.as_strings()["difficulty"] == "hard"
    e.reset(seed=2)
    assert e.information_state("resistencia") == e.game_state.information_state_string(0)
    with pytest.raises(ValueError, match="not allowed"):
        env("maquis", difficulty="impossible")
    assert get_game("maquis").num_distinct_actions == e.action_space("resistencia").n


@pytest.fixture
def race(toy: RaceGame) -> None:
    """The core's toy game: two agents, a secret roll, moves not in a fixed cycle."""


def test_a_two_player_game_with_a_secret_passes_too(race: None) -> None:
    api_test(env("race", secret="yes"), num_cycles=300)
    seed_test(lambda: env("race", secret="yes"), num_cycles=300)
    e = env("race", secret="yes")
    seen = _play(e, 3)
    finals = {agent: reward for agent, _, reward in seen[-2:]}
    assert sorted(finals.values()) == [-1.0, 1.0]  # each agent is stepped once more with its return


def test_the_agents_are_the_roles_in_play(toy: RaceGame) -> None:
    class RedAlone(RaceGame):
        id = "race-red-alone"

        def roles_in_play(self, options: Mapping[str, str]) -> tuple[int, ...]:
            return (0,)

    register(RedAlone())
    assert env("race-red-alone").possible_agents == ["red"]
    assert env("race").possible_agents == ["red", "blue"]
