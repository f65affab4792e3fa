"""Agents and spec strings (DESIGN §8)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import pytest

from ludoteca.ai.agents import AGENTS, Agent, AgentFactory, RandomAgent, make_agent, parse_spec
from ludoteca.ai.selfplay import play_out, seatings, summarize, wilson
from ludoteca.core.errors import BadOptionError
from ludoteca.core.game import Game, get_game
from ludoteca.core.state import State
from searchgames import kingmaker_game
from toygame import RaceGame


class FirstAgent:
    def step(self, state: State) -> int:
        return state.legal_actions()[0]


def first(game: Game, role: int, seed: int, params: Mapping[str, str]) -> Agent:
    return FirstAgent()


def test_random_agents_play_legal_moves_reproducibly(toy: RaceGame) -> None:
    state = toy.new_initial_state()
    state.apply_notation("roll 1")
    agent = make_agent("random", toy, 0, seed=9)
    twin = make_agent("random", toy, 0, seed=9)
    picks = [agent.step(state) for _ in range(30)]
    assert picks == [twin.step(state) for _ in range(30)]
    assert set(picks) == {0, 1}
    assert isinstance(agent, RandomAgent)


def test_seats_draw_independent_streams(toy: RaceGame) -> None:
    state = toy.new_initial_state()
    state.apply_notation("roll 1")
    red, blue = (make_agent("random", toy, role, seed=9) for role in (0, 1))
    assert [red.step(state) for _ in range(30)] != [blue.step(state) for _ in range(30)]


def test_spec_strings_are_parsed() -> None:
    assert parse_spec("random") == ("random", {})
    assert parse_spec(" ISMCTS:iters=500:time=2 ") == ("ismcts", {"iters": "500", "time": "2"})
    with pytest.raises(BadOptionError, match="parameter 'iters' must be key=value"):
        parse_spec("ismcts:iters")


def test_unknown_and_human_specs_are_clear_errors(toy: RaceGame) -> None:
    with pytest.raises(BadOptionError, match="'human' is not an agent"):
        make_agent("human", toy, 0, 1)
    with pytest.raises(
        BadOptionError, match="unknown agent 'mcts:iters=500'; agents are: ismcts, random, human"
    ):
        make_agent("mcts:iters=500", toy, 0, 1)
    with pytest.raises(BadOptionError, match="takes no parameters"):
        make_agent("random:depth=2", toy, 0, 1)


def test_a_rulebook_solo_opponent_asked_for_as_an_agent_names_its_options() -> None:
    """DESIGN §8 names a `nitayno` agent; the solo opponents are game options instead (issue 3)."""
    with pytest.raises(
        BadOptionError, match=r"'nitayno' is the rulebook's solo opponent: .*mode=solo level="
    ):
        make_agent("nitayno", get_game("mar-y-acero"), 0, 1)
    with pytest.raises(BadOptionError, match=r"solo=insurgentes\|realistas, not as an agent"):
        make_agent("personality", get_game("patria-libre"), 0, 1)


def test_new_kinds_plug_in_globally_or_per_game(toy: RaceGame, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(AGENTS, "first", first)
    assert isinstance(make_agent("first", toy, 0, 1), FirstAgent)

    class Hooked(RaceGame):
        agents: ClassVar[dict[str, AgentFactory]] = {"eager": first}

    hooked = Hooked()
    assert isinstance(make_agent("eager", hooked, 1, 1), FirstAgent)
    with pytest.raises(BadOptionError, match="agents are: eager, first, ismcts, random, human"):
        make_agent("lazy", hooked, 0, 1)
    with pytest.raises(BadOptionError, match="unknown agent 'eager'"):
        make_agent("eager", toy, 0, 1)


def test_a_selfplay_game_depends_on_its_seed_alone(toy: RaceGame) -> None:
    games = [play_out(toy, toy.parse_options(), ["random", "random"], seed) for seed in (3, 4, 3)]
    games[0]["seconds"] = games[2]["seconds"]  # thinking time is measured, not reproduced
    assert games[0] == games[2]
    assert games[0] != games[1]
    assert sorted(games[0]["returns"]) == [-1.0, 1.0]
    summary = summarize(toy, toy.parse_options(), ["random"], {}, 3, games)
    assert summary["wins"]["red"] + summary["wins"]["blue"] == 3
    assert summary["outcomes"] == {"result.win": 3}
    assert summary["length"]["max"] == max(g["length"] for g in games)


def test_seatings_rotate_the_agents_over_the_free_seats() -> None:
    assert seatings(2, ["a", "b"], {}, 4) == [["a", "b"], ["b", "a"], ["a", "b"], ["b", "a"]]
    assert seatings(3, ["a", "b"], {1: "x"}, 2) == [["a", "x", "b"], ["b", "x", "a"]]
    assert seatings(1, ["a", "b"], {}, 3) == [["a"], ["b"], ["a"]]
    assert seatings(2, ["a", "b", "c"], {}, 3) == [["a", "b"], ["b", "c"], ["c", "a"]]


def test_seatings_leave_the_roles_out_of_play_alone() -> None:
    """A two-player game of a five-role game: the agents rotate over the two seats in play only."""
    games = seatings(5, ["a", "b"], {}, 2, in_play=[0, 2])
    assert [[g[0], g[2]] for g in games] == [["a", "b"], ["b", "a"]]
    assert all(g[r] == "random" for g in games for r in (1, 3, 4))


def test_wilson_intervals() -> None:
    assert wilson(8, 10) == [0.4902, 0.9433]
    assert wilson(0, 0) == [0.0, 1.0]
    assert wilson(200, 200)[1] == 1.0 and wilson(200, 200)[0] > 0.98
    assert wilson(0, 200) == [0.0, pytest.approx(0.0188, abs=1e-4)]


def test_a_seat_that_never_decides_is_left_out_of_the_figures() -> None:
    game = kingmaker_game(3)  # the middle player never decides; the last one only after a risk
    specs = seatings(3, ["ismcts:iters=30", "random"], {1: "random"}, 12)
    results = [play_out(game, game.parse_options(), s, seed) for seed, s in enumerate(specs)]
    summary = summarize(
        game, game.parse_options(), ["ismcts:iters=30", "random"], {"p1": "random"}, 0, results
    )
    risked = sum(r["decisions"][2] for r in results)
    assert 0 < risked < 12
    assert summary["roles"]["p0"]["games"] == 12 and summary["roles"]["p2"]["games"] == risked
    assert "p1" not in summary["roles"] and "p1" not in summary["by_agent"]["random"]["roles"]
    assert (
        summary["by_agent"]["random"]["games"] + summary["by_agent"]["ismcts:iters=30"]["games"]
        == 12 + risked
    )


def test_a_draw_counts_half_in_the_score(toy: RaceGame) -> None:
    """Issue 56's head-to-head counts a draw as half a win: a game no one won (every return 0) is a draw
    for each seat; the score is (wins + draws / 2) / games, by role and by agent."""
    won, other = (play_out(toy, toy.parse_options(), ["random", "random"], seed) for seed in (3, 4))
    tied = {**other, "returns": [0.0, 0.0]}
    summary = summarize(toy, toy.parse_options(), ["random"], {}, 3, [won, tied, tied])
    assert summary["roles"]["red"]["draws"] == summary["roles"]["blue"]["draws"] == 2
    winner = "red" if won["returns"][0] > 0 else "blue"
    assert summary["roles"][winner]["score"] == round((1 + 2 / 2) / 3, 4)
    assert summary["by_agent"]["random"]["draws"] == 4 and summary["by_agent"]["random"]["score"] == 0.5
