"""The search's redraw of what the other side hides (§5.1.3, `redraw.resample`) gives a position the rules
can play on, for either role: the pending decision of the side redrawn offers what its rules offer in
the twin (promotion §4.7, recruitment §4.6 into the havens §10.3), and the draw never depends on which
hidden counter truly stands where."""

from __future__ import annotations

import random

import pytest

from ludoteca.games.guerra_a_muerte import GuerraAMuerte, redraw, view
from ludoteca.games.guerra_a_muerte.actions import ID
from ludoteca.games.guerra_a_muerte.counters import COUNTERS
from ludoteca.games.guerra_a_muerte.redraw import OPTIONS_OF, draw
from ludoteca.games.guerra_a_muerte.state import GamState
from ludoteca.games.guerra_a_muerte.tests.positions import running, waiting

GAME = GuerraAMuerte()


def reach(scenario: str, seed: int, steps: int) -> GamState:
    """The position after `steps` random choices and chance outcomes (one generator, seeded)."""
    rng = random.Random(seed)
    state = GAME.new_initial_state({"scenario": scenario, "setup": "historical"})
    for _ in range(steps - 1):
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def offered(twin: GamState) -> list[int]:
    """The options the twin's rules compute for its pending decision."""
    wait = waiting(twin)
    return sorted(OPTIONS_OF[wait["prompt"]][0](twin, running(twin)))


def play_every_option(twin: GamState) -> None:
    """Each option of the twin's pending decision, and the decision it leads to if the same side decides
    again (a recruit's placement), applied to a copy: none raises."""
    for action in twin.legal_actions():
        after = twin.clone()
        after.apply_action(action)
        if after.current_player() == twin.current_player() and after.legal_actions():
            after.apply_action(after.legal_actions()[0])


def test_cochranes_roll_keeps_a_frigate_to_take_in_every_redraw_8_3() -> None:
    """§8.3: Cochrane rolls before a naval battle only against Royalist frigates. Redrawn for the Patriot
    while the die is pending, the Royalist ships the battle names stay ships of their class (a frigate is
    redrawn among the hidden frigates), so every outcome of the roll has a frigate to take: a frigate
    redrawn as a ship of the line once left the capture without one (fuzz, 1820–1824, seed 248)."""
    from ludoteca.games.guerra_a_muerte.frames import naval_battle
    from ludoteca.games.guerra_a_muerte.naval_combat import royalist_frigates
    from ludoteca.games.guerra_a_muerte.tests.test_naval import at_sea, bare, play, run

    state = bare()
    at_sea(state, "pacifico_iii", ["es_sol1", "es_fr1", "ch_sol1"])
    at_sea(state, "pacifico_ii", ["es_sol2", "es_fr2"])  # hidden ships of both classes elsewhere
    state.d["leaders"]["cochrane"]["at"] = "pacifico_iii"
    units, dunits = ["es_sol1", "es_fr1"], ["ch_sol1"]
    run(state, "naval_battle", attacker="royalist", sea="pacifico_iii", units=units, dunits=dunits, port="")
    play(state, "fight")
    assert state.is_chance_node() and running(state)["s"] == "cochrane_roll"
    for k in range(40):
        twin = state.resample_from_infostate(0, random.Random(k))
        frame = twin.frame_of(naval_battle)
        assert frame is not None and royalist_frigates(twin, frame)
        for outcome in waiting(twin)["actions"]:
            twin.clone().apply_action(outcome)


def test_a_promotion_redrawn_for_the_other_side_offers_the_twins_promotions_4_7() -> None:
    """1820-1824, seed 0: the Royalist is asked to promote (a reduced regular with a militia of its arm,
    §4.7). Redrawn for the Patriot, a regular's slot may go to a counter of
    another arm: the old redraw renamed the option after it (`promote <counter>`, whose militia is not
    there: KeyError ''). The twin offers the promotions its own rules find, and each plays."""
    state = reach("1820-1824", 0, 699)
    wait = waiting(state)
    assert (wait["prompt"], wait["role"]) == ("prompt.promote", 1)
    renamed = [draw(state, 0, random.Random(k)) for k in range(20)]
    assert any(  # the failure: a renamed option the twin's rules do not offer
        twin.legal_actions() != offered(twin) for twin in renamed
    )
    for k in range(20):
        twin = state.resample_from_infostate(0, random.Random(k))
        assert twin.view(0) == state.view(0)
        assert twin.legal_actions() == offered(twin)
        play_every_option(twin)


