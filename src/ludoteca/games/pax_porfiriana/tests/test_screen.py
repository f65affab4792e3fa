"""What a person reads at the screen (issue 55), in both languages: the Depression's bill names its
payment, a buy its price, an action that costs no action says so in the prompt, the end of an action phase
is logged with its reason, every card Díaz takes is followed by what it did or why it did nothing, and the
solitaire's option reads as words. Each test cites the section of the player aid it shows."""

from __future__ import annotations

import pytest

from ludoteca.games.pax_porfiriana.actions import ID
from ludoteca.games.pax_porfiriana.board import CARDS, PUBLIC_CARDS, TOPPLES
from ludoteca.games.pax_porfiriana.market import PRICES
from ludoteca.games.pax_porfiriana.play import place
from ludoteca.games.pax_porfiriana.state import PaxState
from ludoteca.games.pax_porfiriana.tests.positions import (
    GAME,
    again,
    before_diaz,
    hand,
    legal,
    out_of_market,
    plain,
    play,
    started,
    troop_on,
    until_action_menu,
    waiting,
)

BOTH = pytest.mark.parametrize("lang", ["es", "en"])


def labels(state: PaxState, lang: str) -> dict[str, str]:
    """The label of each action of the decision now posed, by notation, as its seat's page shows it."""
    view = state.view(state.current_player(), lang)
    return {action["notation"]: action["label"] for action in view["actions"]}


def prompt(state: PaxState, lang: str) -> str:
    return str(state.view(state.current_player(), lang)["prompt"])


def log_since(state: PaxState, start: int, lang: str) -> list[str]:
    return [GAME.catalog.line_text(entry, lang) for entry in state.logs[start:]]


def text(key: str, lang: str, **params: object) -> str:
    return GAME.catalog.text(key, lang, params)


def hearst(state: PaxState, p: int) -> None:
    """Give player `p` Phoebe Hearst, Loyalist: one Speculate action a turn that costs no action."""
    for h in state.d["hac"]:
        if h["id"] == "phoebe_hearst":
            h["id"] = state.d["hac"][p]["id"]
    state.d["hac"][p].update({"id": "phoebe_hearst", "side": -1, "income": 2})


# ------------------------------------------------------------------------------ the Depression's bill
def bill(gold: int) -> tuple[PaxState, int]:
    """§DEPRESIÓN ECONÓMICA, gastos: the first player with 3 cards in play (an enterprise, a partner, a
    troop) pays 1 gold each after income; returns the state at that player's bill and the player."""
    state = started(2)
    p = state.d["turn"]
    plain(state, p)
    state.d["depression"] = True
    place(state, p, "rancho_cocospera", 0)
    place(state, p, "teresa_urrea", 0)
    troop_on(state, "rancho_cocospera", "batallon_guaymas", p)
    play(again(state), "end")
    until_action_menu(state)
    while waiting(state)["role"] != p:  # the other player's bill, if it came first
        play(state, "pass" if "pass" in legal(state) else legal(state)[0])
    state.d["gold"][p] = gold
    state.d["wait"] = None
    state.goto("start")  # pose the bill again for the gold set here
    state._run()
    return state, p


@BOTH
def test_the_depression_bill_has_a_pay_button_and_says_what_a_discard_means(lang: str) -> None:
    """§DEPRESIÓN ECONÓMICA: «paga un oro por cada carta en juego … Si no puedes o no quieres pagar por
    una carta, descártala». The choice that pays is named as a payment of the bill's sum, never «Nada
    más»; a discard says it is instead of paying; the prompt gives the sum, the cards and the gold."""
    state, p = bill(gold=10)
    assert waiting(state)["prompt"] == "prompt.upkeep" and waiting(state)["params"] == {"n": 3}
    shown = labels(state, lang)
    assert shown["pass"] == text("act.pay_upkeep", lang, n=3)
    assert shown["pass"] != text("act.pass", lang) and "3" in shown["pass"]
    name = text("card.rancho_cocospera.name", lang)
    assert shown["discard rancho_cocospera"] == text("act.discard_upkeep", lang, target=name)
    assert shown["pass"].startswith(("Pagar", "Pay")) and shown["discard rancho_cocospera"] != text(
        "act.discard", lang, target=name
    )
    asked = prompt(state, lang)
    assert asked == text("prompt.upkeep_bill", lang, per=1, cards=3, n=3, gold=10)
    assert "10" in asked and ("Paga" in asked or "Pay" in asked)
    start = len(state.logs)
    play(state, "pass")
    assert state.d["gold"][p] == 7 and state.find("rancho_cocospera") is not None
    assert text("log.upkeep", lang, who=text(f"role.jugador-{p + 1}", lang), n=3) in log_since(
        state, start, lang
    )


