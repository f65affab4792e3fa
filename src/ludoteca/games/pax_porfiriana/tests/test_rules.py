"""The rules of the player aid and the facts file, each on a position built for it (section cited)."""

from __future__ import annotations

import random

import pytest

from ludoteca.core.errors import BadOptionError
from ludoteca.games.pax_porfiriana.actions import ACTIONS, ID
from ludoteca.games.pax_porfiriana.board import CARDS, TOPPLES, deck_size
from ludoteca.games.pax_porfiriana.economy import income_of
from ludoteca.games.pax_porfiriana.market import draw_weights
from ludoteca.games.pax_porfiriana.play import place
from ludoteca.games.pax_porfiriana.procs import PROCS
from ludoteca.games.pax_porfiriana.state import PaxState
from ludoteca.games.pax_porfiriana.tests.positions import (
    GAME,
    again,
    hand,
    legal,
    outcome,
    play,
    started,
    waiting,
)
from ludoteca.games.pax_porfiriana.topple import tripartite


def test_notation_round_trips() -> None:
    """DESIGN §4: parse and format are exact inverses over the whole action space."""
    for action in range(len(ACTIONS)):
        assert ACTIONS.parse(ACTIONS.format(action)) == action


def test_every_procedure_of_the_game_declares_its_frame() -> None:
    """Issue 57: each procedure the game writes declares its locals (`frame=`), so mypy checks its steps
    and the calls that name it; only the core's own are untyped: the turn's and Díaz's sequences
    (`PROCS.sequence`) and the effects' interpreter (`EffectKinds`)."""
    untyped = sorted(name for name, procedure in PROCS.by_name.items() if procedure.frame is None)
    assert untyped == ["diaz.turn", "effects", "turn"]


def test_solo_needs_two_players() -> None:
    """Part L: the solitaire is set up as a two-player game."""
    with pytest.raises(BadOptionError):
        GAME.new_initial_state({"players": "3", "solo": "diaz"})


@pytest.mark.parametrize("n", range(2, 7))
def test_setup(n: int) -> None:
    """§PREPARACIÓN: 50 + 10 per player in six piles, a Topple in four, the two clean piles on top; 12
    cards in the market; 4, 5, 6… gold from the first player; a Hacendado with two cubes each."""
    state = started(n)
    d = state.d
    assert [t for _, t in d["piles"]] == [0, 0, 1, 1, 1, 1]
    dealt = 12
    assert sum(m + t for m, t in d["piles"]) + dealt == deck_size(n) + len(TOPPLES)
    assert sum(1 for row in d["market"] for c in row if c) == 12
    assert [d["gold"][(d["first"] + k) % n] for k in range(n)] == [4 + k for k in range(n)]
    assert all(h["income"] == 2 and h["side"] == -1 for h in d["hac"])
    assert len({h["id"] for h in d["hac"]}) == n


def test_clean_piles_draw_no_topple_and_topple_weight() -> None:
    """§PREPARACIÓN e: the clean piles hold no Topple; in a Topple pile of m cards not yet seen the Topple
    comes next with probability 1/(m+1) (the piles' Topple places are never stored)."""
    state = started(2)
    weights = draw_weights(state, [5, 0])
    assert not any(ACTIONS.names[action].split()[1] in TOPPLES for action in weights)
    weights = draw_weights(state, [5, 1])
    topple = sum(w for action, w in weights.items() if ACTIONS.names[action].split()[1] in TOPPLES)
    assert topple / sum(weights.values()) == pytest.approx(1 / 6)


def test_three_actions_two_in_jail_and_bail() -> None:
    """§I, §ENCARCELADO, §POLICÍA: 3 actions, 2 in jail; leaving jail for 3 gold gives the action back."""
    state = started(3)
    p = state.d["turn"]
    assert state.d["left"] == 3
    state.d["jail"][p] = True
    state.d["left"] = 2
    state.d["gold"][p] = 10
    play(again(state), "bail")
    assert state.d["left"] == 2 and not state.d["jail"][p] and state.d["gold"][p] == 7


