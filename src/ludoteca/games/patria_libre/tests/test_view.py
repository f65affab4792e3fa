"""The view, the observation tensor, the invariants, the evaluation, the catalogs and the rules reference."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from ludoteca.games.patria_libre.market import PRICES
from ludoteca.games.patria_libre.procs import PROCS
from ludoteca.games.patria_libre.state import PatriaState
from ludoteca.games.patria_libre.tests.positions import GAME, started

HERE = Path(__file__).parent.parent
CODE = "\n".join(p.read_text("utf-8") for p in HERE.glob("*.py"))


def positions(seed: int, players: str, count: int = 150) -> list[PatriaState]:
    rng = random.Random(seed)
    found: list[PatriaState] = []
    while len(found) < count:
        state = GAME.new_initial_state({"players": players})
        assert isinstance(state, PatriaState)
        while not state.is_terminal():
            state.apply_action(
                state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
            )
            if rng.random() < 0.2:
                found.append(state.clone())
    return found


def test_observation_has_a_fixed_shape_and_values_in_0_1() -> None:
    sizes = set()
    for players in ("2", "4"):
        for state in positions(5, players):
            tensor = state.observation_tensor(0)
            sizes.add(len(tensor))
            assert all(0.0 <= x <= 1.0 for x in tensor)
    assert len(sizes) == 1


def test_invariants_hold_and_evaluation_is_on_the_returns_scale() -> None:
    for state in positions(6, "4", 100):
        assert state.invariants() == []
        values = state.evaluate()
        assert len(values) == 5 and all(-1.0 <= v <= 1.0 for v in values)
        assert values[4] == 0.0  # Iturbide is not in a 4-player game


def test_evaluation_favours_the_side_ahead() -> None:
    st = started()
    st.d["vp"] = {"insurgent": 6, "royalist": 1}
    hidalgo, _, calleja, _, _ = st.evaluate()
    assert hidalgo > 0 > calleja


def test_view_is_public_and_complete() -> None:
    st = started(players="4")
    view = st.view(2, "en")
    json.dumps(view)
    board = view["board"]
    assert board["turn"] == "hidalgo" and len(board["market"]) == 4 and board["spv_left"] == 5
    assert board["players"]["hidalgo"]["area"] == ["hidalgo"]  # everything is public (§Configuración)
    assert board["provinces"]["puebla"]["control"] == "venegas"
    assert board["names"]["mexico_capital"] == "Mexico City"
    assert [a["label"] for a in view["actions"]] == []  # Calleja (2) is not to act
    assert st.view(0, "en")["actions"]


def test_result_names_the_winner_and_the_tie_break() -> None:
    st = started()
    from ludoteca.games.patria_libre.scoring import finish

    finish(st, "outcome.last_spv")
    result = st.result("en")
    assert result is not None
    assert result["text"].startswith("The royalists win") and "complete tie" in result["text"]
    assert result["winning_side"] == "royalist" and result["tiebreak_used"] == "royalists"
    assert st.returns() == [-1.0, 0.0, 1.0, 0.0, 0.0]


def anchors(lang: str) -> set[str]:
    return set(re.findall(r"\{#([\w.-]+)\}", GAME.rules_reference(lang)))


def test_every_cited_rule_has_a_section_in_both_languages() -> None:
    cited = {p.rule for p in PROCS.by_name.values()}
    for lang in ("es", "en"):
        assert cited <= anchors(lang), sorted(cited - anchors(lang))
    assert anchors("es") == anchors("en")


def test_catalogs_have_the_same_keys_and_cover_the_code() -> None:
    es, en = GAME.catalog.keys("es"), GAME.catalog.keys("en")
    assert es == en, sorted(es ^ en)
    used = set(re.findall(r'"((?:log|prompt|outcome|option|error)\.[\w]+)"', CODE))
    assert used <= es, sorted(used - es)
    for notation in GAME.actions.names:
        assert f"action.{notation.split(' ')[0]}" in es
    st = started()
    for a in range(GAME.num_distinct_actions):
        label = st.action_view(a, "es")["label"]
        assert "@" not in label and "{" not in label, (GAME.actions.names[a], label)


def test_a_market_space_is_offered_by_the_card_lying_there_and_its_price() -> None:
    """§Comprar carta: the buyer chooses a card of the market; its button names it and its price, not
    only the space's number (issue 25)."""
    offered = 0
    for state in positions(7, "2", count=60):
        if state.is_chance_node() or state.is_terminal():
            continue
        for action in state.legal_actions():
            verb, _, space = GAME.actions.names[action].partition(" ")
            if verb != "slot":
                continue
            card, price = state.d["market"][int(space) - 1], PRICES[int(space) - 1]
            for lang in ("es", "en"):
                label = state.action_view(action, lang)["label"]
                assert GAME.catalog.text(f"card.{card}.name", lang) in label and str(price) in label, label
            offered += 1
    assert offered > 0


def test_a_result_names_each_sides_points_even_below_zero() -> None:
    """«(1–-3)» read as a typo: each side's points are named on their own (issue 25)."""
    for lang in ("es", "en"):
        for key in ("outcome.lead", "outcome.thirty", "outcome.last_spv"):
            params = {"winner": "x", "insurgent": 1, "royalist": -3, "tiebreak": ""}
            text = GAME.catalog.text(key, lang, params)
            assert "–-" not in text and " -3 " in text and " 1 " in text, text
