"""The rules of the player aid and the facts file, each on a position built for it (section cited)."""

from __future__ import annotations

import pytest

from ludoteca.core.errors import BadOptionError
from ludoteca.games.pax_porfiriana.actions import ACTIONS, ID
from ludoteca.games.pax_porfiriana.cards import CARDS, TOPPLES, deck_size
from ludoteca.games.pax_porfiriana.economy import income_of
from ludoteca.games.pax_porfiriana.market import draw_weights
from ludoteca.games.pax_porfiriana.play import place
from ludoteca.games.pax_porfiriana.state import PaxState
from ludoteca.games.pax_porfiriana.tests.positions import GAME, again, hand, legal, play, started
from ludoteca.games.pax_porfiriana.topple import tripartite


def test_notation_round_trips() -> None:
    """DESIGN §4: parse and format are exact inverses over the whole action space."""
    for a in range(len(ACTIONS)):
        assert ACTIONS.parse(ACTIONS.format(a)) == a


def test_solo_needs_two_players() -> None:
    """Part L: the solitaire is set up as a two-player game."""
    with pytest.raises(BadOptionError):
        GAME.new_initial_state({"players": "3", "solo": "diaz"})


@pytest.mark.parametrize("n", range(2, 7))
def test_setup(n: int) -> None:
    """§PREPARACIÓN: 50 + 10 per player in six piles, a Topple in four, the two clean piles on top; 12
    cards in the market; 4, 5, 6… gold from the first player; a Hacendado with two cubes each."""
    st = started(n)
    d = st.d
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
    st = started(2)
    weights = draw_weights(st, [5, 0])
    assert not any(ACTIONS.names[a].split()[1] in TOPPLES for a in weights)
    weights = draw_weights(st, [5, 1])
    topple = sum(w for a, w in weights.items() if ACTIONS.names[a].split()[1] in TOPPLES)
    assert topple / sum(weights.values()) == pytest.approx(1 / 6)


def test_three_actions_two_in_jail_and_bail() -> None:
    """§I, §ENCARCELADO, §POLICÍA: 3 actions, 2 in jail; leaving jail for 3 gold gives the action back."""
    st = started(3)
    p = st.d["turn"]
    assert st.d["left"] == 3
    st.d["jail"][p] = True
    st.d["left"] = 2
    st.d["gold"][p] = 10
    play(again(st), "bail")
    assert st.d["left"] == 2 and not st.d["jail"][p] and st.d["gold"][p] == 7


def test_second_buy_costs_two_actions_and_hand_limit() -> None:
    """§COMPRAR CARTA: the second buy of a turn costs two actions; at most 5 cards in hand."""
    st = started(3)
    p = st.d["turn"]
    st.d["gold"][p] = 100
    again(st)
    free = next(c for c in st.d["market"][0] if c in CARDS and CARDS[c].type != "headline")
    play(st, f"buy {free}")
    assert st.d["left"] == 2 and free in st.d["hands"][p]
    other = next(c for row in st.d["market"] for c in row if c in CARDS and CARDS[c].type != "headline")
    play(st, f"buy {other}")
    assert st.d["left"] == 0
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
    st = started(3)
    p = st.d["turn"]
    q = (p + 1) % 3
    card = st.d["market"][1][2]
    st.d["spec"][card] = q
    st.d["gold"][p], st.d["gold"][q] = 10, 0
    play(again(st), f"buy {card}")
    assert st.d["gold"][q] == 2 and st.d["gold"][p] == 8 and card not in st.d["spec"]


def test_enterprise_cubes_and_pax_prestige_cube() -> None:
    """§CARTA DE EMPRESA: Income cubes as printed (mines: at most the regime's), a Prestige cube on a
    Loyalty point under the Pax only."""
    st = started(2)
    e = place(st, 0, "minas_nacozari", 0)
    assert e["income"] == 2 and e["pcube"]
    st.d["regime"] = "anarchy"
    e2 = place(st, 0, "mina_cananea", 0)
    assert e2["income"] == 1 and not e2["pcube"]


def test_income_blocked_by_unrest() -> None:
    """§IV: Income cubes, Hacendado salary and Prestige cubes under the Pax; nothing from unrest."""
    st = started(2)
    base = income_of(st, 0)
    e = place(st, 0, "minas_nacozari", 0)
    assert income_of(st, 0) == base + 3
    e["unrest"] = 1
    assert income_of(st, 0) == base