def test_second_buy_costs_two_actions_and_hand_limit() -> None:
    """§COMPRAR CARTA: the second buy of a turn costs two actions; at most 5 cards in hand."""
    state = started(3)
    p = state.d["turn"]
    state.d["gold"][p] = 100
    again(state)
    free = next(c for c in state.d["market"][0] if c in CARDS and CARDS[c].type != "headline")
    play(state, f"buy {free}")
    assert state.d["left"] == 2 and free in state.d["hands"][p]
    other = next(c for row in state.d["market"] for c in row if c in CARDS and CARDS[c].type != "headline")
    play(state, f"buy {other}")
    assert state.d["left"] == 0
    st2 = started(3)
    q = st2.d["turn"]
    st2.d["hands"][q] = [
        "mina_cananea",
        "mina_el_tigre",
        "minas_nacozari",
        "mina_la_colorada",
        "fundicion_cananea",
    ]
    again(st2)
    for row in st2.d["market"]:
        for c in row:
            if c in CARDS and CARDS[c].type != "headline":
                assert f"buy {c}" not in legal(st2)


def test_speculator_is_paid() -> None:
    """§ESPECULAR: whoever buys a card with another player's Speculation cube pays its price to them."""
    state = started(3)
    p = state.d["turn"]
    q = (p + 1) % 3
    card = state.d["market"][1][2]
    assert card is not None
    state.d["spec"][card] = q
    state.d["gold"][p], state.d["gold"][q] = 10, 0
    play(again(state), f"buy {card}")
    assert state.d["gold"][q] == 2 and state.d["gold"][p] == 8 and card not in state.d["spec"]


def test_enterprise_cubes_and_pax_prestige_cube() -> None:
    """§CARTA DE EMPRESA: Income cubes as printed (mines: at most the regime's), a Prestige cube on a
    Loyalty point under the Pax only."""
    state = started(2)
    e = place(state, 0, "minas_nacozari", 0)
    assert e["income"] == 2 and e["pcube"]
    state.d["regime"] = "anarchy"
    e2 = place(state, 0, "mina_cananea", 0)
    assert e2["income"] == 1 and not e2["pcube"]


def test_income_blocked_by_unrest() -> None:
    """§IV: Income cubes, Hacendado salary and Prestige cubes under the Pax; nothing from unrest."""
    state = started(2)
    base = income_of(state, 0)
    e = place(state, 0, "minas_nacozari", 0)
    assert income_of(state, 0) == base + 3
    e["unrest"] = 1
    assert income_of(state, 0) == base


def test_black_card_outside_its_regime_costs_two_actions() -> None:
    """§CARTA NEGRA: two actions unless played during the regime on its icon."""
    from ludoteca.games.pax_porfiriana.turn import cost

    state = started(2)
    assert cost(state, 0, ID["play soborno_al_juez"]) == 1  # a Pax card under the Pax
    assert cost(state, 0, ID["play prestamo_forzoso"]) == 2  # an Anarchy card


def test_orange_card_unrest_theft_armoury_and_prestige_to_victim() -> None:
    """§CARTA NARANJA: unrest disks on an enterprise of its jurisdiction, gold stolen, each armoury owner
    paid 2 once, and a card with prestige given to the victim."""
    state = started(2)
    p = state.d["turn"]
    v = 1 - p
    place(state, v, "mina_cananea", 0)
    place(state, v, next(c for c in CARDS if CARDS[c].kind == "armoury"), 0)
    state.d["gold"][p], state.d["gold"][v] = 10, 5
    hand(state, p, "huelga_cananea")
    play(again(state), "play huelga_cananea", "on mina_cananea")
    e = state.find("mina_cananea")
    assert e is not None and e[1]["unrest"] == 2
    assert state.d["gold"][v] == 7  # no theft on this card; +2 from the armoury
    assert "huelga_cananea" in state.d["pile"][v]


def test_own_enterprise_with_unrest_is_no_orange_target() -> None:
    """§CARTA NARANJA: no orange card against one's own enterprise with unrest; it cannot be sold."""
    state = started(2)
    p = state.d["turn"]
    e = place(state, p, "mina_cananea", 0)
    e["unrest"] = 1
    hand(state, p, "huelga_cananea")
    state.d["gold"][p] = 10
    assert "play huelga_cananea" not in legal(again(state))
    assert "sell mina_cananea" not in legal(state)


