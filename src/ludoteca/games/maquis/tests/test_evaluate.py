"""The evaluation search uses where it stops short (`MaquisState.evaluate`), and the agents built on it."""

from __future__ import annotations

import random
from collections import Counter

from ludoteca.ai.agents import make_agent
from ludoteca.ai.selfplay import play_out
from ludoteca.games.maquis import GAME, missions
from ludoteca.games.maquis.evaluation import (
    HOPELESS,
    RECTANGLE,
    chemist_days,
    last_milice,
    morale_window,
    needs,
    terms,
)
from ludoteca.games.maquis.tests.positions import new, play


def test_evaluate_is_on_the_scale_of_the_returns() -> None:
    rng = random.Random(4)
    state = new()
    seen = []
    while not state.is_terminal():
        (value,) = state.evaluate()
        assert -1.0 < value < 1.0
        seen.append((state.score(patrol_risk=True), value))
        legal = state.legal_actions()
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(legal))
    assert state.evaluate() == state.returns() == [-1.0]
    assert sorted(seen) == sorted(seen, key=lambda pair: pair[1])  # the same order as the score


def test_a_lost_worker_lowers_the_evaluation() -> None:
    state = new()
    before = state.evaluate()[0]
    play(state, "place grocer")
    twin = state.clone()
    twin.d["home"] -= 1
    twin.d["gone"] += 1
    assert twin.evaluate()[0] < state.evaluate()[0] and before > -1.0


def test_fewer_days_left_make_the_same_position_worth_less() -> None:
    state = new("underground-newspaper+infiltration")
    values = []
    for day in (0, 5, 10, 13):
        twin = state.clone()
        twin.d["day"] = twin.d["turn"] = day
        values.append(twin.evaluate()[0])
    assert values == sorted(values, reverse=True) and len(set(values)) == 4


def test_a_completed_mission_and_useful_resources_are_worth_more() -> None:
    state = new("underground-newspaper+infiltration")
    done = state.clone()
    missions.complete(done, done.d["missions"][1])
    assert not done.is_terminal() and done.evaluate()[0] > state.evaluate()[0]
    intel, food = state.clone(), state.clone()
    intel.d["res"]["intel"] = 2  # the newspaper's next box
    food.d["res"]["food"] = 2  # neither card asks for Food
    assert intel.evaluate()[0] > food.evaluate()[0] > state.evaluate()[0] - 1e-9


def test_a_card_past_its_last_day_makes_the_game_as_good_as_lost() -> None:
    state = new("sabotage+destroy-the-train")
    late = state.clone()
    late.d["day"] = late.d["turn"] = 10  # the train passes on days 6-9 only
    on_time = state.clone()  # the train's first day: nothing gathered yet, but days enough to (URGENCY)
    on_time.d["day"] = on_time.d["turn"] = 6
    assert late.score(patrol_risk=True) < on_time.score(patrol_risk=True) - HOPELESS
    assert -1.0 < late.evaluate()[0] < on_time.evaluate()[0] < 0.0  # the learned value too, never a sure loss


def test_a_delivery_on_a_rectangle_is_worth_its_exits_risk() -> None:
    held = new("underground-newspaper+infiltration")
    held.d["res"]["intel"] = 2
    delivered = new("underground-newspaper+infiltration")
    delivered.d["missions"][0]["boxes"] = 1  # the same two Intel, delivered (README §6, `RECTANGLE`)
    assert terms(delivered)["work"] - terms(held)["work"] == RECTANGLE > 1.0
    assert delivered.score() > held.score()  # and a box fewer to fit in the days left (`start_by`)


def test_bomb_for_the_officer_asks_for_its_morale_at_the_delivery_only() -> None:
    state = new("bomb-for-the-officer+sabotage")  # Morale 6; the orange days 3, 6, 9, 12, 14
    assert morale_window(state, 5) == (0, 5)  # day 3 takes Morale to 5, day 6 below it
    assert chemist_days(state, 1) == 2  # the Chemist built, then the Explosive made the day after
    assert needs(state).deadlines[0][:2] == (4, RECTANGLE)  # the chain starts by day 4 to deliver by 5
    assert needs(state).morale == 0  # nothing asked of the Morale at the end
    state.d["morale"] = 4
    assert morale_window(state, 5) == (1, 2)  # one point to win back, before day 3 takes it again