def test_black_card_outside_its_regime_costs_two_actions() -> None:
    """§CARTA NEGRA: two actions unless played during the regime on its icon."""
    from ludoteca.games.pax_porfiriana.turn import cost

    st = started(2)
    assert cost(st, 0, ID["play soborno_al_juez"]) == 1  # a Pax card under the Pax
    assert cost(st, 0, ID["play prestamo_forzoso"]) == 2  # an Anarchy card


def test_orange_card_unrest_theft_armoury_and_prestige_to_victim() -> None:
    """§CARTA NARANJA: unrest disks on an enterprise of its jurisdiction, gold stolen, each armoury owner
    paid 2 once, and a card with prestige given to the victim."""
    st = started(2)
    p = st.d["turn"]
    v = 1 - p
    place(st, v, "mina_cananea", 0)
    place(st, v, next(c for c in CARDS if CARDS[c].kind == "armoury"), 0)
    st.d["gold"][p], st.d["gold"][v] = 10, 5
    hand(st, p, "huelga_cananea")
    play(again(st), "play huelga_cananea", "on mina_cananea")
    e = st.find("mina_cananea")
    assert e is not None and e[1]["unrest"] == 2
    assert st.d["gold"][v] == 7  # no theft on this card; +2 from the armoury
    assert "huelga_cananea" in st.d["pile"][v]


def test_own_enterprise_with_unrest_is_no_orange_target() -> None:
    """§CARTA NARANJA: no orange card against one's own enterprise with unrest; it cannot be sold."""
    st = started(2)
    p = st.d["turn"]
    e = place(st, p, "mina_cananea", 0)
    e["unrest"] = 1
    hand(st, p, "huelga_cananea")
    st.d["gold"][p] = 10
    assert "play huelga_cananea" not in legal(again(st))
    assert "sell mina_cananea" not in legal(st)


def test_slave_revolt_jails_the_liberator() -> None:
    """§CARTA NARANJA: more unrest than cubes on a slave plantation: the player goes to jail and files the
    card in their prestige pile."""
    st = started(2)
    p = st.d["turn"]
    v = 1 - p
    slave = next(c for c in CARDS if CARDS[c].slave)
    e = place(st, v, slave, 0)
    e["income"] = 1
    orange = next(
        c
        for c in CARDS
        if CARDS[c].type == "orange"
        and CARDS[c].jurisdiction == CARDS[slave].jurisdiction
        and CARDS[c].against in ("", "plantation")
        and CARDS[c].effects[0].get("n") >= 2
    )
    hand(st, p, orange)
    st.d["gold"][p] = 10
    play(again(st), f"play {orange}", f"on {slave}")
    assert st.d["jail"][p] and slave in st.d["pile"][p] and st.find(slave) is None


def test_troop_battle_and_extortion() -> None:
    """§CARTA DE TROPA: a troop on a rival's enterprise extorts it (an Income cube off); a stronger troop
    wins a battle for the post."""
    st = started(2)
    p = st.d["turn"]
    v = 1 - p
    place(st, v, "mina_cananea", 0)
    weak, strong = sorted(
        (c for c in CARDS if CARDS[c].type == "troop" and CARDS[c].jurisdiction == "sonora"),
        key=lambda c: CARDS[c].firepower,
    )[:: len([1 for c in CARDS if CARDS[c].type == "troop" and CARDS[c].jurisdiction == "sonora"]) - 1]
    st.d["gold"][p] = 50
    hand(st, p, weak)
    play(again(st), f"play {weak}", "on mina_cananea")
    while st.d["wait"]["prompt"] != "prompt.action":
        st.apply_action(st.legal_actions()[0])
    e = st.find("mina_cananea")
    assert e is not None and e[1]["troop"] == {"id": weak, "owner": p, "extort": True}
    assert e[1]["income"] == 1
    assert CARDS[strong].firepower > CARDS[weak].firepower


def test_sell_at_the_economy_value() -> None:
    """§VENDER CARTA: the regime's economy value."""
    st = started(2)
    p = st.d["turn"]
    hand(st, p, "mina_cananea")
    g = st.d["gold"][p]
    play(again(st), "sell mina_cananea")
    assert st.d["gold"][p] == g + 3 and "mina_cananea" in st.d["discard"]