def test_slave_revolt_jails_the_liberator() -> None:
    """§CARTA NARANJA: more unrest than cubes on a slave plantation: the player goes to jail and files the
    card in their prestige pile."""
    state = started(2)
    p = state.d["turn"]
    v = 1 - p
    slave = next(c for c in CARDS if CARDS[c].slave)
    e = place(state, v, slave, 0)
    e["income"] = 1
    orange = next(
        c
        for c in CARDS
        if CARDS[c].type == "orange"
        and CARDS[c].jurisdiction == CARDS[slave].jurisdiction
        and CARDS[c].against in ("", "plantation")
        and CARDS[c].effects[0].number("n") >= 2
    )
    hand(state, p, orange)
    state.d["gold"][p] = 10
    play(again(state), f"play {orange}", f"on {slave}")
    assert state.d["jail"][p] and slave in state.d["pile"][p] and state.find(slave) is None


def test_troop_battle_and_extortion() -> None:
    """§CARTA DE TROPA: a troop on a rival's enterprise extorts it (an Income cube off); a stronger troop
    wins a battle for the post."""
    state = started(2)
    p = state.d["turn"]
    v = 1 - p
    place(state, v, "mina_cananea", 0)
    weak, strong = sorted(
        (c for c in CARDS if CARDS[c].type == "troop" and CARDS[c].jurisdiction == "sonora"),
        key=lambda c: CARDS[c].firepower,
    )[:: len([1 for c in CARDS if CARDS[c].type == "troop" and CARDS[c].jurisdiction == "sonora"]) - 1]
    state.d["gold"][p] = 50
    hand(state, p, weak)
    play(again(state), f"play {weak}", "on mina_cananea")
    while waiting(state)["prompt"] != "prompt.action":
        state.apply_action(state.legal_actions()[0])
    e = state.find("mina_cananea")
    assert e is not None and e[1]["troop"] == {"id": weak, "owner": p, "extort": True}
    assert e[1]["income"] == 1
    assert CARDS[strong].firepower > CARDS[weak].firepower


def test_sell_at_the_economy_value() -> None:
    """§VENDER CARTA: the regime's economy value."""
    state = started(2)
    p = state.d["turn"]
    hand(state, p, "mina_cananea")
    g = state.d["gold"][p]
    play(again(state), "sell mina_cananea")
    assert state.d["gold"][p] == g + 3 and "mina_cananea" in state.d["discard"]


def test_two_bears_in_a_row_start_a_depression() -> None:
    """§II, §DEPRESIÓN: two bear headlines discarded in a row from the free column; mines lose their
    cubes."""
    state = started(2)
    bears = [c for c in CARDS if CARDS[c].type == "headline" and CARDS[c].icon == "bear"][:2]
    e = place(state, 0, "mina_cananea", 0)
    state.d["run"] = ["bear", 1]
    state.d["market"][0][0] = bears[0]
    state.d["seen"] = [*state.d["seen"], bears[0]]  # replaced, never changed in place (PaxState.shared_keys)
    play(again(state), "end")  # phase II runs before the market is restored
    assert state.d["depression"] and e["income"] == 0


def test_tripartite_is_diaz_and_the_two_weakest_others(monkeypatch: pytest.MonkeyPatch) -> None:
    """§DERROCANDO 4, K3: Díaz's 2 plus the two weakest other players (ambiguity 12)."""
    state = started(4)
    monkeypatch.setattr(PaxState, "prestige", lambda self, p, kind: [5, 1, 2, 3][p])
    assert tripartite(state, 0) == 2 + 1 + 2
    assert tripartite(state, 1) == 2 + 2 + 3


def test_hands_are_hidden() -> None:
    """DESIGN §2: another seat sees only the size of a hand."""
    state = started(3)
    hand(state, 0, "mina_cananea")
    assert "hand" in state.view(0)["board"]["players"]["jugador-1"]
    other = state.view(1)["board"]["players"]["jugador-1"]
    assert "hand" not in other and other["hand_size"] == 1


