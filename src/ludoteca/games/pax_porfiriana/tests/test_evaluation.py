"""The search's evaluation (`topple.evaluate`, README §12): the prestige of the regime's kind against the
Tripartite, the cards in hand counted at `HELD`, and a Topple under way read as its check would go."""

from __future__ import annotations

import pytest

from ludoteca.games.pax_porfiriana.board import TOPPLES
from ludoteca.games.pax_porfiriana.state import PaxState
from ludoteca.games.pax_porfiriana.tests.positions import again, hand, play, started
from ludoteca.games.pax_porfiriana.topple import HELD, evaluate, held_prestige, kind_now


def test_a_card_in_hand_counts_its_prestige_of_the_regime_s_kind_at_held() -> None:
    """Under the Pax Porfiriana loyalty counts: a mine with a Loyalty point in hand raises its holder's
    value by `HELD` of a point; an outrage card, nothing; a newspaper, its better orientation."""
    state = started(2)
    assert kind_now(state) == "loyalty"
    before = evaluate(state)
    hand(state, 0, "minas_nacozari")  # loyalty 1
    assert held_prestige(state, 0, "loyalty") == 1
    assert evaluate(state)[0] == pytest.approx(before[0] + 0.15 * HELD)
    assert evaluate(state)[1] == before[1]
    hand(state, 1, "minas_batopilas")  # outrage 1: not the regime's kind
    assert held_prestige(state, 1, "loyalty") == 0 and evaluate(state)[1] == before[1]
    hand(state, 1, "el_paso_morning_times")  # outrage 1 one way, loyalty 1 the other
    assert held_prestige(state, 1, "loyalty") == 1 and held_prestige(state, 1, "outrage") == 1 + 1


def test_a_topple_under_way_is_read_as_its_check_would_go(monkeypatch: pytest.MonkeyPatch) -> None:
    """§DERROCANDO: once a Topple is bought, a challenger who beats the Tripartite, the richest of them,
    has as good as won, before the players' flips and discards are done."""
    state = started(4)
    monkeypatch.setattr(PaxState, "prestige", lambda self, q, kind: [3, 4, 0, 0][q])
    topple = next(x for x in TOPPLES if x not in state.d["topples_out"])
    state.d["market"][0][0] = topple
    state.d["gold"] = [5, 8, 1, 1]
    assert max(evaluate(state)) < 0.9  # before the Topple: prestige margins, not a winner
    play(again(state), f"buy {topple}")
    assert not state.is_terminal()  # the players may still flip, discard, assassinate
    assert evaluate(state)[:4] == [-0.9, 0.9, -0.9, -0.9]  # both beat 2 + 0 + 0; the richer wins