@BOTH
def test_a_bill_one_cannot_pay_asks_for_discards_and_says_why(lang: str) -> None:
    """§DEPRESIÓN ECONÓMICA: a player who cannot pay for every card discards until able to pay for the
    rest: no pay button, and the prompt says how much gold there is against the bill."""
    state, _ = bill(gold=1)
    assert "pass" not in legal(state)
    asked = prompt(state, lang)
    assert asked == text("prompt.upkeep_short", lang, per=1, n=3, cards=3, gold=1)
    play(state, "discard teresa_urrea", "discard batallon_guaymas")
    assert labels(state, lang)["pass"] == text("act.pay_upkeep", lang, n=1)
    assert prompt(state, lang) == text("prompt.upkeep_bill", lang, per=1, n=1, cards=1, gold=1)


# ------------------------------------------------------------------------ actions that cost no action
@BOTH
def test_speculation_costs_an_action_and_its_button_says_nothing_more(lang: str) -> None:
    """§I. FASE DE ACCIÓN (3 ACCIONES) lists ESPECULAR among its actions: it uses one of the three (the
    engine was right); without an ability that pays for it the prompt offers no free action."""
    state = started(2)
    p = state.d["turn"]
    plain(state, p)
    card = state.d["market"][0][1]
    assert card is not None
    again(state)
    assert prompt(state, lang) == text("prompt.action", lang, left=3)
    assert labels(state, lang)[f"speculate {card}"] == text(
        "act.speculate", lang, target=f"@card.{card}.name"
    )
    play(state, f"speculate {card}")
    assert state.d["left"] == 2 and state.d["spec"][card] == p


@BOTH
def test_a_free_speculation_with_no_action_left_is_named_and_the_turn_end_logged(lang: str) -> None:
    """§I and the `extra_action` ability (Phoebe Hearst, Loyalist: one Speculate a turn at no action
    cost): with 0 actions left the menu still offers Speculate, so the prompt says that it costs none,
    each such button says so, and once it is used the log says the phase ended because the actions were
    spent."""
    state = started(2)
    p = state.d["turn"]
    hearst(state, p)
    state.d["left"] = 0
    again(state)
    assert waiting(state)["prompt"] == "prompt.action"  # the decision as the rules pose it
    asked = prompt(state, lang)
    assert asked == text("prompt.action_free", lang, left=0, free=["@free.speculate"])
    assert text("free.speculate", lang) in asked
    card = state.d["market"][0][1]
    shown = labels(state, lang)
    plain_label = text("act.speculate", lang, target=f"@card.{card}.name")
    assert shown[f"speculate {card}"] == text("act.costs_none", lang, label=plain_label)
    assert set(legal(state)) == {f"speculate {c}" for row in state.d["market"] for c in row if c} | {"end"}
    start = len(state.logs)
    play(state, f"speculate {card}")
    lines = log_since(state, start, lang)
    who = text(f"role.jugador-{p + 1}", lang)
    assert text("log.speculate", lang, who=who, card=text(f"card.{card}.name", lang)) in lines
    assert text("log.actions_spent", lang, who=who, n=0) in lines
    assert state.d["turn"] != p  # the turn went on to the next player


@BOTH
def test_ending_the_actions_early_is_logged_with_what_was_left(lang: str) -> None:
    """§I: `end` gives up the actions left; the log says who ended the phase and with how many."""
    state = started(2)
    p = state.d["turn"]
    start = len(state.logs)
    play(again(state), "end")
    who = text(f"role.jugador-{p + 1}", lang)
    assert log_since(state, start, lang)[0] == text("log.end_actions", lang, who=who, n=3)