def test_topple_richest_challenger_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    """§GANADOR: of the players who topple Díaz, the richest wins."""
    state = started(4)
    monkeypatch.setattr(PaxState, "prestige", lambda self, q, kind: [9, 12, 0, 0][q])
    topple = next(x for x in TOPPLES if x not in state.d["topples_out"])
    state.d["market"][0][0] = topple
    state.d["gold"] = [5, 8, 1, 1]
    play(again(state), f"buy {topple}")
    while not state.is_terminal():
        play(state, "pass")
    assert state.returns()[:4] == [-1.0, 1.0, -1.0, -1.0] and outcome(state) == "outcome.toppled"


def test_last_topple_discarded_means_the_richest_wins() -> None:
    """§GANADOR, ambiguity 11: the fourth Topple discarded from the free column ends the game with a
    count of gold."""
    state = started(2)
    state.d["topples_done"] = 3
    topple = next(x for x in TOPPLES if x not in state.d["topples_out"])
    state.d["market"][0][0] = topple
    state.d["gold"] = [3, 9]
    play(again(state), "end")
    assert state.is_terminal() and outcome(state) == "outcome.richest" and state.returns()[:2] == [-1.0, 1.0]


def test_solitaire_diaz_wins_after_the_last_topple() -> None:
    """Part L: Díaz discards a Topple he takes; after the fourth, Díaz stays and wins."""
    state = started(2, solo="diaz")
    assert GAME.roles_in_play(GAME.parse_options({"players": "2", "solo": "diaz"})) == (0,)
    state.d["topples_done"] = 3
    topple = next(x for x in TOPPLES if x not in state.d["topples_out"])
    state.d["market"][0][0] = topple
    play(again(state), "end")
    assert state.is_terminal() and outcome(state) == "outcome.diaz"


def test_depression_loots_an_extorted_mine() -> None:
    """§DEPRESIÓN: Income and Extortion cubes leave mines and banks; an extorted one is looted (back to
    its owner's hand); §FINALIZAR: mines get the regime's cubes again."""
    from ludoteca.games.pax_porfiriana.economy import set_depression

    state = started(2)
    e = place(state, 0, "mina_cananea", 0)
    e["income"] -= 1
    e["troop"] = {"id": next(c for c in CARDS if CARDS[c].type == "troop"), "owner": 1, "extort": True}
    other = place(state, 0, "mina_el_tigre", 0)
    set_depression(state, True)
    assert state.find("mina_cananea") is None and "mina_cananea" in state.d["hands"][0]
    assert other["income"] == 0
    set_depression(state, False)
    assert other["income"] == 2


def test_jailed_player_has_two_actions_next_turn() -> None:
    """§ENCARCELADO: a player jailed by another has 2 actions in their next turn."""
    state = started(2)
    p = state.d["turn"]
    state.d["jail"][1 - p] = True
    play(again(state), "end")
    while state.d["turn"] == p or state.is_chance_node():
        state.apply_action(state.legal_actions()[0] if state.is_chance_node() else state.legal_actions()[-1])
    assert state.d["left"] == 2


def test_the_solitaire_alone_sets_up_two_players_and_refuses_another_count() -> None:
    """Part L: a two-player set-up (players defaults to 2, so `solo=diaz` alone is the solitaire); an
    explicit other count is refused."""
    from ludoteca.core.errors import BadOptionError
    from ludoteca.games.pax_porfiriana.options import PaxOptions

    assert PaxOptions.parse({"solo": "diaz"}).players == 2
    with pytest.raises(BadOptionError, match="needs players=2"):
        PaxOptions.parse({"solo": "diaz", "players": "4"})


def test_a_stalled_market_discards_its_free_column_after_a_whole_round() -> None:
    """Our rule (README §9, the stalled market): a round of turns in which no card leaves the market
    discards what stands in the free column, so the game always runs down to its fourth Topple."""
    state = started(2, seed=4)
    free = [row[0] for row in state.d["market"]]
    assert all(card is not None and CARDS[card].type != "headline" for card in free), "seed with no headline"
    state.apply_notation("end")
    assert [row[0] for row in state.d["market"]] == free  # one turn of a round: nothing yet
    assert state.d["still"] == 1
    state.apply_notation("end")
    rng = random.Random(0)
    while state.is_chance_node():
        state.apply_action(state.sample_chance(rng))
    assert all(card in state.d["discard"] for card in free)
    assert state.d["still"] == 0
