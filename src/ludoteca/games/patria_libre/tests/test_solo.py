"""The solo opponent (§Modo solitario): the personality deck reveals a card each turn and the automated
seat follows it — cards before orders, the token of the least preferred face under a card (the Abad and
Bataller example), recovering with an extra turn when only its last preferences remain, popularity gained
from the card's left column, "Igual que el anterior", and the tab deciding between two equal options."""

from __future__ import annotations

from ludoteca.games.patria_libre.actions import ID
from ludoteca.games.patria_libre.personality import PERSONALITIES
from ludoteca.games.patria_libre.state import PatriaState
from ludoteca.games.patria_libre.tests.positions import empty, face, menu, put, started

ABAD = 1 + next(i for i, p in enumerate(PERSONALITIES) if p.id == "abad")
SAME = 1 + next(i for i, p in enumerate(PERSONALITIES) if p.same_as_previous)


def solo() -> PatriaState:
    """The deck plays Calleja (solo=realistas) on an empty map: Hidalgo in Gto. / Valladolid, Calleja in
    Puebla, each leader with an infantry; no cards, no coins."""
    st = empty(started(1, solo="realistas"))
    put(st, "gto_valladolid", hidalgo=1)
    put(st, "puebla", calleja=1)
    st.d["leaders"].update(hidalgo="gto_valladolid", calleja="puebla")
    st.d["area"] = {"hidalgo": [], "calleja": []}
    return st


def ai_turn(st: PatriaState, *cards: int) -> PatriaState:
    """Start Calleja's turn and reveal the personality cards `cards` (1-based) in turn."""
    menu(st, "calleja")
    for n in cards:
        assert st.is_chance_node() and ID[f"persona {n}"] in st.legal_actions()
        st.apply_action(ID[f"persona {n}"])
    return st


def logged(st: PatriaState) -> list[str]:
    return [key for key, *_ in st.logs]


def test_the_deck_has_twenty_cards_and_abad_prefers_buying_to_taxes() -> None:
    assert len(PERSONALITIES) == 20
    abad = PERSONALITIES[ABAD - 1]
    assert abad.actions[0] == "buy" and abad.actions[-1] == "taxes"
    assert sum(p.same_as_previous for p in PERSONALITIES) >= 1


def test_the_seat_starts_with_clone_face_up() -> None:
    """§Modo solitario: the automated seat begins with «clonar orden» face up; a person's starts down."""
    st = started(1, solo="realistas")
    assert st.d["tokens"]["calleja"][3][0] == 1 and st.d["tokens"]["hidalgo"][3][0] == 0


def test_each_turn_reveals_a_personality_card_from_what_is_left() -> None:
    st = solo()
    menu(st, "calleja")
    assert st.is_chance_node()
    assert st.legal_actions() == sorted(ID[f"persona {n}"] for n in range(1, 21))
    st.apply_action(ID[f"persona {ABAD}"])
    assert st.d["pers_active"] == ABAD and ABAD not in st.d["pers_left"]
    assert "solo.log.revealed" in logged(st)


def test_abad_activates_bataller_with_the_taxes_order() -> None:
    """§El uso de las cartas es prioritario, example: the deck plays the royalists, Abad is active and
    prefers buying a card; it has Bataller, who buys, and carries him on the order it wants least — taxes."""
    st = solo()
    st.d["area"]["calleja"] = ["bataller"]
    st.d["coins"]["calleja"] = 3
    face(st, "calleja", "taxes")
    ai_turn(st, ABAD)
    assert "solo.log.why_card" in logged(st)
    placed = st.d["placed"]["puebla"]
    assert placed[0][0] == "calleja" and placed[0][2] == "bataller"
    assert placed[0][1] == 3  # the token showing taxes / clone


def test_popularity_is_gained_from_the_left_column_of_the_card() -> None:
    """A fortress (+2 levels) with Abad active: one level in iglesia, then one in ilustración, his first
    two columns. Buying is impossible (no coins, no match), so Abad's second face, fortress, is played."""
    st = solo()
    face(st, "calleja", "fortress")
    ai_turn(st, ABAD)
    assert st.d["forts"]["puebla"] == [1, "calleja"]
    abad = PERSONALITIES[ABAD - 1]
    gained = {c: cell[0] for c, cell in st.d["pop"]["calleja"].items()}
    assert gained[abad.columns[0]] == 1 and gained[abad.columns[1]] == 1 and gained[abad.columns[2]] == 0


