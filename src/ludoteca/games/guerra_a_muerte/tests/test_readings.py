"""The options for the rulebook's ambiguous passages (facts file §7; README, "Rule-side ambiguities
resolved"): for each, a constructed position where the default reading and the text's alternative give
different results, as the text says."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.counters import COUNTERS
from ludoteca.games.guerra_a_muerte.operations import activation_ops
from ludoteca.games.guerra_a_muerte.options import GamOptions
from ludoteca.games.guerra_a_muerte.state import GamState
from ludoteca.games.guerra_a_muerte.tests.positions import ending, running
from ludoteca.games.guerra_a_muerte.tests.test_examples import GAME, empty, put
from ludoteca.games.guerra_a_muerte.tests.test_naval import bare, play, run
from ludoteca.games.guerra_a_muerte.uprisings import can_rise
from ludoteca.games.guerra_a_muerte.victory import outcome


def reading(state: GamState, **given: str) -> GamState:
    """`state` under other options (of the same scenario): the rules read `state.options`."""
    state.options = GamOptions.parse({**state.options.as_strings(), **given})
    return state


def top(state: GamState) -> dict[str, Any]:
    frame: dict[str, Any] = running(state)
    return frame


# ----------------------------------------------------------------------------- A#2 leader Ops (§3.3)
def test_leader_ops_added_or_on_the_die_3_3() -> None:
    """§3.3: "Añádase el factor de Operaciones de cualquier jefe" among the die modifiers; the §6.6 example
    instead adds Morillo's 1 to the 6 OPs read for a 4. On the die, 4 + 1 reads the last row (8 OPs),
    2 + 1 reads 6 (5 when added), and 5 + 1 stays at 8 (9 when added)."""
    morillo = BOARD.leaders["morillo"].ops
    assert [activation_ops(r, 0, False, morillo) for r in (2, 4, 5)] == [5, 7, 9]
    assert [activation_ops(r, 0, False, morillo, leader_on_die=True) for r in (2, 4, 5)] == [6, 8, 8]
    for given, ops in (("added", 7), ("die", 8)):
        state = reading(bare(), **{"leader-ops": given})
        put(state, "maracaibo", ["es_le"])
        state.d["leaders"]["morillo"]["at"] = "maracaibo"
        run(
            state,
            "activation",
            side="royalist",
            nations=["american", "spanish"],
            area="maracaibo",
            units=["es_le"],
            leaders=["morillo"],
            mexico=-1,
        )
        play(state, "die 4")
        assert top(state)["ops"] == ops


# ------------------------------------------------------------------------------- A#9 Boves (§8.2)
def boves_battle(given: str) -> GamState:
    """Boves' Royalist stack has fought in Los Llanos and kept its units; the battle reaches its leaders
    step (§8.1)."""
    state = reading(bare(), boves=given)
    put(state, "los_llanos", ["am_fp", "ep_c1"])
    state.d["leaders"]["boves"]["at"] = "los_llanos"
    frame = {
        "p": "battle",
        "s": "leaders",
        "area": "los_llanos",
        "attacker": "royalist",
        "defender": "patriot",
        "units": ["am_fp"],
        "leaders": ["boves"],
        "dunits": ["ep_c1"],
        "dleaders": [],
    }
    state.d["stack"] = [{"p": "victory", "s": "start"}, frame]
    state.d["wait"] = None
    state._run()
    return state


def test_boves_rolls_after_every_combat_or_when_wiped_out_8_2() -> None:
    """§8.2: "cada vez que la fuerza apilada con el jefe Boves participe en combate, réstese -1 a la
    tirada" — our reading: he rolls after every combat; the alternative: the −1 applies only to the §8.1
    roll, made when his stack is wiped out. His stack survived: he rolls (a 1 loses him) or he does not."""
    state = boves_battle("every-combat")
    assert state.is_chance_node() and top(state)["p"] == "leader_loss"
    play(state, "die 1")
    assert state.d["leaders"]["boves"]["at"] != "los_llanos"
    state = boves_battle("wiped-out")
    assert state.is_terminal() and state.d["leaders"]["boves"]["at"] == "los_llanos"


# -------------------------------------------------------------------- A#19 slaves and the Liberals
def test_after_the_liberals_who_may_rise_again_4_9_1() -> None:
    """§4.9.1: the Liberal event lets "el bando que reclutó" rise again where it raised masses; §10.2.1.3
    names only the Patriot. A Royalist who raised masses in México Central, now held by the Patriot."""
    for given, royalist_may in (("patriot", False), ("recruiter", True)):
        state = reading(bare(), **{"liberal-slaves": given})
        put(state, "central_mexico", ["ep_c1"])
        state.d["slaves"]["royalist"].append("central_mexico")
        assert not can_rise(state, "royalist", "central_mexico")
        state.d["liberals"] = 10
        assert can_rise(state, "royalist", "central_mexico") is royalist_may
        state.d["slaves"]["patriot"].append("lima")  # the Patriot may again under both readings
        put(state, "lima", ["am_fp"])
        assert can_rise(state, "patriot", "lima")


# ------------------------------------------------------------------ A#22 the Liberals in 1820–1824
def test_1820_liberals_in_power_or_not_yet_12_3() -> None:
    """§12.3 starts in the uprisings of turn XI, after the Events phase, though its note tells of the 1820
    Liberal rising. In power: subversion on turn XI, Spain's RP halved, no roll later. Not yet: nothing
    of it until the Patriot rolls for it, from turn XII's Events phase (a 2 suffices then, §10.2)."""
    in_power = GAME.new_initial_state({"scenario": "1820-1824"})
    not_yet = GAME.new_initial_state({"scenario": "1820-1824", "liberals-1820": "not-yet"})
    assert isinstance(in_power, GamState) and isinstance(not_yet, GamState)
    assert in_power.d["liberals"] == 11 and not_yet.d["liberals"] == 0
    for state, rolls in ((in_power, False), (not_yet, True)):
        state = reading(empty("1820-1824"), **{"liberals-1820": state.options.liberals_1820})
        state.d["liberals"] = 11 if state.options.liberals_1820 == "in-power" else 0
        state.d["turn"] = 12
        run(state, "events")
        assert state.is_chance_node() is rolls
        if rolls:
            play(state, "die 2")
            assert state.d["liberals"] == 12


