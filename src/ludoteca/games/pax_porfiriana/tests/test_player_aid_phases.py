"""The rules of the player aid after the action phase, one test each on a position built for it (section
cited): depressions and their costs, income, regimes and mines, looting, the Topple (flips, "During the
Topple" cards, assassination, the Tripartite, tie-breaks), strife, and Díaz's turn in the solitaire."""

from __future__ import annotations

import pytest

from ludoteca.games.pax_porfiriana.board import CARDS, TOPPLES
from ludoteca.games.pax_porfiriana.economy import income_of
from ludoteca.games.pax_porfiriana.effects import change_regime
from ludoteca.games.pax_porfiriana.play import place
from ludoteca.games.pax_porfiriana.state import PaxState
from ludoteca.games.pax_porfiriana.tests.positions import (
    again,
    before_diaz,
    hand,
    legal,
    out_of_market,
    plain,
    play,
    started,
    terrazas,
    troop_on,
    until_action_menu,
    waiting,
)
from ludoteca.games.pax_porfiriana.topple import diaz_prestige, finish, tripartite


# -------------------------------------------------------------------------- depressions, income, regimes
def test_two_bulls_end_a_depression_and_another_icon_breaks_a_run() -> None:
    """§FINALIZAR DEPRESIÓN: two bulls discarded in a row end it; ambiguity 10: a headline of the other
    icon starts a new run."""
    state = started(2)
    bull = next(c for c in CARDS if CARDS[c].type == "headline" and CARDS[c].icon == "bull")
    out_of_market(state, bull)
    state.d["depression"], state.d["run"] = True, ["bull", 1]
    state.d["market"][0][0] = bull
    play(again(state), "end")
    assert not state.d["depression"]
    other = started(2)
    out_of_market(other, bull)
    other.d["run"] = ["bear", 1]
    other.d["market"][0][0] = bull
    play(again(other), "end")
    assert not other.d["depression"] and other.d["run"] == ["bull", 1]


def test_income_from_connection_and_extortion_cubes_on_other_players_cards() -> None:
    """§IV: a Connection cube pays its owner on a mine, ranch, plantation or smelter (ambiguity 8: not on
    a railroad, bank or other enterprise), wherever it is; an Extortion cube on a rival's enterprise
    pays its owner."""
    state = started(2)
    p, v = 0, 1
    base = income_of(state, p)
    place(state, v, "mina_cananea", 0)["conn"] = p
    assert income_of(state, p) == base + 1
    place(state, v, "ferrocarril_nacozari", 0)["conn"] = p
    assert income_of(state, p) == base + 1
    place(state, v, "rancho_cocospera", 0)
    troop_on(state, "rancho_cocospera", "maderistas_sonora", p)
    assert income_of(state, p) == base + 2


def test_depression_costs_one_gold_per_card_in_play_or_a_discard() -> None:
    """§DEPRESIÓN, gastos: after income, 1 gold for each enterprise, partner and troop in play (private
    armies included; not the Hacendado, the prestige pile or public cards); a card not paid for is
    discarded."""
    state = started(2)
    p = state.d["turn"]
    state.d["depression"] = True
    for q in (0, 1):
        place(state, q, ("rancho_cocospera", "rancho_bavispe")[q], 0)
    place(state, p, "teresa_urrea", 0)
    troop_on(state, ("rancho_cocospera", "rancho_bavispe")[p], "batallon_guaymas", p)
    state.d["pile"][p].append("la_leva")
    state.d["gold"] = [0, 0]
    play(again(state), "end")
    until_action_menu(state)
    asked = False
    while waiting(state)["prompt"] == "prompt.upkeep":
        q = waiting(state)["role"]
        if q == p and waiting(state)["params"]["n"] == 3:
            assert sorted(legal(state)) == sorted(
                [
                    "discard rancho_cocospera" if p == 0 else "discard rancho_bavispe",
                    "discard teresa_urrea",
                    "discard batallon_guaymas",
                ]
                + (["pass"] if state.d["gold"][p] >= 3 else [])
            )
            play(state, "discard batallon_guaymas")
            asked = True
            continue
        play(state, "pass" if "pass" in legal(state) else legal(state)[0])
    assert asked and "batallon_guaymas" in state.d["discard"] and "la_leva" in state.d["pile"][p]


