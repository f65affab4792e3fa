"""The vector environment (`ludoteca.adapters.vector`) is Gymnasium's own `SyncVectorEnv` over the
Gymnasium adapter's `GameEnv`, step by step, for every game and mode, only with NumPy buffers: the same
observations, masks, rewards, autoresets and infos from the same seeds and actions."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode, SyncVectorEnv
from gymnasium.vector.utils import batch_space
from gymnasium.wrappers.vector import RecordEpisodeStatistics

from adapters_support import GAME_IDS, MODE_IDS, MODES
from ludoteca.adapters.gymnasium import GameEnv, env_id
from ludoteca.adapters.vector import VectorGameEnv
from ludoteca.core.errors import BadOptionError, IllegalActionError


def random_legal(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal action per row (0 for a row without any: an ended episode)."""
    keys = rng.random(masks.shape)
    keys[masks == 0] = -1.0
    return keys.argmax(axis=1)


def first_illegal(mask_row: np.ndarray) -> int:
    return int(np.flatnonzero(mask_row == 0)[0])


def assert_infos_equal(ours: dict[str, Any], theirs: dict[str, Any]) -> None:
    assert set(ours) == set(theirs)
    for key, value in ours.items():
        if isinstance(value, dict):
            assert_infos_equal(value, theirs[key])
        elif value.dtype == object:  # final_obs: one array (or None) per sub-environment
            for mine, reference in zip(value, theirs[key], strict=True):
                assert (mine is None and reference is None) or np.array_equal(mine, reference), key
        else:
            assert value.dtype == theirs[key].dtype and np.array_equal(value, theirs[key]), key


def run_beside_sync(
    game_id: str, options: dict[str, str], mode: AutoresetMode, steps: int, num_envs: int = 3
) -> int:
    """Step ours and `SyncVectorEnv` with the same random legal actions (and now and then one illegal
    action, which ends that episode); assert everything equal at every step; return the episodes ended."""
    ours = VectorGameEnv(game_id, num_envs=num_envs, autoreset_mode=mode, **options)
    copies = [lambda: GameEnv(game_id, **options) for _ in range(num_envs)]
    theirs = SyncVectorEnv(copies, autoreset_mode=mode)
    observations, info = ours.reset(seed=11)
    reference, reference_info = theirs.reset(seed=11)
    assert np.array_equal(observations, reference)
    assert_infos_equal(info, reference_info)
    rng, ended = np.random.default_rng(5), 0
    for step in range(steps):
        actions = random_legal(info["action_mask"], rng)
        if step % 17 == 7 and info["action_mask"][step % num_envs].any():
            actions[step % num_envs] = first_illegal(info["action_mask"][step % num_envs])
        *results, info = ours.step(actions)
        *expected, reference_info = theirs.step(actions)
        for mine, reference in zip(results, expected, strict=True):
            assert mine.dtype == reference.dtype and np.array_equal(mine, reference), step
        assert_infos_equal(info, reference_info)
        ended += int(results[2].sum())
    return ended


@pytest.mark.parametrize(("game_id", "options"), MODES, ids=MODE_IDS)
def test_every_mode_steps_as_sync_vector_env_with_next_step_autoreset(
    game_id: str, options: dict[str, str]
) -> None:
    assert run_beside_sync(game_id, options, AutoresetMode.NEXT_STEP, steps=120) >= 6


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_steps_as_sync_vector_env_with_same_step_autoreset(game_id: str) -> None:
    assert run_beside_sync(game_id, {}, AutoresetMode.SAME_STEP, steps=120) >= 6


def test_whole_games_end_and_reset_as_sync_vector_env() -> None:
    """Maquis is short: whole games end by their rules (not only by illegal actions) in both modes."""
    for mode in (AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP):
        assert run_beside_sync("maquis", {}, mode, steps=300, num_envs=4) > 20


