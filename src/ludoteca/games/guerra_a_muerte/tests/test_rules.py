"""The set-ups, the notation, the options and what each side may see (§2, §5.1.3, §12)."""

from __future__ import annotations

import random

import pytest

from ludoteca.core.errors import BadOptionError
from ludoteca.games.guerra_a_muerte import GuerraAMuerte
from ludoteca.games.guerra_a_muerte.actions import ACTIONS
from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.state import GamState

GAME = GuerraAMuerte()


def test_notation_round_trips() -> None:
    for a in range(len(ACTIONS)):
        assert ACTIONS.parse(ACTIONS.format(a)) == a


def test_options() -> None:
    assert GAME.parse_options({}).as_strings() == {"scenario": "campaign", "intelligence": "limited"}
    with pytest.raises(BadOptionError):
        GAME.parse_options({"scenario": "1819"})


def test_campaign_royalist_deploys_first_2_0() -> None:
    st = GAME.new_initial_state({"scenario": "campaign"})
    assert st.current_player() == 1 and st.d["wait"]["rule"] == "2.1"
    assert st.d["rp"]["royalist"] == 4 and st.d["rp"]["mexico"] == 4


def test_1815_set_up_12_2() -> None:
    st = GAME.new_initial_state({"scenario": "1815-1818"})
    assert isinstance(st, GamState)
    assert st.d["rp"]["royalist"] == 14 and st.d["rp"]["gran_colombia"] == 10
    assert "chile_norte" in st.d["repression"]
    assert st.d["leaders"]["bolivar"]["at"] == "haiti"


def test_1820_control_12_3() -> None:
    st = GAME.new_initial_state({"scenario": "1820-1824"})
    assert isinstance(st, GamState)
    for area in BOARD.control["1820-1824"]["patriot"]:
        assert "patriot" in st.holders(area)
    assert st.holders("costa_firme") == {"patriot", "royalist"}
    assert st.holders("maracaibo") == {"royalist"}
    assert st.d["liberals"] == 11


def test_limited_intelligence_hides_contents_5_1_3() -> None:
    st = GAME.new_initial_state({"scenario": "1815-1818"})
    lima = st.view(0)["board"]["places"]["lima"]["forces"]["royalist"]
    assert lima["marker"] and "units" not in lima
    assert "units" in st.view(1)["board"]["places"]["lima"]["forces"]["royalist"]
    open_ = GAME.new_initial_state({"scenario": "1815-1818", "intelligence": "open"})
    assert "units" in open_.view(0)["board"]["places"]["lima"]["forces"]["royalist"]


def test_resample_keeps_the_view() -> None:
    st = GAME.new_initial_state({"scenario": "1820-1824"})
    rng = random.Random(0)
    for role in (0, 1):
        twin = st.resample_from_infostate(role, rng)
        assert twin.view(role) == st.view(role)