def test_the_poor_district_reopens_bomb_for_the_officers_window() -> None:
    """Past its Morale window the card is not lost: the Morale can be won back for the delivery, which can
    come no sooner than the Chemist allows (built tomorrow, the Explosive the day after: README §6)."""
    state = new("bomb-for-the-officer+officers-mansion")
    state.d["day"] = state.d["turn"] = 5  # Morale 5, which day 6 takes to 4; no Chemist yet
    state.d["morale"] = 5
    assert chemist_days(state, 1) == 2
    assert morale_window(state, 5, lead=1) == (1, 8)  # a point back for day 6, then good until day 9
    found = needs(state)
    assert not found.hopeless and found.deadlines[0][0] == 7  # the chain starts by day 7 to deliver by 8
    state.d["day"] = state.d["turn"] = 13  # two days left: the Chemist and its Explosive still fit
    assert not needs(state).hopeless
    state.d["day"] = state.d["turn"] = 14
    assert needs(state).hopeless


def test_work_that_takes_a_day_a_step_must_start_in_time() -> None:
    """Boxes on different days, a shot a day, the Chemist's Explosives one a day: such a card's work must
    start that many days before the end (`start_by`), and the later it starts, the more urgent it is."""
    state = new("take-out-the-bridges+assassination")
    last = state.last_day()
    assert [start for start, _, _ in needs(state).deadlines] == [last - 5, last - 5]  # 4 Explosives; 5 shots
    state.d["tiles"]["spare_room_w"] = "chemist"
    assert needs(state).deadlines[0][0] == last - 4
    newspaper = new("underground-newspaper+officers-mansion")
    assert [start for start, _, _ in needs(newspaper).deadlines] == [last - 3]  # three deliveries, a day each
    urgency = []
    for day in (0, 6, 11):
        newspaper.d["day"] = newspaper.d["turn"] = day
        urgency.append(terms(newspaper)["deadline_urgency"])
    assert urgency == sorted(urgency, reverse=True) and len(set(urgency)) == 3
    newspaper.d["day"] = newspaper.d["turn"] = last - 2
    assert needs(newspaper).hopeless


def test_the_last_milice_needs_five_patrols() -> None:
    """With four Milice shot the last comes out only on a day of five patrols: five workers, or Morale 1.
    The cheaper way counts: the Café's recruits, or the Morale to shed beyond the day track's losses."""
    state = new("assassination+double-agent")
    state.d["soldiers"], state.d["day"], state.d["turn"], state.d["morale"] = 4, 13, 13, 5
    losses = needs(state).losses
    assert losses == 1  # day 14's orange box
    assert last_milice(state, 1, losses) == (2.0, Counter(food=2))  # two recruits, not three sales
    state.d["cafe"], state.d["gone"] = 1, 1  # a worker lost for good: five never come out again
    assert last_milice(state, 1, losses) == (3.0, Counter(food=3))
    state.d["morale"] = 2
    assert last_milice(state, 1, losses) == (0.0, Counter())  # day 14 takes it to 1
    assert last_milice(state, 2, losses) == (0.0, Counter())  # the fourth shot does
    assert last_milice(state, 0, losses) == (0.0, Counter())
    tricky = new("assassination+double-agent", difficulty="tricky")  # four workers: Morale 1 is the only way
    tricky.d["soldiers"], tricky.d["day"], tricky.d["turn"] = 4, 10, 10
    assert last_milice(tricky, 1, needs(tricky).losses)[0] == tricky.d["morale"] - needs(tricky).losses - 1


def test_two_completed_missions_evaluate_as_the_win() -> None:
    state = new("underground-newspaper+infiltration")
    for m in list(state.d["missions"]):
        missions.complete(state, m)
    assert state.is_terminal() and state.evaluate() == state.returns() == [1.0]


def test_the_agents_play_whole_games() -> None:
    options = GAME.parse_options({"missions": "level1"})
    for spec in ("cautious", "ismcts:iters=20:depth=4"):
        game = play_out(GAME, options, [spec], seed=2)
        assert game["returns"] in ([1.0], [-1.0]) and game["decisions"][0] > 0
    agent = make_agent("ismcts:iters=30", GAME, 0, 1)
    state = new()
    chosen = agent.step(state)
    assert chosen in state.legal_actions()
