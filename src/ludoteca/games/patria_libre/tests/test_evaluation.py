"""The search's evaluation (evaluation.py): the next S/PV card found in the market or the line, the supply
projected before its score, the flags and a leader left alone."""

from __future__ import annotations

from ludoteca.games.patria_libre import evaluation
from ludoteca.games.patria_libre.board import BOARD
from ludoteca.games.patria_libre.evaluation import exposed, next_spv, projection
from ludoteca.games.patria_libre.state import PatriaState
from ludoteca.games.patria_libre.tests.positions import empty, started

SPV = BOARD.spv


def board() -> PatriaState:
    """Two players, an emptied map, no VP, the S/PV card with the tabaco region leftmost in the market."""
    st = empty(started())
    st.d["vp"] = {"insurgent": 0, "royalist": 0}
    tabaco = next(c for c in SPV if BOARD.cards[c].get("region") == "tabaco")
    st.d["market"] = [tabaco, *[c for c in st.d["market"] if c != tabaco][:3]]
    st.d["line"] = [item for item in st.d["line"] if not (item[0] == "spv" and item[1] == tabaco)]
    return st


def test_the_next_spv_card_is_the_first_in_the_market_then_in_the_line() -> None:
    st = board()
    assert next_spv(st) == (st.d["market"][0], 1)
    st.d["market"] = [c for c in st.d["market"] if BOARD.cards[c]["type"] != "spv"]
    ahead = len(st.d["market"])
    for item in st.d["line"]:
        if item[0] == "spv":
            assert next_spv(st) == (item[1], ahead + 1)
            break
        ahead += item[2]
    st.d["line"] = []
    assert next_spv(st) == ("", 0)


def test_projection_counts_stars_the_region_and_domination() -> None:
    st = board()
    for p in BOARD.regions["tabaco"]:
        st.d["troops"][p]["hidalgo"] = 1
    st.d["coins"]["hidalgo"] = 3
    seen = projection(st, "hidalgo", "tabaco")
    stars = sum(BOARD.stars.get(p, 0) for p in BOARD.regions["tabaco"])
    assert seen.later == stars + BOARD.region_stars["tabaco"]  # the stars, then the region dominated
    assert seen.score == seen.later + 2 * 3
    assert (seen.kept, seen.abandoned) == (3, 0)


def test_troops_beyond_the_supply_are_dropped_where_they_score_least() -> None:
    st = board()
    st.d["troops"]["mexico_capital"]["hidalgo"] = 1  # 2 stars
    st.d["troops"]["zacatecas"]["hidalgo"] = 1  # none
    st.d["coins"]["hidalgo"] = 1
    seen = projection(st, "hidalgo", "tabaco")
    assert (seen.kept, seen.abandoned, seen.score) == (1, 1, 2)
    st.d["coins"]["hidalgo"] = 2
    assert projection(st, "hidalgo", "tabaco").abandoned == 0


def test_unsupplied_troops_lower_the_evaluation() -> None:
    st = board()
    for p in ("zacatecas", "nueva_vizcaya", "san_luis_potosi"):
        st.d["troops"][p]["hidalgo"] = 1
    st.d["troops"]["puebla"]["calleja"] = 1
    st.d["coins"]["calleja"] = 1
    st.d["coins"]["hidalgo"] = 3
    paid = st.evaluate()[0]
    st.d["coins"]["hidalgo"] = 0
    assert st.evaluate()[0] < paid


def test_a_leader_alone_next_to_an_adversary_is_exposed() -> None:
    st = board()
    st.d["leaders"]["hidalgo"] = "puebla"
    assert not exposed(st, "hidalgo")
    st.d["troops"]["mexico_capital"]["calleja"] = 1  # next door
    assert "mexico_capital" in BOARD.adjacent["puebla"]
    assert exposed(st, "hidalgo")
    st.d["troops"]["puebla"]["hidalgo"] = 1
    assert not exposed(st, "hidalgo")


def test_a_second_enemy_flag_weighs_more_than_the_first() -> None:
    st = board()
    st.d["coins"]["hidalgo"] = 5
    values = []
    for p in BOARD.flags["royalist"][:2]:
        values.append(st.evaluate()[0])
        st.d["troops"][p]["hidalgo"] = 1
    values.append(st.evaluate()[0])
    assert values[0] < values[1] < values[2]
    assert values[2] - values[1] > values[1] - values[0] > 0


def test_the_evaluation_is_zero_sum_between_the_sides_and_on_the_returns_scale() -> None:
    st = started()
    st.d["vp"] = {"insurgent": 25, "royalist": 0}
    hidalgo, _, calleja, _, _ = st.evaluate()
    assert -1.0 <= calleja < 0 < hidalgo <= 1.0
    assert abs(hidalgo + calleja) < 1e-9
    assert evaluation.WEIGHTS.scale == BOARD.end["lead"]