# --------------------------------------------------------------------------------- prices on the buttons
@BOTH
def test_a_buy_button_shows_the_column_price_not_the_cards_play_cost(lang: str) -> None:
    """§COMPRAR CARTA: a market card costs its column's price (0, 1, 2, 4, 8, 16), paid to the bank or to
    the player whose Speculation cube is on it (§ESPECULAR); its play cost («Coste 1») is paid when it is
    played. The button says the price to pay and, after the first buy, the 2 actions it takes; a public
    card's button says its own price."""
    state = started(3)
    p = state.d["turn"]
    q = (p + 1) % 3
    plain(state, p)
    cheap = "ranchito_arizpe"
    assert CARDS[cheap].cost == 1
    out_of_market(state, cheap)
    state.d["market"][0][3] = cheap  # the 4-gold column
    other = state.d["market"][1][2]  # the 2-gold column, with another player's cube
    assert other is not None
    state.d["spec"][other] = q
    state.d["gold"][p] = 20
    shown = labels(again(state), lang)
    assert PRICES[3] == 4
    assert shown[f"buy {cheap}"] == text("act.buy_price", lang, target=f"@card.{cheap}.name", n=4)
    assert text("board.price", lang, n=4).split()[0] in shown[f"buy {cheap}"]
    assert shown[f"buy {other}"] == text(
        "act.buy_paid", lang, target=f"@card.{other}.name", n=2, who=f"@role.jugador-{q + 1}"
    )
    for public in PUBLIC_CARDS:
        assert shown[f"public {public}"] == text(
            "act.public_price", lang, target=f"@card.{public}.name", n=PUBLIC_CARDS[public].cost
        )
    play(state, f"buy {cheap}")
    assert state.d["gold"][p] == 16  # the column's price, as the button said
    again_shown = labels(state, lang)
    second = text("act.buy_paid", lang, target=f"@card.{other}.name", n=2, who=f"@role.jugador-{q + 1}")
    assert again_shown[f"buy {other}"] == text("act.costs", lang, label=second, n=2)


# ---------------------------------------------------------------------------------------- Díaz's turn
def diaz_log(state: PaxState, *rolls: str) -> tuple[list[str], list[str]]:
    """Díaz's rolls, then the log lines they wrote in Spanish and in English."""
    start = len(state.logs)
    play(state, *rolls)
    return log_since(state, start, "es"), log_since(state, start, "en")


def says(lines: tuple[list[str], list[str]], key: str, **params: object) -> bool:
    return all(text(key, lang, **params) in lines[k] for k, lang in enumerate(("es", "en")))


def test_diaz_says_why_an_orange_card_does_nothing_and_what_a_black_card_did() -> None:
    """Part L, README §9 (our rules): an orange card with no enterprise of the player's in its
    jurisdiction is discarded, and the log says so; a black card is played against the player, the log
    says so and what came of it (an assassination with no partner to kill kills nobody)."""
    state = started(2, solo="diaz")
    assert not state.d["play"][0]
    before_diaz(state, "saqueo_de_parral", "pistolero_a_sueldo")
    lines = diaz_log(state, "roll 6", "roll 12")
    you = "@role.jugador-1"
    assert says(lines, "log.diaz_takes", card="@card.saqueo_de_parral.name")
    assert says(
        lines, "log.diaz_no_target", who=you, card="@card.saqueo_de_parral.name", on="@jurisdiction.chihuahua"
    )
    assert says(lines, "log.victim", card="@card.pistolero_a_sueldo.name", who=you)
    assert says(lines, "log.no_partner", who=you)
    assert {"saqueo_de_parral", "pistolero_a_sueldo"} <= set(state.d["discard"])


def test_diaz_says_where_an_orange_card_strikes_and_a_black_card_meets_immunity() -> None:
    """Part L, README §9: an orange card hits the player's enterprise of its jurisdiction (the log names
    it); a federal court makes the player immune to black cards (the log says why it is discarded)."""
    state = started(2, solo="diaz")
    place(state, 0, "mina_la_colorada", 0)  # the orange card below is of its jurisdiction
    place(state, 0, "tribunal_tucson", 0)
    orange = next(
        c
        for c in CARDS
        if CARDS[c].type == "orange"
        and CARDS[c].jurisdiction == CARDS["mina_la_colorada"].jurisdiction
        and not CARDS[c].against
    )
    before_diaz(state, orange, "pistolero_a_sueldo")
    lines = diaz_log(state, "roll 8", "roll 2")
    assert says(lines, "log.target", card=f"@card.{orange}.name", on="@card.mina_la_colorada.name")
    assert says(lines, "log.diaz_immune", who="@role.jugador-1", card="@card.pistolero_a_sueldo.name")
    assert "pistolero_a_sueldo" in state.d["discard"]