# ------------------------------------------------------------------- A#22 where the campaign starts
def test_campaign_starts_in_operations_or_with_the_turn_12_1_1() -> None:
    """The campaign's start phase is not printed; §12.1, which shares its set-up, starts in the
    operations of turn I. The alternative plays the whole of turn I, its uprisings first."""
    for given, phase in (("operations", "patriot_operations"), ("turn", "uprisings")):
        state = GAME.new_initial_state({"scenario": "campaign", "campaign-start": given})
        rng = random.Random(1)
        while state.d["phase"] == "setup":
            state.apply_action(rng.choice(state.legal_actions()))
        assert state.d["phase"] == phase and state.turn == 1


# ------------------------------------------------------------------------ A#24 victory gaps (§11.1)
def test_victory_completed_or_literal_11_1() -> None:
    """§11.1 leaves a gap: a Royalist holding 3–14 continental areas worth under 14 RP meets no level.
    Completed: a Patriot victory. Literal: no level, a draw. Two areas worth 4 RP or less: a Patriot
    victory under both."""
    cheapest = sorted((a.rp, a.id) for a in BOARD.areas.values() if a.continental and a.rp > 0)
    units = ["am_fp", "am_ce", "am_f", "am_rl", "am_cz"]
    for given, winner in (("completed", "patriot"), ("literal", "none")):
        state = reading(empty("1820-1824"), victory=given)
        for (_, area), unit in zip(cheapest[:5], units, strict=True):
            put(state, area, [unit])
        result, counts = outcome(state)
        assert counts == {"areas": 3, "rp": 5, "penalty": 2} and result == winner
        state.d["stack"] = [{"p": "victory", "s": "start"}]
        state.d["wait"] = None
        state._run()
        assert state.is_terminal() and state.returns() == ([1.0, -1.0] if winner == "patriot" else [0.0, 0.0])
        assert ending(state) == f"outcome.{winner}"
        state = reading(empty("1820-1824"), victory=given)
        for (_, area), unit in zip(cheapest[:4], units, strict=False):
            put(state, area, [unit])
        assert outcome(state)[0] == "patriot"  # 4 areas less the garrison's 2: two, worth 4 RP


# ----------------------------------------------------------- A#24b partly held areas count ½ (§11.0)
def regulars(side: str) -> list[str]:
    return [u for u, c in COUNTERS.items() if c.side == side and not c.naval and not c.militia]


def counted_areas() -> list[str]:
    return sorted(a.id for a in BOARD.areas.values() if a.continental and a.rp > 0)


