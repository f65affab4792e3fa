"""Card effects as data (`core.effects`) and observation tensors with named entries (`core.observation`),
on a toy vocabulary: coins to gain, cards to draw from a deck that may run out."""

from __future__ import annotations

import json
from typing import Any, ClassVar

import pytest

from ludoteca.core import game as game_module
from ludoteca.core.effects import Chooser, EffectKinds
from ludoteca.core.game import ActionTable, Game
from ludoteca.core.i18n import Catalog
from ludoteca.core.observation import Observation
from ludoteca.core.options import Options
from ludoteca.core.procedure import ProcedureSet
from ludoteca.core.state import State

PROCS = ProcedureSet()
EFFECTS = EffectKinds(PROCS, rule="cards")
PICK = (0, 1, 2)
DONE = 3


def _deck_left(s: Any, local: dict[str, Any]) -> bool:
    return bool(s.d["deck"])


coins = EFFECTS.kind("coins", rule="cards.coins")
draw = EFFECTS.kind("draw", rule="cards.draw", possible=_deck_left)


@coins.step()
def _coins(s: State, frame: dict[str, Any], action: int | None) -> None:
    s.d["coins"] += frame["n"]
    s.d["trail"].append({k: v for k, v in frame.items() if k not in ("p", "s")})
    s.ret()


@draw.step()
def _draw(s: State, frame: dict[str, Any], action: int | None) -> None:
    s.d["deck"] -= 1
    s.d["trail"].append({k: v for k, v in frame.items() if k not in ("p", "s")})
    s.ret()


play = PROCS.proc("play", rule="cards")


@play.step()
def _play(s: State, frame: dict[str, Any], action: int | None) -> None:
    chooser = None
    if s.d["choose"]:
        labels = [f"effect.{e['kind']}" for e in s.d["effects"]]
        chooser = Chooser(0, PICK[: len(labels)], DONE, "prompt.effect", labels, {"card": "x"})
    EFFECTS.run(s, s.d["effects"], then="done", chooser=chooser, owner="blue")


@play.step("done")
def _done(s: State, frame: dict[str, Any], action: int | None) -> None:
    s.end_game("over", [0.0])


class CardState(State):
    __slots__ = ()
    procedures: ClassVar[ProcedureSet] = PROCS


class CardGame(Game):
    id = "cards"
    title = "Cards"
    roles = ("solo",)
    player_counts = (1,)
    rulebook = "-"
    actions = ActionTable(("pick 0", "pick 1", "pick 2", "done"))
    catalog = Catalog()


def new(effects: list[dict[str, Any]], choose: bool = False, deck: int = 5) -> CardState:
    data = {"effects": effects, "choose": choose, "deck": deck, "coins": 0, "trail": []}
    state = CardState(CardGame(), Options(), data)
    state.start("play")
    return state


def test_effects_run_in_order_each_with_the_context_and_its_fields() -> None:
    state = new([{"kind": "coins", "n": 2}, {"kind": "draw"}, {"kind": "coins", "n": 3}])
    assert state.is_terminal() and state.d["coins"] == 5 and state.d["deck"] == 4
    assert state.d["trail"] == [
        {"owner": "blue", "kind": "coins", "n": 2, "effect": 0},
        {"owner": "blue", "kind": "draw", "effect": 1},
        {"owner": "blue", "kind": "coins", "n": 3, "effect": 2},
    ]


def test_the_chooser_offers_only_the_effects_that_would_change_something() -> None:
    state = new([{"kind": "draw"}, {"kind": "coins", "n": 2}], choose=True, deck=0)
    assert state.legal_actions() == [1, DONE]  # no card left to draw: only the coins, or stop
    wait = state.d["wait"]
    assert wait["prompt"] == "prompt.effect" and wait["params"] == {"card": "x", "effects": ["effect.coins"]}
    state.apply_action(1)
    assert state.is_terminal() and state.d["coins"] == 2  # nothing possible is left: no question


def test_the_chooser_runs_the_chosen_effects_in_the_order_chosen_until_done() -> None:
    state = new([{"kind": "coins", "n": 1}, {"kind": "coins", "n": 10}, {"kind": "draw"}], choose=True)
    assert state.legal_actions() == [0, 1, 2, DONE]
    state.apply_action(2)
    assert state.legal_actions() == [0, 1, DONE]  # each effect once
    state.apply_action(1)
    state.apply_action(DONE)  # the rest left out
    assert state.is_terminal() and state.d["coins"] == 10 and state.d["deck"] == 4
    assert [t["effect"] for t in state.d["trail"]] == [2, 1]


def test_a_lone_effect_is_carried_out_without_asking() -> None:
    state = new([{"kind": "coins", "n": 4}], choose=True)
    assert state.is_terminal() and state.d["coins"] == 4 and state.move_number() == 0


def test_check_refuses_an_unknown_kind_naming_the_known_ones() -> None:
    EFFECTS.check([{"kind": "coins", "n": 1}, {"kind": "draw"}], "cards.toml")
    with pytest.raises(ValueError, match=r"cards.toml: unknown effect .*kinds are: coins, draw"):
        EFFECTS.check([{"kind": "steal"}], "cards.toml")


