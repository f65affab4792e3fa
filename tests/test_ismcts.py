"""The `ismcts` agent (DESIGN §8): it searches only what its role knows, per-player perspectives, chance,
budgets counted in iterations, presets and explanations."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from itertools import count

import pytest

from ludoteca.ai.agents import make_agent
from ludoteca.ai.ismcts import LEVELS, Budget, IsmctsAgent, hint_agent, level_budget, parse_budget
from ludoteca.ai.selfplay import play_out
from ludoteca.core.errors import BadOptionError
from ludoteca.core.game import CHANCE, all_games, get_game
from searchgames import (
    ARM,
    BET,
    CALL,
    FIRST,
    FOLD,
    HEADS,
    LONG_ODDS_BEST,
    ME,
    PLAIN,
    RISK,
    SAFE,
    STAY,
    TAILS,
    Armed,
    Gamble,
    LongOdds,
    Showdown,
    ShowdownState,
    kingmaker_game,
)
from toygame import RaceGame

BUDGET = Budget(iters=300, seconds=0.0, depth=10)


def choice(state: object, seed: int = 5, role: int = 0, budget: Budget = BUDGET) -> int:
    agent = IsmctsAgent(role, seed, budget)
    return agent.step(state)  # type: ignore[arg-type]


def test_it_cannot_peek_at_the_hidden_card() -> None:
    game = Showdown()
    for card in (1, 2, 3):
        true = game.dealt(card)
        for draw in range(3):
            resampled = true.resample_from_infostate(0, random.Random(draw))
            assert choice(true, seed=draw) == choice(resampled, seed=draw)
    assert {choice(game.dealt(card)) for card in (1, 2, 3)} == {FOLD}


def test_the_no_peek_test_would_catch_a_search_on_the_true_state(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ShowdownState, "resample_from_infostate", lambda self, role, rng: self.clone())
    game = Showdown()
    assert choice(game.dealt(1)) == CALL
    assert choice(game.dealt(2)) == FOLD


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_each_node_is_searched_for_the_player_to_move_there(players: int) -> None:
    game = kingmaker_game(players)
    agent = IsmctsAgent(0, 3, BUDGET)
    assert agent.step(game.new_initial_state()) == (RISK if players == 1 else SAFE)
    risk = agent.root.children[(0, RISK)]
    flips = {action: edge for (mover, action), edge in risk.children.items() if mover == CHANCE}
    assert set(flips) == {HEADS, TAILS}
    last = flips[HEADS].children
    if players > 1:  # alone, both names make the one player win
        assert last[(players - 1, ME)].visits > last[(players - 1, FIRST)].visits


@pytest.mark.parametrize("players", [1, 3])
def test_open_loop_chance_makes_no_node_for_an_outcome(players: int) -> None:
    """`open_chance`: the coin is flipped and played through; the next decision hangs straight below the
    move, shared by both faces, and is searched for its own player all the same."""
    agent = IsmctsAgent(0, 3, replace(BUDGET, open_chance=True))
    assert agent.step(kingmaker_game(players).new_initial_state()) == (RISK if players == 1 else SAFE)
    risk = agent.root.children[(0, RISK)]
    assert {mover for mover, _ in risk.children} == {players - 1}
    if players > 1:
        assert risk.children[(players - 1, ME)].visits > risk.children[(players - 1, FIRST)].visits
    assert risk.visits == sum(edge.visits for edge in risk.children.values()) + 1


def test_chance_is_sampled_with_its_probabilities() -> None:
    agent = IsmctsAgent(0, 8, Budget(iters=600, seconds=0.0, depth=0))
    agent.step(kingmaker_game(1).new_initial_state())
    risk = agent.root.children[(0, RISK)]
    heads, tails = (risk.children[(CHANCE, a)].visits for a in (HEADS, TAILS))
    assert heads + tails == risk.visits - 1  # the visit that added the risk edge stopped there
    assert risk.visits > 500 and 0.45 < heads / (heads + tails) < 0.55


def test_it_beats_random_clearly_on_the_race(toy: RaceGame) -> None:
    """In the same seats and with the same dice, ismcts wins far more often than random does."""
    options = toy.parse_options({"secret": "yes"})
    seeds = range(60)
    wins = {}
    for seat in (0, 1):
        for spec in ("random", "ismcts:iters=100"):
            specs = ["random", "random"]
            specs[seat] = spec
            wins[seat, spec] = sum(play_out(toy, options, specs, s)["returns"][seat] > 0 for s in seeds)
        assert wins[seat, "ismcts:iters=100"] > wins[seat, "random"]
    searched = wins[0, "ismcts:iters=100"] + wins[1, "ismcts:iters=100"]
    assert searched >= wins[0, "random"] + wins[1, "random"] + 20
    assert searched >= 0.7 * 2 * len(seeds)


def test_an_iteration_budget_is_counted_exactly(toy: RaceGame) -> None:
    state = toy.new_initial_state()
    state.apply_notation("roll 2")
    agent = IsmctsAgent(0, 1, Budget(iters=77, seconds=0.0, depth=4))
    agent.step(state)
    assert agent.iterations == 77
    assert sum(edge.visits for edge in agent.root.children.values()) == 77


def test_a_time_budget_stops_the_search(toy: RaceGame) -> None:
    ticks = count()
    state = toy.new_initial_state()
    state.apply_notation("roll 2")
    agent = IsmctsAgent(0, 1, Budget(iters=0, seconds=1.0, depth=4), clock=lambda: next(ticks) / 4)
    agent.step(state)
    assert agent.iterations == 4 and agent.seconds == 1.0


def test_a_forced_move_is_played_without_search(toy: RaceGame) -> None:
    state = toy.new_initial_state()
    state.apply_notation("roll 2")
    state.apply_notation("add")
    agent = IsmctsAgent(0, 1, BUDGET)
    assert toy.actions.format(agent.step(state)) == "done"
    assert agent.iterations == 0
    assert agent.explain()["alternatives"] == [{"action": 2, "notation": "done", "visits": 0, "value": None}]


def test_a_prior_counts_the_first_value_of_a_new_move_more_times() -> None:
    """`prior`: a decision edge's first value (here the evaluation before the coin) counts `prior` visits
    more; a chance edge gets none, so the coin's faces still share the later visits alone."""
    agent = IsmctsAgent(0, 8, Budget(iters=200, seconds=0.0, depth=0, prior=4))
    agent.step(kingmaker_game(1).new_initial_state())
    edges = agent.root_edges()
    assert set(edges) == {RISK, SAFE}
    assert sum(edge.visits for edge in edges.values()) == 200 + 4 * len(edges)
    risk = agent.root.children[(0, RISK)]
    heads, tails = (risk.children[(CHANCE, a)].visits for a in (HEADS, TAILS))
    assert heads + tails == risk.visits - 1 - 4
    assert parse_budget({"prior": "6"}).prior == 6 and parse_budget({}).prior == 0
    with pytest.raises(BadOptionError, match="prior must be a whole number of at least 0, not '-1'"):
        parse_budget({"prior": "-1"})


