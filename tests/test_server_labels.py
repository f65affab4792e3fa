"""The move list's labels (issue 25) as a live game's match takes them (`LabelledMatch`): each move labelled
from the position it was chosen in, exactly as replaying the game move by move labels it, through chance
outcomes, undos and an illegal action refused."""

from __future__ import annotations

import random

import pytest

from ludoteca.core.errors import IllegalActionError
from ludoteca.core.game import CHANCE, get_game
from ludoteca.core.i18n import LANGUAGES
from ludoteca.core.match import Match
from ludoteca.server.labels import LabelledMatch


def replayed_labels(match: Match) -> list[dict[str, str]]:
    """Each step's labels the slow way: a fresh copy of the game replayed up to it."""
    state = match.game.new_initial_state(match.options)
    labels = []
    for step in match.history:
        chance = step.actor == CHANCE
        labels.append(
            {} if chance else {lang: state.action_view(step.action, lang)["label"] for lang in LANGUAGES}
        )
        state.apply_action(step.action)
    return labels


@pytest.mark.parametrize("game_id", ["mar-y-acero", "maquis"])
def test_each_move_is_labelled_as_replaying_labels_it_through_undos(game_id: str) -> None:
    rng = random.Random(7)
    match = LabelledMatch(get_game(game_id), seed=3)
    undone = 0
    for _ in range(120):
        state = match.state
        if state.is_terminal():
            break
        if state.is_chance_node():
            match.play_chance()
            continue
        player = state.current_player()
        if match.undoable(player) and rng.random() < 0.2:
            match.undo(player)
            undone += 1
            continue
        match.apply(rng.choice(state.legal_actions()))
    with pytest.raises(IllegalActionError):
        match.apply(-1)
    assert undone > 0 and len(match.labels) == len(match.history)
    assert match.labels == replayed_labels(match)
    assert any(label for label in match.labels) and all(
        set(label) in (set(), set(LANGUAGES)) for label in match.labels
    )
