"""The rules of the player aid that `test_rules.py` does not cover, one test each on a position built for
it (section cited): the market, partners, troops (jurisdictions, battles, extortion, private armies,
redeploying), land, connections, police, jail, headlines, public cards, selling, depressions, income, the
Topple, strife and the tie-breaks, with the ambiguities the README resolves."""

from __future__ import annotations

import random

import pytest

from ludoteca.games.pax_porfiriana.cards import CARDS, HACENDADOS, PUBLIC_CARDS, TOPPLES
from ludoteca.games.pax_porfiriana.economy import income_of
from ludoteca.games.pax_porfiriana.effects import change_regime
from ludoteca.games.pax_porfiriana.market import PRICES, speculable
from ludoteca.games.pax_porfiriana.play import black_victims, place
from ludoteca.games.pax_porfiriana.state import PaxState
from ludoteca.games.pax_porfiriana.tests.positions import again, hand, legal, play, started
from ludoteca.games.pax_porfiriana.topple import diaz_prestige, finish, tripartite
from ludoteca.games.pax_porfiriana.troops import destinations


def out_of_market(state: PaxState, *cards: str) -> None:
    """Take cards out of the market (a test places them elsewhere)."""
    for row in state.d["market"]:
        for card in cards:
            if card in row:
                row[row.index(card)] = None


def plain(state: PaxState, p: int) -> None:
    """Give player `p` a Hacendado with no discount (William Greene: a mine bonus at income), so the
    costs tested are the printed ones."""
    for h in state.d["hac"]:
        if h["id"] == "william_greene":
            h["id"] = state.d["hac"][p]["id"]
    state.d["hac"][p].update(id="william_greene", side=-1, income=2)


def terrazas(state: PaxState, p: int) -> None:
    """Give player `p` Luis Terrazas, Loyalist (partner sides: federal, orozquista)."""
    for h in state.d["hac"]:
        if h["id"] == "luis_terrazas":
            h["id"] = state.d["hac"][p]["id"]
    state.d["hac"][p].update(id="luis_terrazas", side=-1, income=2)


def troop_on(state: PaxState, enterprise: str, troop: str, owner: int) -> None:
    found = state.find(enterprise)
    assert found is not None
    out_of_market(state, troop)
    found[1]["troop"] = {"id": troop, "owner": owner, "extort": found[0] != owner}


def until_action_menu(state: PaxState, rng: random.Random | None = None) -> None:
    """Run chance nodes until a player's action menu is posed."""
    rng = rng or random.Random(0)
    while state.is_chance_node():
        state.apply_action(state.sample_chance(rng))


# ------------------------------------------------------------------------------------ the market
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


# ----------------------------------------------------------------------------- enterprises, partners
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


# ------------------------------------------------------------------------------------------ troops
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
    assert state.d["wait"]["role"] == v and sorted(legal(state)) == ["discard rurales_sonora", "side 1"]
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
    state.d["hac"][p].update(side=0, income=0)  # federal
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


# ------------------------------------------------------------------------------ land, connections
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


# ---------------------------------------------------------------------------------- black cards, jail
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


# ------------------------------------------------------------------------- depressions and income
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
    while state.d["wait"]["prompt"] == "prompt.upkeep":
        q = state.d["wait"]["role"]
        if q == p and state.d["wait"]["params"]["n"] == 3:
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


# ------------------------------------------------------------------------------------ the Topple
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
    assert state.d["wait"]["role"] == q
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
    state.d["hac"][v].update(side=0, income=0)
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
    again_.d["hac"][1 - again_.d["turn"]].update(dead=True)
    buy_topple(again_)
    assert "side 1" not in legal(again_)
    guarded = started(2)
    g = guarded.d["turn"]
    guarded.d["hac"][1 - g].update(side=0, income=0, army=["rurales_sonora"])
    out_of_market(guarded, "rurales_sonora")
    hand(guarded, g, "la_leva")
    guarded.d["gold"][g] = 10
    buy_topple(guarded)
    play(guarded, "pass")
    assert not any(action.startswith("assassinate") for action in legal(guarded))


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


# ----------------------------------------------------------------------------------------- strife
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
    state.d["hac"][r].update(side=0, income=0)  # federal side
    place(state, r, "ramon_corral", 0)  # federal
    place(state, r, "teresa_urrea", 0)
    hand(state, p, "traicion_en_el_cuartel", "general_huerta")
    place(state, p, "gobernador_izabal", 0)  # federal: p has only one of the two factions
    state.d["gold"][p] = 20
    play(again(state), "play traicion_en_el_cuartel", f"victim jugador-{q + 1}")
    assert state.d["wait"]["role"] == q
    assert sorted(legal(state)) == ["faction federal", "faction maderista"]
    play(state, "faction federal")
    assert state.find("general_navarro") is None and state.find("francisco_madero") is not None
    assert state.find("ramon_corral") is not None  # r keeps its Hacendado's federal side
    assert state.find("gobernador_izabal") is not None  # p had only federal cards
    assert set(state.d["banned"]) == {"federal", "maderista"}
    assert "play general_huerta" not in legal(state)


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
    assert state.d["wait"]["role"] == q
    assert sorted(legal(state)) == ["discard rurales_chihuahua", "side 1"]
    play(state, "side 1")
    assert "banco_minero" in state.d["discard"] and state.find("banco_minero") is None
    assert state.d["hac"][q]["army"] == ["rurales_chihuahua"] and state.d["mod"] == 1


# ------------------------------------------------------------------------------- more of the rules
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


def test_cards_with_unrest_give_no_prestige() -> None:
    """§DERROCANDO 4: prestige counts from cards in play without unrest (and troops standing on them)."""
    state = started(2)
    e = place(state, 0, "shelton_payne", 0)  # 1 Revolution
    base = state.prestige(0, "revolution")
    e["unrest"] = 1
    assert state.prestige(0, "revolution") == base - 1


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


def before_diaz(state: PaxState, row0: str, row1: str) -> None:
    """Put `row0` in the 1 column of the first row and `row1` in the 16 column of the second (partners in
    the free columns, which phase II leaves alone), and end the player's turn: Díaz rolls next."""
    out_of_market(state, row0, row1)
    partners = [c for c in CARDS if CARDS[c].type == "partner" and c not in state.d["seen"]][:2]
    out_of_market(state, *partners)
    market = state.d["market"]
    market[0][0], market[0][1], market[1][0], market[1][5] = partners[0], row0, partners[1], row1
    state.d["seen"] += [row0, row1, *partners]
    play(again(state), "end")
    assert state.d["turn"] == 1 and "roll 6" in legal(state)


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
    stolen = sum(e.get("n") for e in CARDS[orange].effects if e.kind == "steal")
    before_diaz(state, orange, "la_leva")  # la_leva: jail
    gold = state.d["gold"][0]
    play(state, "roll 8", "roll 2")
    assert rich["unrest"] > 0 and poor["unrest"] == 0
    assert state.d["jail"][0] and state.d["gold"][0] == gold - min(gold, stolen)
    assert orange in state.d["discard"] + state.d["pile"][0]


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
    assert state.d["wait"]["role"] == v
    assert sorted(legal(state)) == ["discard mina_cananea", "discard mina_el_tigre"]
    play(state, "discard mina_cananea")
    assert state.find("mina_cananea") is None and state.find("mina_el_tigre") is not None
    assert {"mina_cananea", "maderistas_sonora"} <= set(state.d["discard"])
    assert "confiscacion_revolucionaria" in state.d["pile"][v]  # 1 Outrage: the victim keeps it