def test_mines_carry_the_income_cubes_their_regime_allows() -> None:
    """§IV, facts §1.8, README ambiguity 15: a mine carries the regime's mine value at most (its printed
    number at most); a regime change adjusts it, cubes coming from the reserve."""
    state = started(2)
    mine = place(state, 0, "mina_cananea", 0)  # prints 3
    assert mine["income"] == 2  # the Pax: 2
    change_regime(state, "us_intervention")  # 3
    assert mine["income"] == 3
    change_regime(state, "martial_law")  # 1
    assert mine["income"] == 1


def test_a_headline_that_takes_the_last_cube_of_an_extorted_bank_loots_it() -> None:
    """§CARTA DE TROPA, nota: the Extortion cube is the last cube lost; losing it loots the enterprise: it
    goes back to its owner's hand, and the troop retreats (here it cannot join an army: discarded)."""
    state = started(2)
    p = state.d["turn"]
    v = 1 - p
    plain(state, p)
    bank = next(c for c in CARDS if CARDS[c].kind == "bank" and CARDS[c].jurisdiction == "chihuahua")
    out_of_market(state, bank, "panico_de_1907")
    e = place(state, v, bank, 0)
    e["income"] = 0
    troop_on(state, bank, "brigada_villa", p)
    state.d["market"][0][0] = "panico_de_1907"
    play(again(state), "buy panico_de_1907", "event")  # one Income cube off every bank
    assert state.find(bank) is None and bank in state.d["hands"][v]
    assert "brigada_villa" in state.d["discard"]


# -------------------------------------------------------------------------------------------- the Topple
def buy_topple(state: PaxState) -> None:
    topple = next(x for x in TOPPLES if x not in state.d["topples_out"])
    state.d["market"][0][0] = topple
    play(again(state), f"buy {topple}")


def test_in_a_topple_each_player_may_flip_and_discard_during_the_topple_cards() -> None:
    """§DERROCANDO 2–3: from the buyer's left each player may flip their Hacendado to an orientation and
    discard "During the Topple" cards, which change Díaz's strength for everyone."""
    state = started(3)
    p = state.d["turn"]
    q = (p + 1) % 3
    place(state, q, "general_navarro", 0)  # +1 to Díaz
    buy_topple(state)
    assert waiting(state)["role"] == q
    assert sorted(legal(state)) == ["discard general_navarro", "pass", "side 1", "side 2"]
    before = tripartite(state, q)
    play(state, "discard general_navarro")
    assert state.d["mod"] == 1 and tripartite(state, q) == before + 1
    play(state, "side 2")
    assert state.d["hac"][q]["side"] == 1 and state.d["hac"][q]["income"] == 0
    assert sorted(legal(state)) == ["pass"]


def test_a_flipped_hacendado_is_assassinated_only_in_a_topple_and_never_flips_again() -> None:
    """§CARTA NEGRA P. 19: during a Topple, with a black card, a flipped Hacendado without a private
    army (README: for 3 gold) turns Loyalist with its two cubes and ability, and can never flip again."""
    state = started(2)
    p = state.d["turn"]
    v = 1 - p
    state.d["hac"][v].update({"side": 0, "income": 0})
    hand(state, p, "la_leva")
    state.d["gold"][p] = 10
    hac = state.d["hac"][v]["id"]
    buy_topple(state)
    play(state, "pass")  # v, at the buyer's left
    assert f"assassinate {hac}" in legal(state)
    play(state, f"assassinate {hac}")
    assert state.d["hac"][v] | {"army": []} == {"id": hac, "side": -1, "dead": True, "army": [], "income": 2}
    assert state.d["gold"][p] == 7 and "la_leva" in state.d["discard"]
    again_ = started(2)
    again_.d["hac"][1 - again_.d["turn"]].update({"dead": True})
    buy_topple(again_)
    assert "side 1" not in legal(again_)
    guarded = started(2)
    g = guarded.d["turn"]
    guarded.d["hac"][1 - g].update({"side": 0, "income": 0, "army": ["rurales_sonora"]})
    out_of_market(guarded, "rurales_sonora")
    hand(guarded, g, "la_leva")
    guarded.d["gold"][g] = 10
    buy_topple(guarded)
    play(guarded, "pass")
    assert not any(action.startswith("assassinate") for action in legal(guarded))