@pytest.mark.parametrize(("game_id", "options"), MODES, ids=MODE_IDS)
def test_shapes_dtypes_spaces_and_masks(game_id: str, options: dict[str, str]) -> None:
    envs = VectorGameEnv(game_id, num_envs=4, autoreset_mode="SameStep", **options)
    single = GameEnv(game_id, **options)
    assert envs.single_observation_space == single.observation_space
    assert envs.single_action_space == single.action_space
    assert envs.observation_space == batch_space(single.observation_space, 4)
    assert envs.action_space == batch_space(single.action_space, 4)
    observations, info = envs.reset(seed=3)
    rng = np.random.default_rng(0)
    for _ in range(5):
        masks = info["action_mask"]
        assert observations.shape == (4, *single.observation_space.shape)
        assert observations.dtype == np.float32
        assert envs.observation_space.contains(observations)
        assert masks.shape == (4, single.action_space.n) and masks.dtype == np.int8
        for index, state in enumerate(envs.game_states):
            assert np.flatnonzero(masks[index]).tolist() == sorted(state.legal_actions(envs.role))
            assert observations[index].tolist() == pytest.approx(state.observation_tensor(envs.role))
        assert np.array_equal(envs.action_masks(), masks)
        actions = random_legal(masks, rng)
        assert envs.action_space.contains(actions.astype(np.int64))
        observations, rewards, terminated, truncated, info = envs.step(actions)
        assert rewards.shape == terminated.shape == truncated.shape == (4,)
        assert (rewards.dtype, terminated.dtype, truncated.dtype) == (np.float64, np.bool_, np.bool_)


def test_gymnasium_make_vec_finds_it() -> None:
    envs = gymnasium.make_vec(env_id("maquis"), num_envs=5, difficulty="easy", autoreset_mode="SameStep")
    assert isinstance(envs, VectorGameEnv) and envs.num_envs == 5
    assert envs.options.as_strings()["difficulty"] == "easy"
    assert envs.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP


def test_the_same_seed_gives_the_same_trajectory() -> None:
    def trajectory(seed: Any) -> list[np.ndarray]:
        envs = VectorGameEnv("patria-libre", num_envs=3, copy=True, players="3")
        observations, info = envs.reset(seed=seed)
        rng, seen = np.random.default_rng(1), [observations]
        for _ in range(40):
            observations, _, _, _, info = envs.step(random_legal(info["action_mask"], rng))
            seen.append(observations)
        return seen

    first = trajectory(8)
    assert all(np.array_equal(a, b) for a, b in zip(first, trajectory(8), strict=True))
    assert all(np.array_equal(a, b) for a, b in zip(first, trajectory([8, 9, 10]), strict=True))
    assert all(np.array_equal(a, b) for a, b in zip(first, trajectory(np.int64(8)), strict=True))
    assert not all(np.array_equal(a, b) for a, b in zip(first, trajectory(9), strict=True))


def test_the_observation_buffer_is_reused_unless_copy_is_asked() -> None:
    envs = VectorGameEnv("maquis", num_envs=2)
    first, info = envs.reset(seed=0)
    second, *_ = envs.step(random_legal(info["action_mask"], np.random.default_rng(0)))
    assert second is first
    envs = VectorGameEnv("maquis", num_envs=2, copy=True)
    first, info = envs.reset(seed=0)
    kept = first.copy()
    second, *_ = envs.step(random_legal(info["action_mask"], np.random.default_rng(0)))
    assert not np.shares_memory(first, second) and np.array_equal(first, kept)


def test_next_step_autoreset_ignores_the_action_after_the_end() -> None:
    envs = VectorGameEnv("maquis", num_envs=2)
    _, info = envs.reset(seed=2)
    rng = np.random.default_rng(2)
    terminated = np.zeros(2, dtype=bool)
    while not terminated[0]:
        _, rewards, terminated, _, info = envs.step(random_legal(info["action_mask"], rng))
    assert envs.game_states[0].is_terminal() and not info["action_mask"][0].any()
    assert rewards[0] == envs.game_states[0].returns()[0]
    actions = random_legal(info["action_mask"], rng)
    actions[0] = 12345  # ignored: the sub-environment resets
    _, rewards, terminated, _, info = envs.step(actions)
    assert not envs.game_states[0].is_terminal() and info["action_mask"][0].any()
    assert rewards[0] == 0.0 and not terminated[0]


def test_same_step_autoreset_reports_the_final_observation() -> None:
    envs = VectorGameEnv("maquis", num_envs=3, autoreset_mode="SameStep")
    observations, info = envs.reset(seed=4)
    rng, finals = np.random.default_rng(4), 0
    for _ in range(200):
        assert info["action_mask"].any(axis=1).all()  # every row always has a legal action
        observations, _, terminated, _, info = envs.step(random_legal(info["action_mask"], rng))
        for index in np.flatnonzero(terminated):
            assert info["_final_obs"][index] and info["final_obs"][index].shape == observations[index].shape
            assert not info["final_info"]["action_mask"][index].any()
            finals += 1
    assert finals > 5