def test_a_move_is_worth_its_best_follow_up() -> None:
    """`best_follow`: arming opens a choice of the same player, one good move among four bad ones. Averaged
    over the follow-ups tried, arming looks worse than the sure 0.2 and the search never arms; worth its
    best follow-up, it arms on (nearly) every seed, and its value is the holster's 0.5."""
    chosen = {}
    for follow in (False, True):
        budget = Budget(iters=40, seconds=0.0, depth=0, best_follow=follow)
        agents = [IsmctsAgent(0, seed, budget) for seed in range(20)]
        chosen[follow] = [agent.step(Armed().new_initial_state()) for agent in agents]
        if follow:
            assert all(agent.root_edges()[ARM].value() == 0.5 for agent in agents if agent.chosen == ARM)
    assert chosen[False] == [PLAIN] * 20
    assert chosen[True].count(ARM) >= 19
    assert parse_budget({"follow": "best"}).best_follow and not parse_budget({}).best_follow
    with pytest.raises(BadOptionError, match="follow must be mean or best, not 'max'"):
        parse_budget({"follow": "max"})


def test_the_best_follow_up_is_never_read_across_an_open_loop_draw() -> None:
    """With `open_chance` the decision after the coin is shared by both faces; its best move (+1) exists
    only on heads. Read across the draw, betting would be worth +1 (the search then bets on half the
    seeds); read as the mean of its returns (0 in expectation), it stays below staying's sure 0.2."""
    budget = Budget(iters=200, seconds=0.0, depth=0, open_chance=True, best_follow=True)
    agents = [IsmctsAgent(0, seed, budget) for seed in range(10)]
    assert [agent.step(Gamble().new_initial_state()) for agent in agents] == [STAY] * 10
    assert all(agent.root_edges()[BET].value() < 0.2 for agent in agents)