def test_two_bears_in_a_row_start_a_depression() -> None:
    """§II, §DEPRESIÓN: two bear headlines discarded in a row from the free column; mines lose their
    cubes."""
    st = started(2)
    bears = [c for c in CARDS if CARDS[c].type == "headline" and CARDS[c].icon == "bear"][:2]
    e = place(st, 0, "mina_cananea", 0)
    st.d["run"] = ["bear", 1]
    st.d["market"][0][0] = bears[0]
    st.d["seen"].append(bears[0])
    play(again(st), "end")  # phase II runs before the market is restored
    assert st.d["depression"] and e["income"] == 0


def test_tripartite_is_diaz_and_the_two_weakest_others(monkeypatch: pytest.MonkeyPatch) -> None:
    """§DERROCANDO 4, K3: Díaz's 2 plus the two weakest other players (ambiguity 12)."""
    st = started(4)
    monkeypatch.setattr(PaxState, "prestige", lambda self, p, kind: [5, 1, 2, 3][p])
    assert tripartite(st, 0) == 2 + 1 + 2
    assert tripartite(st, 1) == 2 + 2 + 3


def test_hands_are_hidden() -> None:
    """DESIGN §2: another seat sees only the size of a hand."""
    st = started(3)
    hand(st, 0, "mina_cananea")
    assert "hand" in st.view(0)["board"]["players"]["jugador-1"]
    other = st.view(1)["board"]["players"]["jugador-1"]
    assert "hand" not in other and other["hand_size"] == 1


def test_topple_richest_challenger_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    """§GANADOR: of the players who topple Díaz, the richest wins."""
    st = started(4)
    monkeypatch.setattr(PaxState, "prestige", lambda self, q, kind: [9, 12, 0, 0][q])
    topple = next(x for x in TOPPLES if x not in st.d["topples_out"])
    st.d["market"][0][0] = topple
    st.d["gold"] = [5, 8, 1, 1]
    play(again(st), f"buy {topple}")
    while not st.is_terminal():
        play(st, "pass")
    assert st.returns()[:4] == [-1.0, 1.0, -1.0, -1.0] and st.d["over"]["outcome"] == "outcome.toppled"


def test_last_topple_discarded_means_the_richest_wins() -> None:
    """§GANADOR, ambiguity 11: the fourth Topple discarded from the free column ends the game with a
    count of gold."""
    st = started(2)
    st.d["topples_done"] = 3
    topple = next(x for x in TOPPLES if x not in st.d["topples_out"])
    st.d["market"][0][0] = topple
    st.d["gold"] = [3, 9]
    play(again(st), "end")
    assert (
        st.is_terminal() and st.d["over"]["outcome"] == "outcome.richest" and st.returns()[:2] == [-1.0, 1.0]
    )


def test_solitaire_diaz_wins_after_the_last_topple() -> None:
    """Part L: Díaz discards a Topple he takes; after the fourth, Díaz stays and wins."""
    st = started(2, solo="diaz")
    assert GAME.roles_in_play(GAME.parse_options({"players": "2", "solo": "diaz"})) == (0,)
    st.d["topples_done"] = 3
    topple = next(x for x in TOPPLES if x not in st.d["topples_out"])
    st.d["market"][0][0] = topple
    play(again(st), "end")
    assert st.is_terminal() and st.d["over"]["outcome"] == "outcome.diaz"


def test_depression_loots_an_extorted_mine() -> None:
    """§DEPRESIÓN: Income and Extortion cubes leave mines and banks; an extorted one is looted (back to
    its owner's hand); §FINALIZAR: mines get the regime's cubes again."""
    from ludoteca.games.pax_porfiriana.economy import set_depression

    st = started(2)
    e = place(st, 0, "mina_cananea", 0)
    e["income"] -= 1
    e["troop"] = {"id": next(c for c in CARDS if CARDS[c].type == "troop"), "owner": 1, "extort": True}
    other = place(st, 0, "mina_el_tigre", 0)
    set_depression(st, True)
    assert st.find("mina_cananea") is None and "mina_cananea" in st.d["hands"][0]
    assert other["income"] == 0
    set_depression(st, False)
    assert other["income"] == 2


def test_jailed_player_has_two_actions_next_turn() -> None:
    """§ENCARCELADO: a player jailed by another has 2 actions in their next turn."""
    st = started(2)
    p = st.d["turn"]
    st.d["jail"][1 - p] = True
    play(again(st), "end")
    while st.d["turn"] == p or st.is_chance_node():
        st.apply_action(st.legal_actions()[0] if st.is_chance_node() else st.legal_actions()[-1])
    assert st.d["left"] == 2