def test_a_recruitment_redrawn_for_the_other_side_has_a_place_for_every_recruit_4_6_10_3() -> None:
    """1820-1824, seed 0, turn XI: the Patriot is asked to recruit (Mexicans among them); some recruits'
    places depend on the units of their arm already in a haven (§10.3's limits), and the arms there are
    hidden. The old redraw kept the true list: a recruit then had no place in the twin ("decision
    'prompt.place' offered no legal action"). The twin offers the recruits its rules can place, and each
    is placed."""
    state = reach("1820-1824", 0, 13)
    wait = waiting(state)
    assert (wait["prompt"], wait["role"]) == ("prompt.recruit", 0)
    failed = 0
    for k in range(20):
        try:
            play_every_option(draw(state, 1, random.Random(k)))
        except RuntimeError as error:
            failed += "offered no legal action" in str(error)
    assert failed  # the failure the fix removes
    for k in range(20):
        twin = state.resample_from_infostate(1, random.Random(k))
        assert twin.view(1) == state.view(1)
        assert twin.legal_actions() == offered(twin)
        play_every_option(twin)


@pytest.mark.parametrize(
    ("scenario", "seed", "steps", "ending"), [("1820-1824", 0, 699, "done"), ("1820-1824", 0, 13, "done")]
)
def test_when_no_draw_asks_the_decision_the_redrawn_side_may_only_end_it(
    scenario: str, seed: int, steps: int, ending: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fallback, where every draw gives a twin whose rules would not ask the pending decision: the last
    draw is kept and the side redrawn may only end the decision ("done"), which tells nothing of the truth
    and plays on."""
    state = reach(scenario, seed, steps)
    monkeypatch.setattr(redraw, "asks", lambda twin, role: False)
    role = 1 - state.current_player()
    twin = state.resample_from_infostate(role, random.Random(1))
    assert twin.view(role) == state.view(role)
    assert twin.legal_actions() == [ID[ending]]
    play_every_option(twin)


@pytest.mark.parametrize(("scenario", "seed"), [("1820-1824", 0), ("1820-1824", 9), ("1815-1818", 2)])
def test_the_redraw_reads_only_what_the_role_knows_5_1_3(scenario: str, seed: int) -> None:
    """Two positions that differ only in which hidden counter stands where (the truth, and a redraw of it)
    give the same redraws from the same generator: every counter's and leader's record, and the pending
    decision, whatever it is (and however often its options make the resample draw again). Every redraw
    plays on, with the options its rules offer. (The procedures' lists name the counters in the slots the
    truth's did: where two slots look alike, the twin's names follow the truth's, which is no record.)"""
    rng = random.Random(seed)
    state = GAME.new_initial_state({"scenario": scenario})
    checked = 0
    for step in range(1500):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        if step % 7 == 0:
            for role in (0, 1):
                sibling = state.resample_from_infostate(role, random.Random(-step))
                for k in range(2):
                    twin = state.resample_from_infostate(role, random.Random(k))
                    other = sibling.resample_from_infostate(role, random.Random(k))
                    assert (twin.d["units"], twin.d["leaders"]) == (other.d["units"], other.d["leaders"])
                    assert twin.current_player() == other.current_player()
                    if waiting(twin)["prompt"] in OPTIONS_OF:
                        assert twin.legal_actions() == offered(twin)
                    twin.apply_action(random.Random(k).choice(twin.legal_actions()))
                checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 100


def hidden_field_counters(state: GamState, side: str) -> dict[str, list[str]]:
    """`side`'s counters in the field of each area it holds alone, no leader there, that no procedure
    names: the counters whose place the other side cannot see (§5.1.3)."""
    named = redraw.names_in(state.frames())
    out: dict[str, list[str]] = {}
    for area, here in state.by_place().items():
        if area not in view.AREAS or state.holders(area) != {side} or state.leaders_at(area):
            continue
        if all(COUNTERS[u].side == side for u in here):
            out[area] = [
                u for u in here if not state.d["units"][u]["city"] and not state.d["units"][u]["guerrilla"]
            ]
    return {area: units for area, units in out.items() if units and not named & set(units)}


def test_the_redraw_keeps_no_force_s_true_size_5_1_3() -> None:
    """Issue 27: two positions the side to move cannot tell apart — the same view, the same information
    state — in which a force of the other side has a counter fewer, gone to another of its forces in the
    field, give the same twins from the same generator: which counters, and how many, each marker
    hides is drawn from what the Patriot knows, not kept from the truth. (The old redraw drew counters
    only into the true slots, so every twin had each force's true number of counters.) Every twin shows
    the role what the truth does and keeps its invariants, control among them (§1.1.1)."""
    state = reach("1815-1818", 2, 40)
    role = state.current_player()
    forces = hidden_field_counters(state, view.SIDE_OF_ROLE[1 - role])
    large = next(area for area, units in forces.items() if len(units) >= 2)
    small = next(area for area in forces if area != large)
    moved = state.clone()
    moved.move(forces[large][0], small)
    assert moved.view(role) == state.view(role)
    assert moved.information_state_string(role) == state.information_state_string(role)
    sizes = set()
    for k in range(10):
        twin = state.resample_from_infostate(role, random.Random(k))
        other = moved.resample_from_infostate(role, random.Random(k))
        assert twin.d["units"] == other.d["units"]
        assert twin.by_place() == other.by_place()
        for each in (twin, other):
            assert each.view(role) == state.view(role)
            assert each.observation_tensor(role) == state.observation_tensor(role)
            assert not each.invariants()
        sizes.add(len(twin.units_at(large, view.SIDE_OF_ROLE[1 - role])))
    assert len(sizes) > 1  # the prior gives the marker more than one size


def test_the_redraw_keeps_no_force_s_leaders_5_1_3() -> None:
    """The leaders on the map are public, where each stands is not (§5.1.3): two positions the Royalist
    cannot tell apart — the same view, the same information state — in which Belgrano stands with San
    Martín in Salta or in Córdoba (both held by Patriot forces in the field) give the same twins from the
    same generator. (The earlier redraw kept each place's number of leaders, so every twin had two Patriot
    leaders in Salta, or one in Córdoba.) Every twin shows the Royalist what the truth does and keeps its
    invariants, control among them (§1.1.1)."""
    state = reach("1815-1818", 2, 40)
    role = state.current_player()
    assert role == 1
    for area in ("salta", "cordoba"):
        assert state.holders(area) == {"patriot"}
        assert any(not state.d["units"][u]["city"] for u in state.units_at(area, "patriot"))
    assert sorted(state.leaders_at("salta")) == ["belgrano", "san_martin"]
    assert not state.leaders_at("cordoba")
    moved = state.clone()
    moved.d["leaders"]["belgrano"]["at"] = "cordoba"
    assert moved.view(role) == state.view(role)
    assert moved.information_state_string(role) == state.information_state_string(role)
    assert not moved.invariants()
    counts = set()
    for k in range(10):
        twin = state.resample_from_infostate(role, random.Random(k))
        other = moved.resample_from_infostate(role, random.Random(k))
        assert (twin.d["units"], twin.d["leaders"]) == (other.d["units"], other.d["leaders"])
        for each in (twin, other):
            assert each.view(role) == state.view(role)
            assert each.observation_tensor(role) == state.observation_tensor(role)
            assert not each.invariants()
        counts.add(len(twin.leaders_at("salta", "patriot")))
    assert len(counts) > 1  # the prior gives Salta more than one number of leaders


@pytest.mark.parametrize(
    ("scenario", "seed"), [("1815-1818", 11), ("1815-1818", 13), ("1820-1824", 12), ("1820-1824", 14)]
)
def test_every_redraw_keeps_what_the_role_knows_and_plays_on_5_1_3(scenario: str, seed: int) -> None:
    """Random games, both roles resampled every fifth decision: every twin shows the role its view and
    observation, keeps the invariants (control kept true to the counters and leaders, §1.1.1), and
    plays one step on."""
    rng = random.Random(seed)
    state = GAME.new_initial_state({"scenario": scenario})
    checked = 0
    for step in range(1200):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        if step % 5 == 0:
            for role in (0, 1):
                twin = state.resample_from_infostate(role, random.Random(step))
                assert twin.view(role) == state.view(role)
                assert twin.observation_tensor(role) == state.observation_tensor(role)
                assert not twin.invariants()
                if twin.is_chance_node():
                    twin.apply_action(twin.sample_chance(rng))
                else:
                    twin.apply_action(random.Random(step).choice(twin.legal_actions()))
                assert not twin.invariants()
                checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 100