def test_the_explanation_lists_every_move_weighed() -> None:
    agent = IsmctsAgent(0, 2, Budget(iters=120, seconds=0.0, depth=2))
    assert agent.explain() == {}
    chosen = agent.step(kingmaker_game(3).new_initial_state())
    explained = json.loads(json.dumps(agent.explain()))
    assert explained["action"] == chosen == SAFE and explained["notation"] == "safe"
    assert explained["role"] == "p0" and explained["iterations"] == 120
    assert explained["budget"] == {
        "iters": 120,
        "seconds": 0.0,
        "depth": 2,
        "c": 0.7,
        "norm": False,
        "open_chance": False,
        "prior": 0,
        "best_follow": False,
        "phase_seconds": 0.0,
    }
    weighed = explained["alternatives"]
    assert [w["notation"] for w in weighed] == ["safe", "risk"]
    assert sum(w["visits"] for w in weighed) == 120
    assert weighed[0]["value"] == pytest.approx(0.2)
    assert weighed[1]["value"] < 0


def test_it_is_reproducible_with_its_seed(toy: RaceGame) -> None:
    state = toy.new_initial_state({"secret": "yes"})
    state.apply_notation("roll 1")
    picks = [make_agent("ismcts:iters=50", toy, 0, 4) for _ in range(2)]
    assert picks[0].step(state) == picks[1].step(state)
    assert picks[0].explain() == {**picks[1].explain(), "seconds": picks[0].explain()["seconds"]}


def test_specs_and_presets() -> None:
    assert parse_budget({}) == LEVELS["normal"]
    assert parse_budget({"level": "hard"}) == LEVELS["hard"]
    assert LEVELS["easy"].iters < LEVELS["normal"].iters < LEVELS["hard"].iters
    assert LEVELS["normal"].seconds <= 3.0
    assert parse_budget({"iters": "40"}) == Budget(iters=40, seconds=0.0, depth=LEVELS["normal"].depth)


def test_every_game_keeps_the_levels_in_order_of_thinking() -> None:
    """Issue 27's ladder: whatever a game sets for itself, `easy` thinks less than `normal`, `normal` less
    than `hard`, and no level past its time cap."""
    for game in all_games():
        budgets = [level_budget(level, game) for level in ("easy", "normal", "hard")]
        assert budgets[0].iters < budgets[1].iters < budgets[2].iters, game.id
        assert [b.seconds for b in budgets] == [LEVELS[level].seconds for level in LEVELS], game.id


