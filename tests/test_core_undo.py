"""Undo (DESIGN §5): a player's own decisions, back to a chance outcome, a reveal or another's move."""

from __future__ import annotations

import pytest

from ludoteca.core.errors import IllegalActionError
from ludoteca.core.match import Match
from toygame import ADD, DONE, PASS, RaceGame

RED, BLUE = 0, 1


def test_own_decisions_can_be_undone_back_to_the_chance_outcome(toy: RaceGame) -> None:
    match = Match(toy, {}, seed=1)
    match.resolve_chance()
    at_decision = match.state.digest()
    assert match.undoable(RED) == 0  # a chance outcome came last
    match.apply(ADD)
    assert match.undoable(RED) == 1
    assert match.undoable(BLUE) == 0  # red's move came last
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        match.undo(BLUE)
    match.undo(RED)
    assert match.state.digest() == at_decision
    assert match.state.legal_actions() == [ADD, PASS]
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        match.undo(RED)
    assert match.state.digest() == at_decision


def test_undo_stops_at_another_players_move_and_at_chance(toy: RaceGame) -> None:
    match = Match(toy, {}, seed=2)
    match.resolve_chance()
    match.apply(ADD)
    match.apply(DONE)
    assert match.state.is_chance_node()
    match.resolve_chance()
    assert match.state.current_player() == BLUE
    assert match.undoable(RED) == 0
    assert match.undoable(BLUE) == 0
    with pytest.raises(IllegalActionError):
        match.undo(RED)


def test_a_reveal_is_marked_and_blocks_undo(toy: RaceGame) -> None:
    match = Match(toy, {"secret": "yes"}, seed=3)
    match.resolve_chance()
    match.apply(ADD)
    assert not match.history[-1].revealed
    match.apply(DONE)
    assert match.history[-1].revealed  # adding shows the secret roll
    assert match.undoable(RED) == 0


def test_a_match_keeps_only_the_positions_undo_may_return_to(toy: RaceGame) -> None:
    match = Match(toy, {}, seed=2)
    while not match.state.is_terminal():
        match.resolve_chance()
        if not match.state.is_terminal():
            match.apply(match.state.legal_actions()[0])
        kept = match._before
        assert len(kept) <= 2  # at most the two decisions since the last die roll
        assert len(kept) == match.undoable(match.history[-1].actor) or match.history[-1].actor < 0
    assert len(match.history) > 10
