"""The hint's sentence (`ai.hint`): the search's values turned into estimated chances of winning, the
move to play compared with the next best, moves too close to tell apart called about equal, a single
legal move said so, in Spanish and in English."""

from __future__ import annotations

from typing import Any

import pytest

from ludoteca.ai.hint import COMPARED, MIN_VISITS, TIE_POINTS, describe, hint_sentence, win_chance
from ludoteca.ai.ismcts import hint_agent
from toygame import RaceGame

LABELS = {1: "Place at Grocer", 2: "Pass", 3: "Place at Café", 4: "Place at Doctor", 5: "Sabotage"}


def explained(*moves: tuple[int, int, float | None]) -> dict[str, Any]:
    """An `explain()` whose first move (action, visits, value) is the one chosen."""
    return {
        "action": moves[0][0],
        "notation": f"n{moves[0][0]}",
        "iterations": sum(visits for _, visits, _ in moves),
        "alternatives": [
            {"action": action, "notation": f"n{action}", "visits": visits, "value": value}
            for action, visits, value in moves
        ],
    }


def test_a_mean_return_on_the_minus_one_to_one_scale_is_a_chance_in_percent() -> None:
    assert win_chance(1.0) == 100.0 and win_chance(-1.0) == 0.0 and win_chance(0.0) == 50.0
    assert win_chance(0.24) == pytest.approx(62.0) and win_chance(-0.5) == pytest.approx(25.0)
    assert win_chance(1.3) == 100.0 and win_chance(-1.2) == 0.0  # kept within 0-100
    assert win_chance(None) is None  # a move the search never tried has no chance to tell


def test_the_move_is_compared_with_the_next_best_in_the_search_order() -> None:
    hint = explained((1, 60, 0.24), (2, 30, -0.04), (3, 20, -0.18), (4, 10, -0.5))
    english = hint_sentence(hint, LABELS, "en")
    assert english == (
        "Play “Place at Grocer”: the search estimates about a 62% chance of winning after it, "
        "against 48% after “Pass” and 41% after “Place at Café”."
    )
    assert "Doctor" not in english  # only the next COMPARED moves are named
    assert COMPARED == 2
    spanish = hint_sentence(hint, {1: "Colocar en Tendero", 2: "Pasar", 3: "Colocar en Café"}, "es")
    assert spanish == (
        "Juega «Colocar en Tendero»: la búsqueda estima en torno a un 62\u00a0% de probabilidades de ganar "
        "tras ella, frente a un 48\u00a0% tras «Pasar» y un 41\u00a0% tras «Colocar en Café»."
    )


def test_a_single_legal_move_is_said_to_be_the_only_one() -> None:
    only = {**explained((5, 0, None)), "iterations": 0}
    assert hint_sentence(only, LABELS, "en") == "Only one move is possible: “Sabotage”."
    assert hint_sentence(only, {5: "Sabotear"}, "es") == "Solo hay una jugada posible: «Sabotear»."


def test_moves_within_a_few_points_are_about_equal_and_the_next_best_follow() -> None:
    assert TIE_POINTS > 2.0
    hint = explained((1, 50, 0.20), (2, 45, 0.16), (3, 20, -0.3))  # 60% and 58%: two points apart
    english = hint_sentence(hint, LABELS, "en")
    assert english == (
        "“Place at Grocer” and “Pass” are about equal, too close to tell apart: the search estimates "
        "a 58% to 60% chance of winning after each; it would play “Place at Grocer”. "
        "Next best: 35% after “Place at Café”."
    )
    spanish = hint_sentence(hint, {1: "Tendero", 2: "Pasar", 3: "Café"}, "es")
    assert spanish == (
        "«Tendero» y «Pasar» están casi igualadas, demasiado cerca para distinguirlas: "
        "la búsqueda estima entre un 58\u00a0% y un 60\u00a0% de probabilidades de ganar "
        "tras cada una; jugaría «Tendero». "
        "Después: un 35\u00a0% tras «Café»."
    )
    apart = explained((1, 50, 0.20), (2, 45, 0.20 - 2 * (TIE_POINTS + 0.5) / 100))
    assert hint_sentence(apart, LABELS, "en").startswith("Play “Place at Grocer”: ")


def test_many_equal_moves_are_counted_and_equal_chances_are_given_once() -> None:
    hint = explained((1, 30, 0.0), (2, 30, 0.0), (3, 30, 0.0), (4, 30, 0.0), (5, 30, 0.0))
    assert hint_sentence(hint, LABELS, "en") == (
        "“Place at Grocer”, “Pass”, “Place at Café” and 2 other moves are about equal, "
        "too close to tell apart: the search estimates about a 50% chance of winning after each; "
        "it would play “Place at Grocer”."
    )
    assert "y otras 2 jugadas están casi igualadas" in hint_sentence(hint, LABELS, "es")
    assert "en torno a un 50\u00a0% de probabilidades" in hint_sentence(hint, LABELS, "es")
    four = explained((1, 30, 0.0), (2, 30, 0.0), (3, 30, 0.0), (4, 30, 0.0))  # one more than are named
    assert "“Place at Café” and 1 other move are about equal" in hint_sentence(four, LABELS, "en")
    assert "«Place at Café» y otra jugada están casi igualadas" in hint_sentence(four, LABELS, "es")


def test_moves_with_too_few_visits_are_not_quoted_unless_the_search_was_spread_thin() -> None:
    rare = explained((1, 60, 0.0), (2, MIN_VISITS - 1, 0.9), (3, 40, -0.4), (4, 0, None))
    english = hint_sentence(rare, LABELS, "en")
    assert english.endswith("against 30% after “Place at Café”.") and "Pass" not in english
    thin = explained((1, MIN_VISITS - 1, 0.5), (2, 2, -0.5), (3, 1, 0.0))
    assert "are about equal" in hint_sentence(thin, LABELS, "en")
    alone = explained((1, 60, 0.5), (2, 1, -0.5))
    assert hint_sentence(alone, LABELS, "en") == (
        "Play “Place at Grocer”: the search estimates about a 75% chance of winning after it."
    )


def test_describe_adds_labels_chances_and_the_sentence_and_keeps_the_rest() -> None:
    hint = explained((1, 60, 0.243), (2, 30, None))
    described = describe(hint, {1: "Grocer"}, "en")
    assert described["sentence"] == hint_sentence(hint, {1: "Grocer"}, "en")
    assert [(a["label"], a["chance"]) for a in described["alternatives"]] == [("Grocer", 62), ("n2", None)]
    assert described["iterations"] == hint["iterations"] and described["action"] == 1
    assert "chance" not in hint["alternatives"][0]  # the search's own explanation is left as it was


def test_the_same_position_and_seed_give_the_same_sentence(toy: RaceGame) -> None:
    state = toy.new_initial_state({})
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    sentences = set()
    for _ in range(2):
        agent = hint_agent(toy, state.current_player(), 7, state.move_number())
        agent.step(state)
        labels = {a: state.action_view(a, "en")["label"] for a in state.legal_actions()}
        sentences.add(describe(agent.explain(), labels, "en")["sentence"])
    assert len(sentences) == 1 and "chance of winning" in sentences.pop()