def test_an_enterprise_discarded_in_a_topple_sends_its_troop_into_retreat() -> None:
    """§DERROCANDO 3b with §RETIRADA: an enterprise with a "During the Topple" ability leaves the row when
    discarded, and the troop on it retreats (into the private army, or discarded), never lost."""
    state = started(2)
    p = state.d["turn"]
    q = 1 - p
    terrazas(state, q)
    state.d["gold"][q] = 10
    place(state, q, "banco_minero", 0)  # +1 to Díaz during the Topple
    troop_on(state, "banco_minero", "rurales_chihuahua", q)
    buy_topple(state)
    play(state, "discard banco_minero")
    assert waiting(state)["role"] == q
    assert sorted(legal(state)) == ["discard rurales_chihuahua", "side 1"]
    play(state, "side 1")
    assert "banco_minero" in state.d["discard"] and state.find("banco_minero") is None
    assert state.d["hac"][q]["army"] == ["rurales_chihuahua"] and state.d["mod"] == 1


def test_the_tripartite_with_two_players_is_diaz_and_the_one_opponent() -> None:
    """Ambiguity 12: with two players the Tripartite is Díaz's 2 and the opponent's prestige."""
    state = started(2)
    place(state, 1, "juzgado_nogales", 0)  # 1 Loyalty
    assert tripartite(state, 0) == 2 + state.prestige(1, "loyalty") == 3