def test_only_the_last_preferences_left_means_recover_and_play_again() -> None:
    """§Turno del jugador con IA: nothing among its first four faces can be done, so it recovers its orders
    — and, its advantage, takes another turn at once (a new card is revealed for the same seat)."""
    st = solo()
    st.d["tokens"]["calleja"] = [[0, "puebla"], [0, "puebla"], [0, None], [0, None]]
    st.d["placed"]["puebla"] = [["calleja", 0, None], ["calleja", 1, None]]
    face(st, "calleja", "attack")  # nobody to attack: Abad's attack is 6th anyway
    face(st, "calleja", "taxes")
    ai_turn(st, ABAD)
    while st.is_chance_node() and not any(
        a == ID[f"persona {n}"] for a in st.legal_actions() for n in (1, 2)
    ):
        st.apply_action(st.legal_actions()[0])  # the market refills
    assert "solo.log.why_recover" in logged(st)
    assert st.d["seats"][st.d["turn"]] == "calleja"
    assert st.is_chance_node() and ID[f"persona {SAME}"] in st.legal_actions()


def test_same_as_before_repeats_the_last_personality() -> None:
    st = solo()
    st.d["pers_active"] = ABAD
    st.d["pers_left"] = [n for n in range(1, 21) if n != ABAD]
    ai_turn(st, SAME)
    assert st.d["pers_active"] == ABAD and "solo.log.same" in logged(st)


def test_two_equal_choices_go_to_the_tab_of_a_new_card() -> None:
    """§Turno del jugador con IA: two equally acceptable options — option 1 and option 2 — are settled by
    a new card: a positive tab takes option 1, an X option 2. Abad buys a card; Calleja may place the order
    in Reino de España or América Central, worth the same to Abad (a star each; Spain is a royalist flag,
    América Central lies in the tobacco region he ranks above the ship's)."""
    yes = next(i for i, p in enumerate(PERSONALITIES) if p.tab == "yes" and i + 1 != ABAD) + 1
    x = next(i for i, p in enumerate(PERSONALITIES) if p.tab == "x") + 1
    first, second = sorted(["america_central", "reino_de_espana"], key=lambda p: ID[f"at {p}"])
    for tab_card, wanted in ((yes, first), (x, second)):
        st = solo()
        st.d["troops"]["puebla"] = {}
        put(st, "reino_de_espana", calleja=1)
        put(st, "america_central", calleja=1)
        st.d["leaders"]["calleja"] = "reino_de_espana"
        st.d["coins"]["calleja"] = 3
        face(st, "calleja", "buy")
        ai_turn(st, ABAD)
        assert st.is_chance_node() and ID[f"persona {tab_card}"] in st.legal_actions()
        st.apply_action(ID[f"persona {tab_card}"])
        assert "solo.log.flip" in logged(st)
        assert any(who == "calleja" for who, _, _ in st.d["placed"][wanted])


def test_one_card_a_turn_even_after_eliminating_a_prisoner() -> None:
    """The deck eliminates a captured leader (2 VP) and then, in the same turn and with the same card,
    chooses its action: a single personality card is revealed."""
    st = solo()
    st.d["area"]["calleja"] = ["hidalgo"]
    st.d["captured_from"]["hidalgo"] = "hidalgo"
    face(st, "calleja", "fortress")
    ai_turn(st, ABAD)
    assert "solo.log.why_eliminate" in logged(st) and st.d["vp"]["royalist"] == 2
    assert logged(st).count("solo.log.revealed") == 1
    assert st.d["forts"]["puebla"] == [1, "calleja"]


def test_only_orders_that_need_money_left_means_turning_every_order_over() -> None:
    """§Turno del jugador con IA: with only «comprar carta» and «clonar orden» showing and no coin to pay
    for either (the free market space holds an S/PV card), the deck reorganises, every order turned over."""
    st = solo()
    st.d["market"][0] = "sitio_de_cuautla"
    st.d["tokens"]["calleja"] = [[0, "puebla"], [1, None], [0, "puebla"], [1, None]]
    st.d["placed"]["puebla"] = [["calleja", 0, None], ["calleja", 2, None]]
    ai_turn(st, ABAD)
    assert "solo.log.why_money" in logged(st)
    assert [t[0] for t in st.d["tokens"]["calleja"]] == [0, 0, 0, 0]  # fortress and taxes now face up