def test_diaz_says_what_becomes_of_every_other_card_he_takes() -> None:
    """Part L: a Topple is discarded and counts toward the four; an enterprise without prestige is
    discarded; README §9: a troop is discarded (Díaz fields no army); a partner joins his cards; a roll
    on an empty place takes nothing. Every one is logged in both languages."""
    state = started(2, solo="diaz")
    topple = next(x for x in TOPPLES if x not in state.d["topples_out"])
    before_diaz(state, topple, "rurales_sonora")
    lines = diaz_log(state, "roll 6", "roll 12")
    assert says(lines, "log.diaz_topple", card=f"@card.{topple}.name", n=1, total=len(TOPPLES))
    assert says(lines, "log.diaz_troop", card="@card.rurales_sonora.name")

    state = started(2, solo="diaz")
    assert not CARDS["mina_cananea"].prestige
    before_diaz(state, "mina_cananea", "rurales_sonora")
    partner = state.d["market"][1][0]
    state.d["market"][1][0] = None  # nothing where the second roll points
    lines = diaz_log(state, "roll 8", "roll 7")
    assert says(lines, "log.diaz_no_prestige", card="@card.mina_cananea.name")
    assert says(lines, "log.diaz_empty")
    assert partner not in state.d["diaz"]

    state = started(2, solo="diaz")
    before_diaz(state, "mina_cananea", "rurales_sonora")
    partner = state.d["market"][0][0]
    lines = diaz_log(state, "roll 7", "roll 12")
    assert says(lines, "log.diaz_row", card=f"@card.{partner}.name") and partner in state.d["diaz"]


def test_a_black_card_against_a_jailed_player_says_they_are_in_jail_already() -> None:
    """§ENCARCELADO: a player already in jail stays there (one green disk); the log says so instead of
    saying nothing."""
    state = started(2, solo="diaz")
    state.d["jail"][0] = True
    before_diaz(state, "mina_cananea", "la_leva")  # la_leva: jail
    lines = diaz_log(state, "roll 8", "roll 2")
    assert says(lines, "log.victim", card="@card.la_leva.name", who="@role.jugador-1")
    assert says(lines, "log.already_jailed", who="@role.jugador-1")


# ---------------------------------------------------------------------------------- the solo option
@BOTH
def test_the_solitaire_option_reads_as_words(lang: str) -> None:
    """Part L: the lobby shows the option `solo` by the labels of its values (`choice.solo.<value>`),
    never the notation «off» / «diaz», and its help names the two-seat set-up in the reader's language."""
    catalog = GAME.catalog
    for value in ("off", "diaz"):
        assert catalog.has(f"choice.solo.{value}")
        assert catalog.text(f"choice.solo.{value}", lang) not in ("off", "diaz")
    assert "Díaz" in catalog.text("choice.solo.diaz", lang) and "2" in catalog.text("choice.solo.diaz", lang)
    help_text = catalog.text("option.solo", lang)
    assert "off" not in help_text and " diaz" not in help_text and "Díaz" in help_text
    assert catalog.text("choice.solo.diaz", "es") != catalog.text("choice.solo.diaz", "en")


@BOTH
def test_a_new_cube_is_named_as_such_when_speculating(lang: str) -> None:
    """§ESPECULAR: with a cube in the reserve, a new cube or one's Speculation cube moved; the choice of
    a new cube reads as that, not «Nada más»."""
    state = started(2)
    p = state.d["turn"]
    cards = [c for row in state.d["market"] for c in row if c]
    state.d["spec"][cards[0]] = p
    play(again(state), f"speculate {cards[1]}")
    assert labels(state, lang)["pass"] == text("act.new_cube", lang)


def test_the_labels_name_only_whats_legal() -> None:
    """A label refined from the position is given only for an action of the decision now posed: an
    action of another decision keeps its plain label."""
    state = started(2)
    hand(state, state.d["turn"], "mina_cananea")
    again(state)
    assert ID["pass"] not in state.legal_actions()
    assert state.action_view(ID["pass"], "es")["label"] == text("act.pass", "es")
