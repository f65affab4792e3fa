"""A view renders only the log lines written since the last one (`State._log_lines`, issue 26): for every
game and its main modes, at random positions of random games, whoever asks (each role and a spectator)
and in each language, the view of a state that remembers its rendered lines equals the view of a state
that never had the memo (a JSON round trip: new log entries, no memo) — as the game goes on, in a clone
that goes its own way, after an undo, after the log is cut back, and after a pickle. The lines handed out
are read-only, and the list is the caller's own. A view since a log line (what the server sends) is the
view with the log cut there."""

from __future__ import annotations

import copy
import json
import pickle
import random

import orjson
import pytest

from ludoteca.core.game import get_game
from ludoteca.core.i18n import LANGUAGES, Catalog, LogLine
from ludoteca.core.match import Match
from ludoteca.core.state import State
from toygame import DATA, RaceGame

MODES: list[tuple[str, dict[str, str]]] = [
    ("maquis", {}),
    ("mar-y-acero", {}),
    ("mar-y-acero", {"mode": "solo"}),
    ("patria-libre", {}),
    ("patria-libre", {"players": "4"}),
    ("patria-libre", {"solo": "insurgentes"}),
    ("guerra-a-muerte", {"scenario": "1820-1824"}),
    ("guerra-a-muerte", {"scenario": "1815-1818", "intelligence": "open"}),
    ("pax-porfiriana", {}),
    ("pax-porfiriana", {"players": "6"}),
    ("pax-porfiriana", {"solo": "diaz"}),
]
"""Every game, and the modes that change who sees what (players, solo opponents, scenarios)."""

STEPS = 400
"""Actions of each random game at most."""
CHECKS = 12
"""Positions of each game compared with a state without memo, for every viewer and language."""


def from_scratch(state: State) -> State:
    """The same position and log, with new log entries and no memo."""
    return State.from_json(json.loads(json.dumps(state.to_json())))


def viewers(state: State) -> list[int | None]:
    return [None, *range(len(state.game.roles))]


def assert_views_as_from_scratch(state: State) -> None:
    fresh = from_scratch(state)
    for role in viewers(state):
        for lang in LANGUAGES:
            mine = state.view(role, lang)
            assert mine == fresh.view(role, lang), (role, lang, state.move_number())
            for action in mine["actions"]:  # the caller's own, though worked out once: the next view
                action.clear()  # (compared again) must not see this
            mine["log"].clear()


def random_action(state: State, rng: random.Random) -> int:
    if state.is_chance_node():
        return state.sample_chance(rng)
    return rng.choice(state.legal_actions())


def advance(state: State, rng: random.Random, actions: int) -> None:
    for _ in range(actions):
        if state.is_terminal():
            return
        state.apply_action(random_action(state, rng))


