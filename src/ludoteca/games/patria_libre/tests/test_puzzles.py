"""Patria Libre's puzzle suite (issue 56, `puzzles.toml`): big and varied enough to measure an agent, and
the answers of its rule-checked themes re-derived from the rules here, so that a change of the rules or
the data that makes a puzzle wrong fails (tests/test_puzzles.py checks every suite loads and is legal)."""

from __future__ import annotations

import functools
from collections import Counter

import pytest

from ludoteca.ai.puzzles import Puzzle, load_file, suite_path
from ludoteca.core.game import get_game
from ludoteca.games.patria_libre.actions import target
from ludoteca.games.patria_libre.board import BOARD, ROLES
from ludoteca.games.patria_libre.state import PatriaState


@functools.cache
def suite() -> tuple[Puzzle, ...]:
    game = get_game("patria-libre")
    return tuple(load_file(suite_path(game), game))


def themed(theme: str) -> list[Puzzle]:
    return [p for p in suite() if p.theme == theme]


def test_the_suite_has_thirty_puzzles_over_themes_roles_and_modes() -> None:
    puzzles = suite()
    themes = Counter(p.theme for p in puzzles)
    assert len(puzzles) >= 30 and len(themes) >= 6 and max(themes.values()) <= len(puzzles) // 2
    assert {ROLES[p.role] for p in puzzles} == set(ROLES)
    states = [p.position for p in puzzles if isinstance(p.position, PatriaState)]
    assert len(states) == len(puzzles)
    assert {s.options.players for s in states} == {2, 3, 4}
    assert any(s.options.solo != "off" for s in states)


def test_no_puzzle_accepts_most_of_its_moves() -> None:
    """A puzzle that accepts almost every legal move measures nothing."""
    for p in suite():
        assert 2 * len(p.answers) <= len(p.position.legal_actions()), p.id


@pytest.mark.parametrize("puzzle", themed("taxes-mine"), ids=lambda p: p.id)
def test_taxes_answers_are_the_mines(puzzle: Puzzle) -> None:
    """§Impuestos / saqueo: 3 coins in a mine province, 2 elsewhere."""
    for action in puzzle.position.legal_actions():
        assert BOARD.provinces[target(action)].mine == (action in puzzle.answers)


WIN, LOSS, OPEN = "win", "loss", "open"


def outcome(state: PatriaState, role: int, depth: int = 0) -> str:
    """WIN if `role`'s side can force the win before another seat's turn menu comes up (the other seats'
    choices inside the turn, such as supply at an S/PV card, all tried), LOSS if every line loses, OPEN
    otherwise. At a card turned up, the first three cards are tried: none changes supply or scoring."""
    assert depth < 40
    if state.is_terminal():
        return WIN if state.returns()[role] > 0 else LOSS
    mover = state.current_player()
    wait = state.d["wait"]
    frame = state.running_frame()
    if wait and wait.get("prompt") == "prompt.action" and frame and frame["r"] != ROLES[role]:
        return OPEN
    actions = state.legal_actions()[:3] if state.is_chance_node() else state.legal_actions()
    chooser = None if state.is_chance_node() else state.side(ROLES[mover])
    mine = state.side(ROLES[role])
    results = set()
    for action in actions:
        twin = state.clone()
        twin.apply_action(action)
        assert isinstance(twin, PatriaState)
        found = outcome(twin, role, depth + 1)
        if (chooser == mine and found == WIN) or (chooser not in (None, mine) and found == LOSS):
            return found
        results.add(found)
    return results.pop() if len(results) == 1 else OPEN


def outcomes(puzzle: Puzzle) -> dict[int, str]:
    result = {}
    for action in puzzle.position.legal_actions():
        twin = puzzle.position.clone()
        twin.apply_action(action)
        assert isinstance(twin, PatriaState)
        result[action] = outcome(twin, puzzle.role)
    return result


@pytest.mark.parametrize("puzzle", themed("win-now"), ids=lambda p: p.id)
def test_win_now_answers_are_exactly_the_moves_that_win_this_turn(puzzle: Puzzle) -> None:
    """§Condiciones de victoria: every answer wins before the turn passes, whatever the others choose in
    it; no other move does."""
    found = outcomes(puzzle)
    assert {a for a, v in found.items() if v == WIN} == puzzle.answers


@pytest.mark.parametrize("puzzle", themed("no-gift"), ids=lambda p: p.id)
def test_no_gift_moves_to_avoid_lose_and_the_answers_do_not(puzzle: Puzzle) -> None:
    found = outcomes(puzzle)
    assert {a for a, v in found.items() if v == LOSS} == puzzle.avoid
    assert all(found[a] != LOSS for a in puzzle.answers)


def can_capture(state: PatriaState, role: int, depth: int = 0) -> bool:
    """Whether some line of `role`'s choices in this turn (the first card turned up, if any) captures a
    card of another player (§Capturas: it goes to the captor's area as a prisoner)."""
    assert depth < 30
    if len(state.d["captured_from"]) > 0 and any(
        card in state.d["area"][ROLES[role]] for card in state.d["captured_from"]
    ):
        return True
    if state.is_terminal() or (not state.is_chance_node() and state.current_player() != role):
        return False
    wait = state.d["wait"]
    if wait and wait.get("prompt") == "prompt.action":
        return False
    for action in state.legal_actions()[:1] if state.is_chance_node() else state.legal_actions():
        twin = state.clone()
        twin.apply_action(action)
        assert isinstance(twin, PatriaState)
        if can_capture(twin, role, depth + 1):
            return True
    return False


@pytest.mark.parametrize("puzzle", themed("capture"), ids=lambda p: p.id)
def test_capture_answers_are_exactly_the_places_an_attack_captures_from(puzzle: Puzzle) -> None:
    """§Atacar, §Capturas: the answers are the places from which the attack takes a prisoner."""
    state = puzzle.position
    assert isinstance(state, PatriaState) and not any(
        card in state.d["area"][ROLES[puzzle.role]] for card in state.d["captured_from"]
    )
    found = set()
    for action in state.legal_actions():
        twin = state.clone()
        twin.apply_action(action)
        assert isinstance(twin, PatriaState)
        if can_capture(twin, puzzle.role):
            found.add(action)
    assert found == puzzle.answers
