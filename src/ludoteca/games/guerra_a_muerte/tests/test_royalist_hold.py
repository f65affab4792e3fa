"""The variant `royalist-hold` (§12.3.4, reconstructed; README, "The Royalist holds his ground"): in
1820–1824 the Royalist wins only holding the 17 continental areas of his 1820 ground; by default §11.1's
15. The same end positions, read by the count (`outcome`), the search's level and the options."""

from __future__ import annotations

import pytest

from ludoteca.core.errors import BadOptionError
from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.counters import COUNTERS
from ludoteca.games.guerra_a_muerte.evaluation import evaluate
from ludoteca.games.guerra_a_muerte.options import GamOptions
from ludoteca.games.guerra_a_muerte.state import GamState
from ludoteca.games.guerra_a_muerte.tests.positions import ending
from ludoteca.games.guerra_a_muerte.tests.test_examples import GAME, empty, put
from ludoteca.games.guerra_a_muerte.tests.test_readings import reading
from ludoteca.games.guerra_a_muerte.victory import level, outcome, regular_steps, rules_for

REGULARS = sorted(
    (
        u
        for u, c in COUNTERS.items()
        if c.side == "royalist" and not c.naval and not c.militia and c.arm != "artillery"
    ),
    key=lambda u: -int(COUNTERS[u].steps),
)
NEW_SPAIN = tuple(BOARD.lists["new_spain"])
CARIBBEAN = tuple(BOARD.lists["caribbean_garrison"])


def holding(areas: int, hold: str = "off") -> GamState:
    """1820–1824 at its end, the Royalist alone in `areas` continental areas worth RP (the first of them in
    New Spain, with the §10.5 garrisons met there and in the Caribbean, so no penalty), nothing else on
    the map; the variant as given."""
    state = reading(empty("1820-1824"), **{"royalist-hold": hold})
    counted = [a.id for a in BOARD.areas.values() if a.continental and a.rp > 0 and a.id not in NEW_SPAIN]
    units = iter(REGULARS)
    for where, need in ((NEW_SPAIN[0], 16), (CARIBBEAN[0], 12)):
        while regular_steps(state, [where]) < need:
            put(state, where, [next(units)])
    for area in counted[: areas - 1]:
        put(state, area, [next(units)])
    state.d["turn"] = int(BOARD.scenarios["1820-1824"]["last_turn"])
    return state


def test_16_areas_win_by_the_rulebook_and_draw_under_the_variant_12_3_4() -> None:
    """16 continental areas: over §11.1's 15, a Royalist victory; under `start` short of 17 and over 5
    areas worth 14 RP, a draw. The game ends so too."""
    for hold, winner in (("off", "royalist"), ("start", "draw")):
        state = holding(16, hold)
        result, counts = outcome(state)
        assert (result, counts["areas"], counts["penalty"]) == (winner, 16, 0) and counts["rp"] >= 14
        state.d["stack"] = [{"p": "victory", "s": "start"}]
        state.d["wait"] = None
        state._run()
        assert state.is_terminal() and ending(state) == f"outcome.{winner}"
        assert state.returns() == ([-1.0, 1.0] if winner == "royalist" else [0.0, 0.0])


def test_17_areas_win_under_both_and_the_patriot_s_level_is_unchanged_12_3_4() -> None:
    assert [outcome(holding(17, hold))[0] for hold in ("off", "start")] == ["royalist", "royalist"]
    assert [outcome(holding(4, hold))[0] for hold in ("off", "start")] == ["patriot", "patriot"]


def test_the_search_reads_16_areas_lower_for_the_royalist_under_the_variant() -> None:
    """`level` and `evaluate` read the variant's level: 16 areas are the Royalist's victory (−1 for the
    Patriot) by default, short of it under `start`; 17 are his victory under both."""
    assert level(holding(16)) == -1.0 < level(holding(16, "start")) < 0.0
    assert level(holding(17, "start")) == -1.0
    assert evaluate(holding(16, "start"))[1] < evaluate(holding(16))[1]


def test_only_1820_1824_changes_and_the_data_names_its_source() -> None:
    """The campaign and the other scenarios keep their levels under `start`; the figure is reconstructed."""
    for scenario in ("campaign", "1810-1814", "1815-1818"):
        assert rules_for(scenario, "start") == rules_for(scenario)
    assert rules_for("1820-1824", "start") == {**rules_for("1820-1824"), "royalist_min_areas": 17}
    assert BOARD.royalist_hold["1820-1824"]["source"] == "reconstructed"


def test_the_option_refuses_other_values_and_is_labelled_in_both_languages() -> None:
    with pytest.raises(BadOptionError, match=r"royalist-hold='17'.*off\|start"):
        GamOptions.parse({"scenario": "1820-1824", "royalist-hold": "17"})
    assert GamOptions.parse({}).royalist_hold == "off"
    spec = GamOptions.spec("royalist-hold")
    assert spec.reading and spec.when == ("scenario", ("1820-1824",))
    for lang in ("es", "en"):
        keys = GAME.catalog.keys(lang)
        assert {spec.help_key, "choice.royalist-hold.off", "choice.royalist-hold.start"} <= keys
