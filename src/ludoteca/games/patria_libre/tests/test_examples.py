"""Every worked example of the rulebook that concerns the map, the orders, the market, supply and scoring,
built on our map (the cards' own examples are tested with cards.py)."""

from __future__ import annotations

from ludoteca.games.patria_libre import scoring
from ludoteca.games.patria_libre.popularity import blocked
from ludoteca.games.patria_libre.state import PatriaState
from ludoteca.games.patria_libre.tests.positions import (
    empty,
    face,
    menu,
    options,
    play,
    put,
    started,
    waiting,
)


def test_puente_de_calderon_scores_5_against_6() -> None:
    """§Ejemplo de puntuación: Stephen (here Hidalgo) 3 star VP + 2 for Zacatecas = 5; Kevin (Calleja)
    2 for México-Capital + 2 for Valladolid + 2 for dominating the crown = 6. América Central is tied
    (infantry + Calleja against a cavalry) and Nueva Galicia too (infantry against infantry)."""
    st = empty(started())
    for prov in ("mexico_capital", "puebla", "oaxaca", "gto_valladolid"):
        put(st, prov, calleja=1)
    for prov in ("veracruz", "reino_de_espana", "estados_unidos", "zacatecas"):
        put(st, prov, hidalgo=1)
    put(st, "america_central", calleja=1, hidalgo=2)
    st.d["leaders"]["calleja"] = "america_central"
    put(st, "nueva_galicia", calleja=1, hidalgo=1)
    assert st.controller("america_central") is None and st.controller("nueva_galicia") is None
    assert scoring.score(st, "hidalgo", "campana") == 5
    assert scoring.score(st, "calleja", "campana") == 6


def test_juan_aldama_bought_by_matching_gives_two_levels() -> None:
    """§Comprar carta, example: Hidalgo's card visible on the map and Grito de Dolores in the area, no
    coins; Aldama matches 1 and 2 on Hidalgo and 2 on Grito: one match pays, the other two give two levels,
    each resolved before the next."""
    st = empty(started())
    put(st, "gto_valladolid", hidalgo=1)
    st.d["leaders"]["hidalgo"] = "gto_valladolid"
    st.d["area"]["hidalgo"] = ["grito_de_dolores"]
    st.d["tokens"]["hidalgo"][0][1] = "gto_valladolid"
    st.d["placed"]["gto_valladolid"] = [["hidalgo", 0, "hidalgo"]]
    put(st, "reino_de_espana", calleja=1)
    put(st, "nueva_galicia", hidalgo=1)
    assert "juan_aldama" not in st.d["market"][:3]
    st.d["market"][3] = "juan_aldama"
    face(st, "hidalgo", "buy")
    menu(st, "hidalgo")
    play(st, "order buy", "at nueva_galicia")  # elsewhere, so that no order covers Hidalgo's card
    assert "slot 4" in options(st)  # price 3, no coins: only by matching
    play(st, "slot 4")
    assert waiting(st)["prompt"] == "prompt.gain" and waiting(st)["params"]["n"] == 2
    play(st, "pop ilustracion", "pop iglesia")
    assert "juan_aldama" in st.d["area"]["hidalgo"] and st.d["coins"]["hidalgo"] == 0
    assert st.d["pop"]["hidalgo"]["ilustracion"][0] == 1 and st.d["pop"]["hidalgo"]["iglesia"][0] == 1


def _attack(defender_level: int) -> int:
    st = empty(started())
    put(st, "zacatecas", calleja=3, hidalgo=defender_level)
    put(st, "san_luis_potosi", hidalgo=1)  # no domination of the bell region for Calleja
    face(st, "calleja", "attack")
    menu(st, "calleja")
    play(st, "order attack", "at zacatecas", "at zacatecas", "target hidalgo")
    lost = int(sum(-cell[0] for cell in st.d["pop"]["calleja"].values()))
    while st.d["wait"] and waiting(st)["prompt"] == "prompt.lose":
        play(st, "pop militar")
        lost += 1
    return lost


def test_mala_fama_artillery_against_infantry_cavalry_artillery() -> None:
    """§Atacar, mala fama: artillery against infantry −2, against cavalry −1, against artillery 0."""
    assert _attack(1) == 2
    assert _attack(2) == 1
    assert _attack(3) == 0