# ------------------------------------------------ a second vocabulary whose effects say if they were done
TRIED = EffectKinds(PROCS, rule="cards", name="tried", prefix="tried.", carried_out=True)
tried_coins = TRIED.kind("coins", rule="cards.coins")  # the same name as EFFECTS' kind: its own procedure
tried_draw = TRIED.kind("draw", rule="cards.draw")


@tried_coins.step()
def _tried_coins(s: State, frame: dict[str, Any], action: int | None) -> None:
    s.d["coins"] += frame["n"]
    s.ret(True)


@tried_draw.step()
def _tried_draw(s: State, frame: dict[str, Any], action: int | None) -> None:
    """A card from the deck: with none left, the effect cannot be carried out."""
    if not s.d["deck"]:
        s.ret(False)
        return
    s.d["deck"] -= 1
    s.ret(True)


attempt = PROCS.proc("attempt", rule="cards")


@attempt.step()
def _attempt(s: State, frame: dict[str, Any], action: int | None) -> None:
    TRIED.run(s, s.d["effects"], then="done")


@attempt.step("done")
def _attempt_done(s: State, frame: dict[str, Any], action: int | None) -> None:
    s.end_game("over", [0.0], carried_out=frame["ret"])


def attempted(effects: list[dict[str, Any]], deck: int) -> CardState:
    state = CardState(CardGame(), Options(), {"effects": effects, "deck": deck, "coins": 0})
    state.start("attempt")
    return state


def test_effects_that_say_whether_they_were_carried_out_stop_at_the_first_that_was_not() -> None:
    effects = [{"kind": "coins", "n": 1}, {"kind": "draw"}, {"kind": "coins", "n": 10}]
    state = attempted(effects, deck=1)
    assert state.d["over"]["params"] == {"carried_out": True} and state.d["coins"] == 11
    state = attempted(effects, deck=0)
    assert state.d["over"]["params"] == {"carried_out": False}
    assert state.d["coins"] == 1 and state.d["deck"] == 0  # the coins after the failed draw never came
    assert attempted([], deck=0).d["over"]["params"] == {"carried_out": True}


def test_vocabularies_on_one_procedure_set_keep_their_kinds_apart() -> None:
    assert {"effect.coins", "tried.coins"} <= set(PROCS.by_name)
    TRIED.check([{"kind": "coins", "n": 1}], "tried.toml")
    EFFECTS.check([{"kind": "coins", "n": 1}], "cards.toml")
    with pytest.raises(ValueError, match=r"tried.toml: unknown effect .*kinds are: coins, draw$"):
        TRIED.check([{"kind": "tried.coins"}], "tried.toml")


def test_effects_that_say_whether_they_were_carried_out_are_not_chosen() -> None:
    state = attempted([], deck=0)
    with pytest.raises(ValueError, match="run in order"):
        TRIED.run(state, [{"kind": "coins", "n": 1}], then="done", chooser=Chooser(0, [0], 1, "p", ["x"], {}))


# ------------------------------------------------------------------------------------ observations
def write(out: Observation) -> None:
    out.add("morale", 0.5)
    out.each("held", ["food", "money"], [0.25, 1.0])
    out.one_hot("phase", ["day", "night"], "night")


def test_observation_names_line_up_with_the_values() -> None:
    named, plain = Observation(named=True), Observation()
    write(named)
    write(plain)
    assert named.values == plain.values == [0.5, 0.25, 1.0, 0.0, 1.0]
    assert named.names == ["morale", "held[food]", "held[money]", "phase[day]", "phase[night]"]
    assert plain.names is None  # the fast path keeps no names


def test_each_refuses_a_length_mismatch() -> None:
    with pytest.raises(ValueError, match="held: 2 labels for 3 values"):
        Observation(named=True).each("held", ["food", "money"], [0.1, 0.2, 0.3])
    with pytest.raises(ValueError, match="held: 3 labels for 1 values"):
        Observation().each("held", ["a", "b", "c"], [0.1])


def test_one_hot_of_an_absent_label_is_all_zero() -> None:
    out = Observation()
    out.one_hot("top", [1, 2, 3], None)
    assert out.values == [0.0, 0.0, 0.0]


def test_a_paused_list_of_effects_resumes_from_json(monkeypatch: pytest.MonkeyPatch) -> None:
    """The interpreter keeps its place in the frame stack, so a card half carried out saves and resumes."""
    monkeypatch.setitem(game_module._REGISTRY, CardGame.id, CardGame())
    monkeypatch.setattr(
        CardGame, "new_initial_state", lambda self, options=None: CardState(self, Options(), {})
    )
    state = new([{"kind": "coins", "n": 1}, {"kind": "coins", "n": 10}], choose=True)
    state.apply_action(1)
    resumed = State.from_json(json.loads(json.dumps(state.to_json())))
    assert resumed.legal_actions() == [0, DONE]
    resumed.apply_action(0)
    assert resumed.is_terminal() and resumed.d["coins"] == 11