def test_a_game_of_small_decisions_gets_more_iterations_at_each_level() -> None:
    mya = get_game("mar-y-acero")
    assert mya.search.scale > 1
    for level, budget in LEVELS.items():
        assert parse_budget({"level": level}, mya) == replace(
            budget,
            iters=budget.iters * mya.search.scale,
            depth=mya.search.depth,
            norm=True,
            c=0.5,
            open_chance=True,
        )
        assert level_budget(level, mya).seconds == budget.seconds  # the time caps stay
    assert parse_budget({}, get_game("patria-libre")) == LEVELS["normal"]  # a game that sets neither
    maquis = get_game("maquis")
    assert level_budget("hard", maquis).prior == maquis.search.prior > 0 == LEVELS["hard"].prior
    # a level whose iterations the game sets itself takes them; the others keep the level's times `scale`
    assert level_budget("normal", maquis).iters == maquis.search.iters["normal"] != LEVELS["normal"].iters
    assert level_budget("hard", maquis).iters == LEVELS["hard"].iters * maquis.search.scale
    assert level_budget("normal", maquis).seconds == LEVELS["normal"].seconds
    assert parse_budget({"level": "hard", "depth": "3"}, mya).depth == 3  # a spec's depth still wins
    assert parse_budget({"iters": "40"}, mya).iters == 40  # an explicit budget is taken as given
    assert not parse_budget({"norm": "0"}, mya).norm and parse_budget({"norm": "1"}).norm
    assert hint_agent(mya, 0, 1, 2).budget == level_budget("normal", mya)
    assert parse_budget({"time": "0.5", "level": "easy", "depth": "0", "c": "2"}) == Budget(
        iters=0, seconds=0.5, depth=0, c=2.0
    )
    with pytest.raises(
        BadOptionError, match=re.escape("level='brutal' is not allowed; use level=easy|normal|hard")
    ):
        parse_budget({"level": "brutal"})
    with pytest.raises(BadOptionError, match="iters must be a whole number of at least 1, not '0'"):
        parse_budget({"iters": "0"})
    with pytest.raises(
        BadOptionError, match=re.escape("time must be a number of at least 0.001, not 'soon'")
    ):
        parse_budget({"time": "soon"})
    with pytest.raises(BadOptionError, match="norm must be 0 or 1, not 'yes'"):
        parse_budget({"norm": "yes"})
    assert (
        parse_budget({"chance": "open"}).open_chance and not parse_budget({"chance": "tree"}, mya).open_chance
    )
    with pytest.raises(BadOptionError, match="chance must be tree or open, not 'closed'"):
        parse_budget({"chance": "closed"})
    with pytest.raises(BadOptionError, match="unknown parameter rollouts; parameters are: level, iters"):
        parse_budget({"rollouts": "3"})


def test_the_seed_parameter_fixes_the_agent(toy: RaceGame) -> None:
    state = toy.new_initial_state()
    state.apply_notation("roll 3")
    one, other = (make_agent("ismcts:iters=30:seed=7", toy, 0, game_seed) for game_seed in (1, 2))
    one.step(state)
    other.step(state)
    assert isinstance(one, IsmctsAgent) and isinstance(other, IsmctsAgent)
    assert [w["visits"] for w in one.explain()["alternatives"]] == [
        w["visits"] for w in other.explain()["alternatives"]
    ]


def test_the_tree_below_its_own_move_is_kept_when_it_decides_again_at_once(toy: RaceGame) -> None:
    """After `add` the same player confirms with `done`: the search of `add` already grew that decision."""
    state = toy.new_initial_state()
    state.apply_notation("roll 2")
    agent = IsmctsAgent(0, 1, Budget(iters=100, seconds=0.0, depth=4))
    assert toy.actions.format(agent.step(state)) == "add"
    below = agent.root.children[(0, toy.actions.parse("add"))]
    grown = below.children[(0, toy.actions.parse("done"))].visits
    state.apply_notation("add")
    agent.step(state)
    assert agent.root is below and agent.carried == grown > 0
    assert agent.explain()["carried"] == grown


def test_no_tree_is_kept_for_a_position_its_move_did_not_lead_to(toy: RaceGame) -> None:
    """The same decision after another roll (as after an undo): the old statistics would not apply."""
    state = toy.new_initial_state()
    state.apply_notation("roll 2")
    agent = IsmctsAgent(0, 1, Budget(iters=100, seconds=0.0, depth=4))
    agent.step(state)
    other = toy.new_initial_state()
    other.apply_notation("roll 3")
    other.apply_notation("add")
    agent.step(other)
    assert agent.carried == 0 and agent.root.children == {}


def test_normalized_values_tell_close_moves_apart_in_a_lost_position() -> None:
    """`norm`: values are rescaled to the range seen in the tree, so moves 0.02 apart near −1 are told
    apart; raw, the exploration term swamps the difference and the visits stay almost even."""
    state = LongOdds().new_initial_state()
    shares = {}
    for norm in (False, True):
        agent = IsmctsAgent(0, 3, Budget(iters=400, seconds=0.0, depth=0, norm=norm))
        assert agent.step(state) == LONG_ODDS_BEST
        shares[norm] = agent.root_edges()[LONG_ODDS_BEST].visits / agent.iterations
    assert shares[False] < 0.4
    assert shares[True] > 0.7