def test_tie_breaks_gold_then_the_regimes_prestige_then_a_shared_victory(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """§GANADOR: the richest wins; README ambiguity 13: tied gold, the most prestige of the regime's kind;
    still tied, a shared victory."""
    state = started(3)
    state.d["gold"] = [5, 5, 2]
    monkeypatch.setattr(PaxState, "prestige", lambda self, q, kind: [1, 4, 9][q])
    finish(state, [0, 1, 2], "outcome.richest", "loyalty")
    assert state.returns()[:3] == [-1.0, 1.0, -1.0]
    shared = started(3)
    shared.d["gold"] = [5, 5, 2]
    monkeypatch.setattr(PaxState, "prestige", lambda self, q, kind: 3)
    finish(shared, [0, 1, 2], "outcome.richest", "loyalty")
    assert shared.returns()[:3] == [1.0, 1.0, -1.0]


def test_cards_with_unrest_give_no_prestige() -> None:
    """§DERROCANDO 4: prestige counts from cards in play without unrest (and troops standing on them)."""
    state = started(2)
    e = place(state, 0, "shelton_payne", 0)  # 1 Revolution
    base = state.prestige(0, "revolution")
    e["unrest"] = 1
    assert state.prestige(0, "revolution") == base - 1


# ------------------------------------------------------------------------------------------------ strife
def test_strife_each_player_discards_one_faction_and_the_causer_is_banned_from_both() -> None:
    """§ENFRENTAMIENTOS: every player discards their cards in play of one of the two factions; a flipped
    Hacendado decides the side; README: a player with only one of them discards nothing; the causer may
    play neither faction for the rest of the turn."""
    state = started(3)
    p = state.d["turn"]
    q, r = (p + 1) % 3, (p + 2) % 3
    place(state, q, "general_navarro", 0)  # federal
    place(state, q, "francisco_madero", 0)  # maderista
    terrazas(state, r)
    state.d["hac"][r].update({"side": 0, "income": 0})  # federal side
    place(state, r, "ramon_corral", 0)  # federal
    place(state, r, "teresa_urrea", 0)
    hand(state, p, "traicion_en_el_cuartel", "general_huerta")
    place(state, p, "gobernador_izabal", 0)  # federal: p has only one of the two factions
    state.d["gold"][p] = 20
    play(again(state), "play traicion_en_el_cuartel", f"victim jugador-{q + 1}")
    assert waiting(state)["role"] == q
    assert sorted(legal(state)) == ["faction federal", "faction maderista"]
    play(state, "faction federal")
    assert state.find("general_navarro") is None and state.find("francisco_madero") is not None
    assert state.find("ramon_corral") is not None  # r keeps its Hacendado's federal side
    assert state.find("gobernador_izabal") is not None  # p had only federal cards
    assert set(state.d["banned"]) == {"federal", "maderista"}
    assert "play general_huerta" not in legal(state)


# -------------------------------------------------------------------------------- the solitaire (Part L)
def test_diaz_rolls_two_dice_a_row_and_plays_what_he_takes_by_its_type() -> None:
    """Part L: Díaz rolls 2d6 for each row (7: the free column; 2 or 12: the 16 column) and takes that
    card: an enterprise with prestige or a partner joins his cards (strengthening the Tripartite), an
    enterprise without prestige is discarded."""
    state = started(2, solo="diaz")
    market = state.d["market"]
    out_of_market(state, "shelton_payne", "armeria_nogales", "mina_cananea")
    market[0][0], market[1][0], market[1][5] = "shelton_payne", "mina_cananea", "armeria_nogales"
    state.d["seen"] += ["shelton_payne", "armeria_nogales", "mina_cananea"]
    play(again(state), "end")  # the player's phases II–IV; the full market draws nothing
    assert state.d["turn"] == 1 and "roll 7" in legal(state)
    play(state, "roll 7", "roll 12")
    assert state.d["diaz"] == {"shelton_payne": 0} and "armeria_nogales" in state.d["discard"]
    assert diaz_prestige(state, "revolution") == 1


def test_diaz_discards_a_topple_and_a_troop_he_takes() -> None:
    """Part L: a Topple Díaz takes is discarded (counting toward the four, no check); README §9 (our
    rule): a troop he takes is discarded, Díaz fielding no army."""
    state = started(2, solo="diaz")
    topple = next(x for x in TOPPLES if x not in state.d["topples_out"])
    before_diaz(state, topple, "rurales_sonora")
    play(state, "roll 6", "roll 12")
    assert state.d["topples_done"] == 1 and {topple, "rurales_sonora"} <= set(state.d["discard"])
    assert not state.is_terminal()


def test_diaz_plays_orange_and_black_cards_against_the_player() -> None:
    """README §9 (our rules for Part L): an orange card hits the player's enterprise of its jurisdiction
    with the most Income cubes, the gold stolen going to the bank; a black card hits the player unless
    immune."""
    state = started(2, solo="diaz")
    poor = place(state, 0, "mina_la_colorada", 0)
    rich = place(state, 0, "mina_cananea", 0)
    assert rich["income"] > poor["income"]
    state.d["gold"][0] = 10
    orange = next(
        c
        for c in CARDS
        if CARDS[c].type == "orange"
        and CARDS[c].jurisdiction == "sonora"
        and not CARDS[c].against
        and not any(e.kind == "strife" for e in CARDS[c].effects)
        and any(e.kind == "steal" for e in CARDS[c].effects)
    )
    stolen = sum(e.number("n") for e in CARDS[orange].effects if e.kind == "steal")
    before_diaz(state, orange, "la_leva")  # la_leva: jail
    gold = state.d["gold"][0]
    play(state, "roll 8", "roll 2")
    assert rich["unrest"] > 0 and poor["unrest"] == 0
    assert state.d["jail"][0] and state.d["gold"][0] == gold - min(gold, stolen)
    assert orange in state.d["discard"] + state.d["pile"][0]