@pytest.mark.parametrize("game_id, options", MODES, ids=[f"{g}-{'-'.join(o.values())}" for g, o in MODES])
def test_a_view_with_the_memo_is_the_view_from_scratch(game_id: str, options: dict[str, str]) -> None:
    game = get_game(game_id)
    match, rng = Match(game, options, seed=7), random.Random(7)
    checked = undone = 0
    for step in range(STEPS):
        state = match.state
        if state.is_terminal():
            break
        state.view(rng.choice(viewers(state)), rng.choice(LANGUAGES))  # the memo goes on, line by line
        if step % (STEPS // CHECKS) == 0 or step < 3:
            assert_views_as_from_scratch(state)
            checked += 1
            twin = state.clone()  # shares the memo, then both go their own ways
            advance(twin, random.Random(step), 3)
            assert_views_as_from_scratch(twin)
            assert_views_as_from_scratch(state)
            cut = state.clone()  # the log cut back past the lines rendered, then written again
            del cut.logs[len(cut.logs) // 2 :]
            assert_views_as_from_scratch(cut)
            advance(cut, random.Random(step + 1), 2)
            assert_views_as_from_scratch(cut)
        actor = state.current_player()
        match.apply(random_action(state, rng))
        if actor >= 0 and match.undoable(actor) and rng.random() < 0.3:
            match.state.view(actor, "es")  # the memo of the position undo leaves
            match.undo(actor)  # back to the clone kept before the action, and its memo
            assert_views_as_from_scratch(match.state)
            undone += 1
            match.apply(random_action(match.state, rng))
    assert checked >= 4 and undone >= 1, (checked, undone)
    copied = pickle.loads(pickle.dumps(match.state))  # the memo stays behind
    assert getattr(copied, "_line_memo", None) is None
    assert_views_as_from_scratch(copied)
    for role in viewers(match.state):
        assert copied.view(role, "en") == match.state.view(role, "en")


@pytest.mark.parametrize("game_id, options", MODES, ids=[f"{g}-{'-'.join(o.values())}" for g, o in MODES])
def test_a_view_since_a_log_line_is_the_view_of_the_log_cut_there(
    game_id: str, options: dict[str, str]
) -> None:
    """What the server sends a connection that has the earlier lines (`State.view_since`): the view of the
    same position with the log cut at that line, from scratch; it shares the position's memos (a game's
    indexes) and leaves the state's own views as they were."""
    state, rng = get_game(game_id).new_initial_state(options), random.Random(11)
    for _ in range(CHECKS):
        advance(state, rng, STEPS // CHECKS)
        role, lang = rng.choice(viewers(state)), rng.choice(LANGUAGES)
        state.view(role, lang)  # the memos the cut view may share
        for log_from in {0, 1, len(state.logs) // 2, max(0, len(state.logs) - 3), len(state.logs)}:
            cut = from_scratch(state)
            del cut.logs[:log_from]
            assert state.view_since(role, lang, log_from) == cut.view(role, lang), (role, lang, log_from)
        assert_views_as_from_scratch(state)


def test_a_view_hands_out_its_own_list_and_read_only_lines(toy: RaceGame) -> None:
    """The log's list is the caller's; its lines, shared with later views, refuse changes; an encoder or a
    copy sees a plain dict."""
    state, rng = toy.new_initial_state(), random.Random(2)
    advance(state, rng, 6)
    view = state.view(0, "en")
    assert view["log"] and all(type(line) is LogLine for line in view["log"])
    expected = from_scratch(state).view(0, "en")
    view["log"].append({"text": "mine"})
    view["log"].reverse()
    line = view["log"][-1]
    for change in (
        lambda: line.__setitem__("text", "changed"),
        lambda: line.__delitem__("rule"),
        lambda: line.update(text="changed"),
        lambda: line.pop("text"),
        lambda: line.popitem(),
        lambda: line.setdefault("extra", 1),
        lambda: line.clear(),
    ):
        with pytest.raises(TypeError, match="read-only"):
            change()
    assert state.view(0, "en") == expected
    plain = dict(line)
    plain["text"] = "changed"  # a copy is free to change
    assert state.view(0, "en") == expected
    for twin in (copy.copy(line), copy.deepcopy(line), pickle.loads(pickle.dumps(line))):
        assert type(twin) is dict and twin == line
    assert json.loads(json.dumps(expected)) == orjson.loads(orjson.dumps(state.view(0, "en"))) == expected


def test_lines_rendered_before_the_catalog_changed_are_rendered_again(
    toy: RaceGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(RaceGame, "catalog", Catalog(DATA))
    state, rng = toy.new_initial_state(), random.Random(4)
    advance(state, rng, 6)
    before = state.view(None, "en")["log"]
    key = before[0]["key"]
    toy.catalog.add("en", {key: "written anew"})
    after = state.view(None, "en")["log"]
    assert after[0]["text"] == "written anew" != before[0]["text"]
    assert after == from_scratch(state).view(None, "en")["log"]