def test_a_partly_held_area_counts_half_an_area_11_0() -> None:
    """§11.0: "las áreas bajo control parcial de ambos bandos cuentan como ½ área" (the "½" lost from our
    text), §10.6: the El Plata rebels' areas ½ for the Patriot. 1820–1824, the Royalist alone in 15
    continental areas and sharing 2 with the Patriot, short of the §10.5 garrison (2 fewer): 14 areas, a
    draw, where whole areas give 15 and his victory. 1815–1818, the Patriot alone in 10 areas, sharing 2
    with the Royalist, with the rebels in 1 more, the garrison short (2 more): 13½, a draw — between
    §12.2.4's 13 and 14 — where whole areas give 15 and his victory; alone in 8 and sharing 1: 10½, a
    draw, over the Royalist's "10 o menos"."""
    areas, royal, patriot = counted_areas(), regulars("royalist"), regulars("patriot")
    for given, winner, shown in (("half", "draw", "14"), ("whole", "royalist", "15")):
        state = reading(empty("1820-1824"), partial=given)
        for area, unit in zip(areas[:17], royal, strict=False):
            put(state, area, [unit])
        put(state, areas[15], [patriot[0]])
        put(state, areas[16], [patriot[1]])
        assert outcome(state)[0] == winner and outcome(state)[1]["areas"] == float(shown)
        state.d["stack"] = [{"p": "victory", "s": "start"}]
        state.d["wait"] = None
        state._run()
        ended = state.result("en")
        assert ended is not None
        assert ended["text"] == f"{'Draw' if winner == 'draw' else 'Royalist victory'} ({shown} areas)"
    rebels = [u for u, c in COUNTERS.items() if c.side == "rebel"]
    for given, winner in (("half", "draw"), ("whole", "patriot")):
        state = reading(empty("1815-1818"), partial=given)
        for area, unit in zip(areas[:12], patriot, strict=False):
            put(state, area, [unit])
        put(state, areas[10], [royal[0]])
        put(state, areas[11], [royal[1]])
        put(state, areas[12], [rebels[0]])
        won, counts = outcome(state)
        assert won == winner and counts["areas"] == (13.5 if given == "half" else 15), counts
        state.d["stack"] = [{"p": "victory", "s": "start"}]
        state.d["wait"] = None
        state._run()
        if given == "half":
            ended = state.result("es")
            assert ended is not None and ended["text"] == "Empate (13½ áreas)"
    state = reading(empty("1815-1818"))
    for area, unit in zip(areas[:9], patriot, strict=False):
        put(state, area, [unit])
    put(state, areas[8], [royal[0]])
    assert outcome(state) == ("draw", {"areas": 10.5, "rp": 0, "penalty": 2})


READINGS = [
    ("1815-1818", "leader-ops", "die"),
    ("1815-1818", "boves", "wiped-out"),
    ("1815-1818", "liberal-slaves", "recruiter"),
    ("1820-1824", "liberals-1820", "not-yet"),
    ("campaign", "campaign-start", "turn"),
    ("1820-1824", "victory", "literal"),
    ("1815-1818", "partial", "whole"),
    ("1820-1824", "iguala", "on"),
    ("1820-1824", "royalist-hold", "start"),
]


@pytest.mark.parametrize(("scenario", "name", "value"), READINGS, ids=[f"{n}={v}" for _, n, v in READINGS])
def test_each_other_reading_plays_to_the_end(scenario: str, name: str, value: str) -> None:
    """Random choices and dice under each alternative reading, in a scenario where it matters: no dead
    end, every invariant kept, the end reached (the full fuzzer: `ludoteca fuzz guerra-a-muerte -o …`)."""
    rng = random.Random(5)
    state = GAME.new_initial_state({"scenario": scenario, name: value})
    moves = 0
    while not state.is_terminal():
        state.apply_action(
            state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        )
        moves += 1
        assert moves < GAME.max_moves and not state.invariants(), state.invariants()
    assert state.result() is not None


def siege_until_fates(die: int, garrison_leader: str, besieger_leader: str, boves: str) -> GamState:
    """A Patriot force besieges a one-counter Royalist garrison reduced to one step in Costa Firme (§6.2)
    with `die` on the Siege table, then plays every loss the first way offered, up to the leaders' fate
    roll (if any)."""
    state = reading(bare(), boves=boves)
    put(state, "costa_firme", ["am_fp"], city=True)
    state.set_unit("am_fp", steps=1)
    put(state, "costa_firme", ["gc_ng1", "gc_ng2"])
    state.d["leaders"][garrison_leader]["at"] = "costa_firme"
    state.d["leaders"][besieger_leader]["at"] = "costa_firme"
    run(
        state,
        "siege",
        attacker="patriot",
        area="costa_firme",
        units=["gc_ng1", "gc_ng2"],
        leaders=[besieger_leader],
    )
    play(state, f"die {die}")
    while not state.is_terminal() and not state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    return state


def test_a_siege_attack_puts_leaders_to_their_fate_like_a_battle_8_1() -> None:
    """§8.1 applies to every combat, a siege attack included: the garrison's leader rolls for his fate
    when the whole garrison is eliminated, and only then (Bolívar, whose besiegers survive, never)."""
    garrison_gone = still_there = 0
    for die in range(1, 7):
        state = siege_until_fates(die, "morillo", "bolivar", "wiped-out")
        wiped = state.d["units"]["am_fp"]["at"] != "costa_firme"
        asked = state.is_chance_node() and top(state)["p"] == "leader_loss"
        assert asked == wiped, die
        if asked:
            assert top(state)["leaders"] == ["morillo"]
            garrison_gone += 1
        else:
            still_there += 1
    assert garrison_gone and still_there  # both cases met


def test_boves_rolls_after_a_siege_attack_too_8_2() -> None:
    """§8.2 "cada vez que la fuerza apilada con el jefe Boves participe en combate": a siege attack is a
    combat; Boves in the garrison rolls after it, whatever its result, with `boves=every-combat`."""
    for die in range(1, 7):
        state = siege_until_fates(die, "boves", "bolivar", "every-combat")
        assert state.is_chance_node() and "boves" in top(state)["leaders"], die
