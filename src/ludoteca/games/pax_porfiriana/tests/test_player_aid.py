"""The rules of the player aid that `test_rules.py` does not cover, one test each on a position built for
it (section cited): the market and its restoring, headlines and public cards, partners, troops
(jurisdictions, battles, extortion, private armies, redeploying, selling), land, connections, police,
black and orange cards, jail and extra actions, with the ambiguities the README resolves. The phases after
the actions (depressions, income, the Topple, strife, Díaz) are in `test_player_aid_phases.py`."""

from __future__ import annotations

from ludoteca.games.pax_porfiriana.board import CARDS, HACENDADOS, PUBLIC_CARDS, TOPPLES
from ludoteca.games.pax_porfiriana.economy import income_of
from ludoteca.games.pax_porfiriana.effects import change_regime
from ludoteca.games.pax_porfiriana.market import PRICES, speculable
from ludoteca.games.pax_porfiriana.play import black_victims, place
from ludoteca.games.pax_porfiriana.tests.positions import (
    again,
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
from ludoteca.games.pax_porfiriana.troops import destinations


# -------------------------------------------------------------------------------------------- the market
def test_a_card_costs_its_columns_price() -> None:
    """§COMPRAR CARTA, facts §1.6: columns priced 0, 1, 2, 4, 8, 16 from the free column."""
    assert tuple(PRICES) == (0, 1, 2, 4, 8, 16)
    state = started(2)
    p = state.d["turn"]
    state.d["gold"][p] = 30
    card = state.d["market"][1][3]
    play(again(state), f"buy {card}")
    assert state.d["gold"][p] == 30 - 4


def test_restoring_slides_each_row_to_the_free_column_then_fills_it_from_the_deck() -> None:
    """§III: the cards left move toward the 0 column, closing the gaps; the deck fills the market to 12."""
    state = started(2)
    seen = set(state.d["seen"])
    left = [c for c in CARDS if CARDS[c].type == "enterprise" and c not in seen][:4]
    state.d["seen"] += left
    state.d["market"][0] = [None, left[0], None, left[1], left[2], left[3]]
    play(again(state), "end")
    until_action_menu(state)
    assert state.d["market"][0][:4] == left
    assert sum(1 for r in state.d["market"] for c in r if c) == 12


def test_headlines_and_topples_are_bought_whatever_the_hand() -> None:
    """§COMPRAR CARTA, ambiguity 6: a buy taking the hand past 5 is not offered, but a headline never
    enters the hand; §TITULARES: it is resolved at once in the orientation the buyer picks, for every
    player, then discarded."""
    state = started(2)
    p = state.d["turn"]
    v = 1 - p
    state.d["hands"][p] = [
        "mina_el_tigre",
        "minas_nacozari",
        "mina_la_colorada",
        "fundicion_cananea",
        "la_leva",
    ]
    out_of_market(state, *state.d["hands"][p], "panico_de_1907")
    state.d["market"][0][0] = "panico_de_1907"
    bank = next(c for c in CARDS if CARDS[c].kind == "bank" and c not in state.d["seen"])
    out_of_market(state, bank)
    place(state, v, bank, 0)
    state.d["gold"][v] = 5
    play(again(state), "buy panico_de_1907")
    assert sorted(legal(state)) == ["event", "status-quo"]
    play(state, "status-quo")  # every player pays 1 per bank
    assert state.d["gold"][v] == 4
    assert "panico_de_1907" in state.d["discard"] and "panico_de_1907" not in state.d["hands"][p]


def test_a_public_card_is_played_on_one_face_and_stays_in_the_row() -> None:
    """§COMPRAR CARTA PÚBLICA: bought for its price, resolved at once on the face chosen, kept in the
    row; nobody can buy it again."""
    state = started(2)
    p = state.d["turn"]
    state.d["gold"][p] = 10
    card = "los_cientificos"
    play(again(state), f"public {card}")
    assert sorted(legal(state)) == ["face back", "face front"]
    play(state, "face front")  # front: take 3 gold
    assert state.d["gold"][p] == 10 - PUBLIC_CARDS[card].cost + 3
    assert state.d["public"][card] == p and any(e["id"] == card for e in state.d["play"][p])
    assert state.prestige(p, "loyalty") >= 1
    assert f"public {card}" not in legal(state)


def test_nobody_speculates_on_the_last_topple_and_a_discarded_card_sends_its_cube_home() -> None:
    """§ESPECULAR: not on the fourth and last Topple; a Speculation cube goes home when its card is
    bought or discarded."""
    state = started(2)
    p = state.d["turn"]
    state.d["topples_out"] = list(TOPPLES)
    last = list(TOPPLES)[-1]
    state.d["market"][1][5] = last
    assert last not in speculable(state, p)
    headline = next(c for c in CARDS if CARDS[c].type == "headline" and c not in state.d["seen"])
    out_of_market(state, headline)
    state.d["market"][0][0] = headline
    state.d["spec"][headline] = p
    free = state.cubes_free(p)
    play(again(state), "end")
    assert headline in state.d["discard"] and headline not in state.d["spec"]
    assert state.cubes_free(p) == free + 1


# --------------------------------------------------------------------------------- enterprises, partners
def test_a_newspaper_is_played_on_the_orientation_chosen_with_its_prestige_cube() -> None:
    """§CARTA DE EMPRESA O SOCIO: a partner goes to the row; a two-orientation card is played on one;
    a Loyalty point takes a Prestige cube under the Pax."""
    state = started(2)
    p = state.d["turn"]
    hand(state, p, "el_paso_morning_times")
    state.d["gold"][p] = 5
    loyalty = state.prestige(p, "loyalty")
    play(again(state), "play el_paso_morning_times")
    assert sorted(legal(state)) == ["side 1", "side 2"]
    play(state, "side 2")
    found = state.find("el_paso_morning_times")
    assert found is not None and found[1]["side"] == 1 and found[1]["pcube"]
    assert state.prestige(p, "loyalty") == loyalty + 1 and state.d["gold"][p] == 3


def test_prestige_cubes_leave_with_the_pax_and_do_not_come_back() -> None:
    """§CUBOS DE PRESTIGIO: removed when the regime changes to another; ambiguity 9: they do not come
    back with the Pax, only cards played later under it get one."""
    state = started(2)
    e = place(state, 0, "juzgado_nogales", 0)
    assert e["pcube"]
    base = income_of(state, 0)
    change_regime(state, "anarchy")
    assert not e["pcube"]
    change_regime(state, "pax_porfiriana")
    assert not e["pcube"] and income_of(state, 0) == base - 1


# ------------------------------------------------------------------------------------------------ troops
def test_troops_deploy_in_their_jurisdiction_or_where_the_rules_allow() -> None:
    """§CARTA DE TROPA: the same jurisdiction; Anarchy sends troops anywhere, U.S. Intervention U.S.
    troops (README §5); an upgraded railroad chain takes federal troops to Sonora and Chihuahua."""
    state = started(2)
    p = state.d["turn"]
    state.d["gold"][p] = 50
    place(state, p, "mina_cananea", 0)  # Sonora
    chihuahua = next(
        c for c in CARDS if CARDS[c].type == "enterprise" and CARDS[c].jurisdiction == "chihuahua"
    )
    america = next(c for c in CARDS if CARDS[c].type == "enterprise" and CARDS[c].jurisdiction == "america")
    out_of_market(state, chihuahua, america)
    place(state, p, chihuahua, 0)
    place(state, p, america, 0)
    assert destinations(state, p, "rurales_sonora", 1) == ["mina_cananea"]
    assert destinations(state, p, "arizona_rangers", 2) == [america]
    state.d["regime"] = "us_intervention"
    assert sorted(destinations(state, p, "arizona_rangers", 2)) == sorted(
        ["mina_cananea", chihuahua, america]
    )
    assert destinations(state, p, "rurales_sonora", 1) == ["mina_cananea"]
    state.d["regime"] = "anarchy"
    assert sorted(destinations(state, p, "rurales_sonora", 1)) == sorted(["mina_cananea", chihuahua, america])
    state.d["regime"] = "pax_porfiriana"
    railroad = place(state, p, "ferrocarril_sonora", 0)
    assert CARDS["ferrocarril_sonora"].railroad_chain
    railroad["conn"] = p
    assert sorted(destinations(state, p, "rurales_sonora", 1)) == sorted(
        ["mina_cananea", chihuahua, "ferrocarril_sonora"]
    )


def test_a_troop_pays_its_cost_and_the_connection_and_calms_unrest_by_its_firepower() -> None:
    """§JUGAR CARTA, §CARTA DE TROPA: the card's cost and the destination's connection (the base one
    under unrest); as many unrest disks removed as its firepower."""
    state = started(2)
    p = state.d["turn"]
    plain(state, p)
    e = place(state, p, "mina_cananea", 0)
    e["unrest"], e["conn"] = 3, p
    state.d["gold"][p] = 20
    hand(state, p, "batallon_guaymas")
    play(again(state), "play batallon_guaymas", "on mina_cananea")
    assert e["unrest"] == 3 - CARDS["batallon_guaymas"].firepower
    assert e["troop"] == {"id": "batallon_guaymas", "owner": p, "extort": False}
    assert state.d["gold"][p] == 20 - CARDS["batallon_guaymas"].cost - CARDS["mina_cananea"].connection


def test_a_battle_needs_more_firepower_and_the_loser_is_discarded() -> None:
    """§CARTA DE TROPA: a troop deployed where another stands fights it; the newcomer needs more
    firepower; the loser of another faction is discarded."""
    state = started(2)
    p = state.d["turn"]
    v = 1 - p
    plain(state, p)
    place(state, v, "mina_cananea", 0)
    troop_on(state, "mina_cananea", "maderistas_sonora", v)  # firepower 2
    state.d["gold"][p] = 20
    assert "mina_cananea" not in destinations(state, p, "batallon_guaymas", 2)  # 2 is not more than 2
    hand(state, p, "auxiliares_yaquis")  # yaqui, firepower 3
    play(again(state), "play auxiliares_yaquis", "on mina_cananea")
    e = state.find("mina_cananea")
    assert e is not None and e[1]["troop"] == {"id": "auxiliares_yaquis", "owner": p, "extort": True}
    assert "maderistas_sonora" in state.d["discard"]


def test_a_battles_loser_of_the_winners_faction_may_retreat() -> None:
    """§CARTA DE TROPA: «salvo que sea de la misma facción»: the loser may retreat (§RETIRADA: into its
    owner's private army, flipping the Hacendado to that faction)."""
    state = started(2)
    p = state.d["turn"]
    v = 1 - p
    plain(state, p)
    terrazas(state, v)  # side 1: federal
    state.d["gold"][v] = 10
    place(state, v, "mina_cananea", 0)
    troop_on(state, "mina_cananea", "rurales_sonora", v)  # federal, firepower 1
    state.d["gold"][p] = 20
    hand(state, p, "batallon_guaymas")  # federal, firepower 2
    play(again(state), "play batallon_guaymas", "on mina_cananea")
    assert waiting(state)["role"] == v and sorted(legal(state)) == ["discard rurales_sonora", "side 1"]
    play(state, "side 1")
    assert state.d["hac"][v]["army"] == ["rurales_sonora"] and state.d["hac"][v]["side"] == 0
    assert state.d["gold"][v] == 10 - HACENDADOS["luis_terrazas"].connection


def test_extortion_needs_a_free_cube_and_an_income_cube_and_leaving_gives_them_back() -> None:
    """§CARTA DE TROPA: a troop on a rival's enterprise takes an Extortion cube from the reserve and the
    rival loses an Income cube (README: none to lose, no extortion); §REDESPLEGAR, nota: leaving gives
    both back."""
    state = started(2)
    p = state.d["turn"]
    v = 1 - p
    plain(state, p)
    target = place(state, v, "mina_cananea", 0)
    mine = place(state, p, "mina_el_tigre", 0)
    state.d["gold"][p] = 30
    target["income"] = 0
    assert "mina_cananea" not in destinations(state, p, "batallon_guaymas", 2)
    target["income"] = 2
    assert "mina_cananea" in destinations(state, p, "batallon_guaymas", 2)
    hand(state, p, "batallon_guaymas")
    free = state.cubes_free(p)
    play(again(state), "play batallon_guaymas", "on mina_cananea")
    assert target["income"] == 1 and state.cubes_free(p) == free - 1
    play(state, "redeploy batallon_guaymas", "on mina_el_tigre")
    assert target["income"] == 2 and target["troop"] is None and state.cubes_free(p) == free
    assert mine["troop"] is not None and mine["troop"]["owner"] == p


def test_redeploying_pays_only_the_connection_and_activating_calms_unrest() -> None:
    """§REDESPLEGAR TROPA, README (troop costs): a move pays the destination's connection only; activated,
    one's troop removes as many disks as its firepower at no cost; a rival's extorting troop on one's
    enterprise removes one."""
    state = started(2)
    p = state.d["turn"]
    v = 1 - p
    plain(state, p)
    a = place(state, p, "mina_cananea", 0)
    b = place(state, p, "mina_el_tigre", 0)
    troop_on(state, "mina_cananea", "batallon_guaymas", p)
    state.d["gold"][p] = 20
    play(again(state), "redeploy batallon_guaymas", "on mina_el_tigre")
    assert state.d["gold"][p] == 20 - state.connection(b) and a["troop"] is None
    b["unrest"] = 3
    play(state, "redeploy batallon_guaymas", "activate")
    assert b["unrest"] == 1 and state.d["gold"][p] == 20 - state.connection(b)
    c = place(state, p, "minas_nacozari", 0)
    c["unrest"] = 2
    troop_on(state, "minas_nacozari", "maderistas_sonora", v)
    play(again(state), "redeploy maderistas_sonora")
    assert legal(state) == ["activate"]
    play(state, "activate")
    assert c["unrest"] == 1


def test_a_private_army_on_ones_flipped_hacendado_of_the_troops_faction() -> None:
    """§CARTA DE TROPA, Ejército Privado: a troop may deploy on one's flipped Hacendado when the factions
    match, paying the Hacendado's connection; several troops may join it."""
    state = started(2)
    p = state.d["turn"]
    terrazas(state, p)
    state.d["hac"][p].update({"side": 0, "income": 0})  # federal
    state.d["gold"][p] = 20
    assert "luis_terrazas" in destinations(state, p, "rurales_sonora", 1)
    assert "luis_terrazas" not in destinations(state, p, "maderistas_sonora", 2)
    hand(state, p, "rurales_sonora")
    play(again(state), "play rurales_sonora", "on luis_terrazas")
    assert state.d["hac"][p]["army"] == ["rurales_sonora"]
    assert state.d["gold"][p] == 20 - 1 - HACENDADOS["luis_terrazas"].connection
    assert "luis_terrazas" in destinations(state, p, "batallon_guaymas", 2)


def test_selling_an_enterprise_makes_its_troop_retreat() -> None:
    """§VENDER CARTA: the troops on a sold enterprise retreat or are discarded (their owner's choice)."""
    state = started(2)
    p = state.d["turn"]
    plain(state, p)
    place(state, p, "mina_cananea", 0)
    troop_on(state, "mina_cananea", "batallon_guaymas", p)
    state.d["hac"][p]["side"] = 1  # William Greene, federal side
    state.d["gold"][p] = 10
    play(again(state), "sell mina_cananea")
    assert sorted(legal(state)) == ["discard batallon_guaymas", "retreat"]
    play(state, "retreat")
    assert state.d["hac"][p]["army"] == ["batallon_guaymas"]


def test_a_troop_in_play_may_be_sold_unless_its_enterprise_has_unrest() -> None:
    """§VENDER CARTA: «Descarta una carta (de tu mano o en juego)», not one with unrest: one's troop in
    play sells at the regime's value; leaving an extorted enterprise, its Extortion cube goes home and the
    owner gets the Income cube back."""
    state = started(2)
    p = state.d["turn"]
    v = 1 - p
    plain(state, p)
    target = place(state, v, "mina_cananea", 0)
    target["income"] = 1
    troop_on(state, "mina_cananea", "batallon_guaymas", p)
    target["unrest"] = 1
    assert "sell batallon_guaymas" not in legal(again(state))
    target["unrest"] = 0
    gold, free = state.d["gold"][p], state.cubes_free(p)
    play(again(state), "sell batallon_guaymas")
    assert state.d["gold"][p] == gold + 3 and "batallon_guaymas" in state.d["discard"]
    assert target["troop"] is None and target["income"] == 2 and state.cubes_free(p) == free + 1


# ----------------------------------------------------------------------------- land, connections, police
def test_buying_land_costs_two_actions_and_a_gold_per_cube_on_the_card() -> None:
    """§COMPRAR TERRENOS: an Income cube on a ranchito, ranch or plantation for as much gold as the card
    holds cubes; two actions."""
    state = started(2)
    p = state.d["turn"]
    plain(state, p)
    ranch = place(state, p, "rancho_cocospera", 0)
    ranch["income"] = 1
    mine = place(state, p, "mina_cananea", 0)
    state.d["gold"][p] = 10
    assert "land mina_cananea" not in legal(again(state)) and mine["income"]
    play(state, "land rancho_cocospera")
    assert ranch["income"] == 2 and state.d["gold"][p] == 9 and state.d["left"] == 1


def test_upgrading_a_connection_and_the_railroad_chain() -> None:
    """§MEJORAR CONEXIÓN: a Connection cube for the oval's gold replaces the connection (not under
    unrest); a railroad chain upgraded without unrest (10) lets the player upgrade another for 1."""
    state = started(2)
    p = state.d["turn"]
    plain(state, p)
    mine = place(state, p, "mina_cananea", 0)
    place(state, p, "ferrocarril_sonora", 0)
    state.d["gold"][p] = 30
    play(again(state), "upgrade ferrocarril_sonora")
    assert "on mina_cananea" in legal(state) and "pass" in legal(state)
    play(state, "on mina_cananea")
    assert mine["conn"] == p and state.d["gold"][p] == 30 - 10 - 1
    assert state.connection(mine) == CARDS["mina_cananea"].upgrade.connection  # type: ignore[union-attr]
    mine["unrest"] = 1
    assert state.connection(mine) == CARDS["mina_cananea"].connection


def test_police_costs_three_or_nothing_under_martial_law_or_with_ones_troop() -> None:
    """§POLICÍA: 3 gold to remove an unrest disk from one's enterprise; 0 under Martial Law; ambiguity 16:
    0 with one's own troop on it."""
    state = started(2)
    p = state.d["turn"]
    plain(state, p)
    e = place(state, p, "mina_cananea", 0)
    e["unrest"] = 3
    state.d["gold"][p] = 10
    play(again(state), "police mina_cananea")
    assert e["unrest"] == 2 and state.d["gold"][p] == 7
    state.d["regime"] = "martial_law"
    play(again(state), "police mina_cananea")
    assert e["unrest"] == 1 and state.d["gold"][p] == 7
    state.d["regime"] = "pax_porfiriana"
    troop_on(state, "mina_cananea", "batallon_guaymas", p)
    state.d["left"] = 3  # a third police action would end the turn (and pay income)
    play(again(state), "police mina_cananea")
    assert e["unrest"] == 0 and state.d["gold"][p] == 7


# ----------------------------------------------------------------- black and orange cards, jail, actions
def test_jailing_oneself_keeps_the_turns_actions() -> None:
    """§ENCARCELADO: the victim of a "Jailed" card goes to jail; jailed by one's own card in one's own
    turn, one keeps the turn's actions; the card goes to the victim's prestige pile (§CARTA NEGRA)."""
    state = started(2)
    p = state.d["turn"]
    hand(state, p, "la_leva")  # Martial Law's icon: two actions under the Pax
    state.d["gold"][p] = 5
    play(again(state), "play la_leva", f"victim jugador-{p + 1}")
    assert state.d["jail"][p] and state.d["left"] == 1 and "la_leva" in state.d["pile"][p]
    assert "end" in legal(state)


def test_a_federal_court_shields_its_owner_from_others_black_cards_only() -> None:
    """§CARTA NEGRA «contra un adversario o contra ti mismo»; README: a federal court protects its owner
    from the others' black cards, not from their own."""
    state = started(2)
    p = state.d["turn"]
    v = 1 - p
    place(state, v, "tribunal_tucson", 0)
    assert black_victims(state, p, "soborno_al_juez") == [p]
    assert black_victims(state, v, "soborno_al_juez") == sorted([p, v])


def test_armouries_pay_their_owner_once_per_orange_card() -> None:
    """§CARTA NARANJA: «no se acumulan»: an owner of several armouries gains 2 once."""
    state = started(2)
    p = state.d["turn"]
    v = 1 - p
    place(state, v, "mina_cananea", 0)
    place(state, v, "armeria_nogales", 0)
    place(state, v, "ketelsen_degetau", 0)
    state.d["gold"][p], state.d["gold"][v] = 10, 5
    hand(state, p, "huelga_cananea")
    play(again(state), "play huelga_cananea", "on mina_cananea")
    assert state.d["gold"][v] == 7


def test_a_confiscation_makes_the_victim_discard_an_enterprise_of_their_choice() -> None:
    """«Nacionalizar = Descartar» (§JUGAR CARTA, nota): the victim chooses which enterprise of theirs
    goes; the troop on it retreats (§RETIRADA), here discarded for want of a matching army."""
    state = started(2)
    p = state.d["turn"]
    v = 1 - p
    plain(state, p)  # William Greene: no maderista side to take the troop into
    place(state, v, "mina_cananea", 0)
    place(state, v, "mina_el_tigre", 0)
    troop_on(state, "mina_cananea", "maderistas_sonora", p)
    hand(state, p, "confiscacion_revolucionaria")
    state.d["gold"][p] = 10
    play(again(state), "play confiscacion_revolucionaria", f"victim jugador-{v + 1}")
    assert waiting(state)["role"] == v
    assert sorted(legal(state)) == ["discard mina_cananea", "discard mina_el_tigre"]
    play(state, "discard mina_cananea")
    assert state.find("mina_cananea") is None and state.find("mina_el_tigre") is not None
    assert {"mina_cananea", "maderistas_sonora"} <= set(state.d["discard"])
    assert "confiscacion_revolucionaria" in state.d["pile"][v]  # 1 Outrage: the victim keeps it


def test_an_extra_action_ability_pays_for_one_action_of_its_kind_a_turn() -> None:
    """Facts §1.5: some partners give an extra action of a named kind (`extra_action`): once a turn, that
    action costs none of the three."""
    state = started(2)
    p = state.d["turn"]
    plain(state, p)
    place(state, p, "consul_el_paso", 0)  # an extra Police action
    e = place(state, p, "mina_cananea", 0)
    e["unrest"] = 2
    state.d["gold"][p] = 10
    play(again(state), "police mina_cananea")
    assert state.d["left"] == 3 and e["unrest"] == 1
    play(state, "police mina_cananea")
    assert state.d["left"] == 2 and e["unrest"] == 0