def test_disabled_autoreset_resets_by_mask_only() -> None:
    envs = VectorGameEnv("maquis", num_envs=3, autoreset_mode="Disabled")
    _, info = envs.reset(seed=6)
    rng = np.random.default_rng(6)
    terminated = np.zeros(3, dtype=bool)
    while not terminated.any():
        _, _, terminated, _, info = envs.step(random_legal(info["action_mask"], rng))
    with pytest.raises(RuntimeError, match=r"are over; reset them with reset\(options="):
        envs.step(random_legal(info["action_mask"], rng))
    others = [state.digest() for state in envs.game_states]
    _, info = envs.reset(options={"reset_mask": terminated})
    assert info["_action_mask"].tolist() == terminated.tolist()
    for index, state in enumerate(envs.game_states):
        assert (state.digest() == others[index]) != terminated[index]
    envs.step(random_legal(info["action_mask"], rng))
    with pytest.raises(ValueError, match="reset_mask"):
        envs.reset(options={"reset_mask": np.zeros(3, dtype=bool)})


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_an_illegal_action_raises_and_nothing_moves(game_id: str) -> None:
    envs = VectorGameEnv(game_id, num_envs=3, illegal="raise")
    observations, info = envs.reset(seed=1)
    before = ([state.digest() for state in envs.game_states], observations.copy(), info["action_mask"].copy())
    actions = random_legal(info["action_mask"], np.random.default_rng(1))
    for wrong in (first_illegal(info["action_mask"][1]), -1, envs.single_action_space.n + 5):
        actions[1] = wrong
        with pytest.raises(IllegalActionError, match=r"sub-environment 1: .* is not legal now; legal"):
            envs.step(actions)
        assert [state.digest() for state in envs.game_states] == before[0]
        assert np.array_equal(observations, before[1]) and np.array_equal(envs.action_masks(), before[2])


def test_an_illegal_action_loses_that_episode_only() -> None:
    envs = VectorGameEnv("mar-y-acero", num_envs=2)
    _, info = envs.reset(seed=1)
    digest = envs.game_states[0].digest()
    actions = random_legal(info["action_mask"], np.random.default_rng(1))
    actions[0] = first_illegal(info["action_mask"][0])
    _, rewards, terminated, _, info = envs.step(actions)
    assert rewards[0] == envs.game.returns_range[0] and terminated.tolist() == [True, False]
    assert "is not legal now; legal actions" in info["illegal_action"][0]
    assert info["_illegal_action"].tolist() == [True, False]
    assert envs.game_states[0].digest() == digest


def test_bad_calls_are_named() -> None:
    envs = VectorGameEnv("maquis", num_envs=2)
    with pytest.raises(RuntimeError, match="call reset"):
        envs.step(np.zeros(2, dtype=np.int64))
    envs.reset(seed=0)
    with pytest.raises(ValueError, match=r"actions must be 2 integers"):
        envs.step(np.zeros(3, dtype=np.int64))
    with pytest.raises(ValueError, match=r"actions must be 2 integers"):
        envs.step(np.zeros(2, dtype=np.float32))
    with pytest.raises(ValueError, match="3 seeds for 2"):
        envs.reset(seed=[1, 2, 3])
    with pytest.raises(BadOptionError, match="num_envs must be a positive integer"):
        VectorGameEnv("maquis", num_envs=0)
    with pytest.raises(BadOptionError, match="NextStep, SameStep, Disabled"):
        VectorGameEnv("maquis", autoreset_mode="sometimes")
    with pytest.raises(BadOptionError, match="lose, raise"):
        VectorGameEnv("maquis", illegal="ignore")


def test_gymnasium_vector_wrappers_and_render() -> None:
    envs = RecordEpisodeStatistics(VectorGameEnv("maquis", num_envs=4, render_mode="ansi"))
    _, info = envs.reset(seed=0)
    rng, episodes = np.random.default_rng(0), 0
    for _ in range(150):
        *_, info = envs.step(random_legal(info["action_mask"], rng))
        episodes += int(info.get("_episode", np.zeros(4, dtype=bool)).sum())
    assert episodes > 5 and len(envs.length_queue) == episodes
    texts = envs.render()
    assert texts is not None and len(texts) == 4 and all("Maquis" in text for text in texts)


def test_the_benchmark_measures_every_column() -> None:
    """benchmarks/vector_throughput.py (part of `make bench`) runs; it measures, never asserts a speed."""
    path = Path(__file__).parent.parent / "benchmarks" / "vector_throughput.py"
    spec = importlib.util.spec_from_file_location("vector_throughput", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    rates = bench.rates("maquis", 0.02)
    assert list(rates) == ["GameEnv", "SyncVectorEnv 64", "N=1", "N=8", "N=64"]
    assert all(rate > 0 for rate in rates.values())
    shares = bench.where_time_goes("maquis", 0.05)
    assert sum(shares.values()) == pytest.approx(1.0) and shares["observation encoder"] > 0
