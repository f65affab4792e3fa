"""The Gymnasium adapter passes Gymnasium's `check_env` for every registered game and role."""

from __future__ import annotations

from collections.abc import Mapping

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from adapters_support import GAMES, MODES
from ludoteca.adapters.gymnasium import GameEnv, env_id, make
from ludoteca.core.errors import BadOptionError, IllegalActionError
from ludoteca.core.game import get_game, register
from toygame import RaceGame

ROLES = [(g.id, g.roles[r]) for g in GAMES for r in g.roles_in_play(g.parse_options())]
SEATS = [
    (game_id, options, get_game(game_id).roles[r])
    for game_id, options in MODES
    for r in get_game(game_id).roles_in_play(get_game(game_id).parse_options(options))
]


@pytest.mark.filterwarnings("ignore:.*render fps")
@pytest.mark.parametrize(
    ("game_id", "options", "role"),
    SEATS,
    ids=[f"{g}-{'-'.join(o.values()) or 'default'}-{r}" for g, o, r in SEATS],
)
def test_check_env(game_id: str, options: dict[str, str], role: str) -> None:
    """Every role in play in every mode (the fixed agents play the others, or the game itself)."""
    check_env(make(game_id, role=role, **options).unwrapped)
    check_env(gymnasium.make(env_id(game_id), role=role, render_mode="ansi", **options).unwrapped)


def _episode(e: gymnasium.Env, seed: int) -> tuple[float, int, bool]:
    """Play the first legal action until the end: the last reward, the steps, and the end."""
    _, info = e.reset(seed=seed)
    steps, terminated, reward = 0, False, 0.0
    while not terminated:
        obs, reward, terminated, truncated, info = e.step(int(np.flatnonzero(info["action_mask"])[0]))
        assert not truncated and e.observation_space.contains(obs)
        steps += 1
    return float(reward), steps, not info["action_mask"].any()


@pytest.mark.parametrize(("game_id", "role"), ROLES, ids=[f"{g}-{r}" for g, r in ROLES])
def test_an_episode_ends_with_the_roles_return(game_id: str, role: str) -> None:
    e = make(game_id, role=role)
    reward, steps, no_legal_action_left = _episode(e, seed=4)
    state = e.unwrapped.game_state
    assert state.is_terminal() and no_legal_action_left and steps > 0
    assert reward == state.returns()[state.game.role_index(role)]
    with pytest.raises(RuntimeError, match="the episode is over; call reset"):
        e.unwrapped.step(0)


@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_an_illegal_action_loses_or_raises_as_asked(game_id: str) -> None:
    e = make(game_id)
    _, info = e.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = e.unwrapped.game_state.digest()
    _, reward, terminated, truncated, info = e.step(illegal)
    assert (reward, terminated, truncated) == (e.unwrapped.game.returns_range[0], True, False)
    assert "is not legal now; legal actions" in info["illegal_action"]
    assert e.unwrapped.game_state.digest() == before
    strict = make(game_id, illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalActionError, match="is not legal now"):
        strict.step(illegal)
    assert strict.unwrapped.game_state.digest() == before
    with pytest.raises(BadOptionError, match="lose, raise"):
        GameEnv(game_id, illegal="ignore")


def test_fixed_opponents_play_the_other_seats(toy: RaceGame) -> None:
    e = GameEnv("race", role="blue", opponents="random", secret="yes")
    rewards = {_episode(e, seed)[0] for seed in range(20)}
    assert rewards == {-1.0, 1.0}  # blue against a random red wins some and loses some
    e = GameEnv("race", role="blue", opponents={"red": "random"})
    e.reset(seed=0)
    assert e.game_state.current_player() == 1  # red's turn and the chance were played for us
    with pytest.raises(BadOptionError, match="opponents must name exactly the roles"):
        GameEnv("race", role="blue", opponents={"blue": "random"})
    with pytest.raises(BadOptionError, match="unknown agent"):
        GameEnv("race", opponents="grandmaster").reset(seed=0)


def test_only_a_role_in_play_can_learn_and_only_those_are_opponents(toy: RaceGame) -> None:
    class RedAlone(RaceGame):
        id = "race-red-alone"

        def roles_in_play(self, options: Mapping[str, str]) -> tuple[int, ...]:
            return (0,)

    register(RedAlone())
    with pytest.raises(BadOptionError, match="blue takes no part with these options; roles in play: red"):
        GameEnv("race-red-alone", role="blue")
    assert GameEnv("race-red-alone").specs == {}
    assert GameEnv("race").specs == {"blue": "random"}
