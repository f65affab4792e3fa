"""Secret commitments (DESIGN §2): the table learns that a choice was made, never which."""

from __future__ import annotations

from ludoteca.core.match import Match
from toygame import ADD, RaceGame


def first_decision(secret: str) -> Match:
    match = Match(RaceGame(), {"secret": secret}, seed=3)
    match.resolve_chance()
    return match


def test_a_secret_decision_is_flagged_and_hidden_from_the_other_role() -> None:
    match = first_decision("yes")
    chooser = match.state.current_player()
    assert match.state.is_secret_decision()
    match.apply(ADD)
    step = match.history[-1]
    assert step.secret
    assert step.visible_to(chooser)
    assert not step.visible_to(1 - chooser)
    assert not step.visible_to(None)


def test_an_open_decision_is_visible_to_everyone() -> None:
    match = first_decision("no")
    assert not match.state.is_secret_decision()
    match.apply(ADD)
    step = match.history[-1]
    assert not step.secret
    assert step.visible_to(None) and step.visible_to(0) and step.visible_to(1)


def test_chance_nodes_are_never_secret_decisions() -> None:
    match = Match(RaceGame(), {"secret": "yes"}, seed=3)
    assert match.state.is_chance_node()
    assert not match.state.is_secret_decision()