def test_pendulum_example_blocks_the_march() -> None:
    """§Presentando el péndulo: Alejo loses two levels in ilustración; the marker passes the neutral row,
    the pendulum moves under it, and while it stays there Alejo cannot march."""
    st = empty(started())
    st.d["pop"]["calleja"]["ilustracion"] = [1, 2]
    put(st, "zacatecas", calleja=1)
    st.d["turn"] = 1
    menu(st, "calleja")
    st.call("lose", then="menu", r="calleja", n=2, col="ilustracion")
    st.d["wait"] = None
    st._run()
    assert st.d["pop"]["calleja"]["ilustracion"] == [-1, -1]
    assert blocked(st, "calleja", "no_march")
    face(st, "calleja", "march")
    menu(st, "calleja")
    assert "order march" not in options(st)


def test_supply_example() -> None:
    """§Activación de carta de S/PV, example: no coins, five troops; three positive levels and a card sold
    for a peso cover four; the cavalry in Zacatecas is abandoned."""
    st = empty(started())
    for prov, level in (("zacatecas", 2), ("puebla", 1), ("oaxaca", 1), ("veracruz", 1), ("yucatan", 1)):
        put(st, prov, calleja=level)
    st.d["pop"]["calleja"] = {"ilustracion": [1, 1], "militar": [2, 2], "iglesia": [0, 0]}
    st.d["area"]["calleja"] = ["calleja"]
    card = next(c for c in st.d["market"] if c)
    st.d["market"].remove(card)
    st.d["area"]["calleja"].append(card)
    st.call("supply", then="menu", r="calleja")
    st.d["wait"] = None
    st._run()
    play(st, "supply ilustracion", "supply militar", "supply militar", f"sell {card}", "supply coin")
    assert waiting(st)["params"]["n"] == 1
    play(st, "abandon zacatecas")
    assert "calleja" not in st.d["troops"]["zacatecas"]
    assert sum(1 for t in st.d["troops"].values() if "calleja" in t) == 4
    assert st.d["coins"]["calleja"] == 0 and card in st.d["discard"]


def calleja_attacks_lone_hidalgo(st: PatriaState) -> None:
    """Hidalgo's token alone in Nueva Galicia (his troop in Zacatecas); Calleja's troop there attacks it."""
    st.d["leaders"]["hidalgo"] = "nueva_galicia"
    put(st, "nueva_galicia", calleja=1)
    put(st, "zacatecas", hidalgo=1)
    face(st, "calleja", "attack")
    menu(st, "calleja")
    play(st, "order attack", "at nueva_galicia", "at nueva_galicia", "target hidalgo")


def test_capture_of_hidalgo() -> None:
    """§Capturas, example: Hidalgo's token alone is attacked; the attacker takes Hidalgo's card, the
    insurgents lose 2 VP, no popularity is lost; eliminating the card later gives 2 VP for a level."""
    st = empty(started())
    st.d["area"]["hidalgo"] = ["hidalgo"]  # the leader card in its owner's area, as set up (§Preparación 5)
    calleja_attacks_lone_hidalgo(st)
    assert st.d["leaders"]["hidalgo"] is None
    assert "hidalgo" in st.d["area"]["calleja"] and "hidalgo" not in st.d["area"]["hidalgo"]
    assert st.d["vp"]["insurgent"] == -2
    assert all(cell[0] == 0 for cell in st.d["pop"]["calleja"].values())
    menu(st, "calleja")
    play(st, "eliminate hidalgo", "pop iglesia")
    assert st.d["vp"]["royalist"] == 2 and st.d["pop"]["calleja"]["iglesia"][0] == -1


def test_a_leader_whose_card_was_eliminated_falls_without_a_card() -> None:
    """§Capturas with README A15: Hidalgo eliminated his own card (5-card limit); his token alone is then
    attacked: it falls and the insurgents lose 2 VP, no card is taken (the fuzzer found it: seed 40019)."""
    st = empty(started())
    st.d["discard"].append("hidalgo")  # his own card, eliminated for a coin
    calleja_attacks_lone_hidalgo(st)
    assert st.d["leaders"]["hidalgo"] is None and st.d["vp"]["insurgent"] == -2
    assert "hidalgo" not in st.d["area"]["calleja"] and "hidalgo" not in st.d["captured_from"]
    assert st.d["discard"].count("hidalgo") == 1 and st.invariants() == []
