"""§14.1 Plan de Iguala, the reconstructed variant behind the option `iguala` (README, "The Plan de
Iguala"): when the Patriot rolls, what goes over, and what each side reads of it."""

from __future__ import annotations

from ludoteca.games.guerra_a_muerte.counters import COUNTERS
from ludoteca.games.guerra_a_muerte.iguala import NEW_SPAIN, defectors, iguala_needs
from ludoteca.games.guerra_a_muerte.position import POOL
from ludoteca.games.guerra_a_muerte.state import GamState
from ludoteca.games.guerra_a_muerte.tests.test_naval import play, run
from ludoteca.games.guerra_a_muerte.tests.test_readings import reading
from ludoteca.games.guerra_a_muerte.tests.test_rules import GAME
from ludoteca.games.guerra_a_muerte.victory import regular_steps, rules_for


def turn_xii(iguala: str = "on") -> GamState:
    """1820–1824's set-up on turn XII with the Liberals in power since XI, the variant as given."""
    state = reading(GAME.new_initial_state({"scenario": "1820-1824", "setup": "historical"}), iguala=iguala)
    state.d["turn"] = 12
    return state


def where(state: GamState, nationality: str) -> dict[str, str]:
    """Where each counter of `nationality` stands."""
    return {u: s["at"] for u, s in state.d["units"].items() if COUNTERS[u].nationality == nationality}


def rolls(state: GamState) -> bool:
    """Whether the Events phase waits on a die (the Liberals are in power, so only the plan rolls)."""
    run(state, "events")
    return state.current_player() < 0 and not state.is_terminal()


def test_the_odds_grow_a_face_a_turn_14_1() -> None:
    """5–6 the turn after the Liberal event, one face more each later turn, as §10.2's odds grow."""
    assert [iguala_needs(n) for n in (1, 2, 3, 4)] == [5, 4, 3, 2]


def test_no_roll_without_the_variant_or_before_the_turn_after_the_liberals_14_1() -> None:
    assert not rolls(turn_xii("off"))
    state = turn_xii()
    state.d["turn"] = 11  # the Liberals' own turn
    assert not rolls(state)
    state = turn_xii()
    state.d["iguala"] = 12  # once a game
    state.d["turn"] = 13
    assert not rolls(state)
    assert rolls(turn_xii())


def test_a_failed_roll_changes_nothing_14_1() -> None:
    state = turn_xii()
    before = {u: dict(s) for u, s in state.d["units"].items()}
    run(state, "events")
    play(state, "die 4")
    assert state.d["iguala"] == 0 and state.d["units"] == before


def test_the_american_royalists_of_new_spain_go_over_14_1() -> None:
    """5 on turn XII: every American Royalist land unit of New Spain and Guatemala leaves the map and a
    Mexican Patriot counter of its arm from the pool takes its place, as reduced as it was (none when the
    pool has no such counter left); the Spanish stay, and the Royalist falls short of §10.5's 16 regular
    steps in New Spain."""
    state = turn_xii()
    gone = defectors(state)
    assert len(gone) == 14
    assert {a for _, a in gone} == {"central_mexico", "tierra_caliente", "guadalajara", "guatemala"}
    spanish = where(state, "spanish")
    state.set_unit("am_pb", steps=1)
    assert regular_steps(state, NEW_SPAIN) == 28
    run(state, "events")
    play(state, "die 5")
    assert state.d["iguala"] == 12
    assert all(state.d["units"][u]["at"] == POOL for u, _ in gone) and not defectors(state)
    assert where(state, "spanish") == spanish
    mexicans = [u for u, at in where(state, "mexico").items() if at in NEW_SPAIN]
    assert len(mexicans) == 12 + 2  # two of the three cavalry regiments find no Mexican counter; 2 guerrillas
    assert state.d["units"]["mx_mt"]["at"] == "tierra_caliente" and state.d["units"]["mx_mt"]["steps"] == 2
    assert state.d["units"]["mx_dv"]["at"] == "tierra_caliente"
    guadalajara = state.land_at("guadalajara", "patriot")
    assert [(COUNTERS[u].arm, state.d["units"][u]["steps"]) for u in guadalajara] == [("infantry", 1)]
    assert regular_steps(state, NEW_SPAIN) == 14 < int(rules_for("1820-1824")["garrison_new_spain"])


def test_each_side_reads_its_own_units_under_limited_intelligence_14_1() -> None:
    """The public line gives the die and the count; the units lost are the Royalist's to read, the units
    gained the Patriot's (§5.1.3)."""
    state = turn_xii()
    run(state, "events")
    play(state, "die 6")
    for role, mine, theirs in (
        (0, "joins the Patriots", "goes over to the Patriots."),
        (1, "goes over", "joins"),
    ):
        texts = [line["text"] for line in state.view(role, "en")["log"]]
        assert any("Plan de Iguala is proclaimed" in t for t in texts)
        assert any(mine in t for t in texts)
        assert not any(theirs in t and "Plan de Iguala" not in t for t in texts)
