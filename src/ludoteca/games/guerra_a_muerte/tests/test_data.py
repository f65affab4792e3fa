"""The component data against the rulebook: the map it names, every worked example's numbers, and the
separation of printed and reconstructed values (DESIGN §6, §10)."""

from __future__ import annotations

import tomllib
from fractions import Fraction

import pytest

from ludoteca.core import provenance
from ludoteca.core.data import DataError
from ludoteca.games.guerra_a_muerte.board import BOARD, COUNT_KEYS, DATA, merge

AREAS_NAMED = [
    "central_mexico",
    "tierra_caliente",
    "guadalajara",
    "san_luis_potosi",
    "durango",
    "tejas",
    "nuevo_mexico",
    "nueva_california",
    "vieja_california",
    "yucatan",
    "guatemala",
    "cuba",
    "puerto_rico",
    "santo_domingo",
    "maracaibo",
    "costa_firme",
    "cumana",
    "los_llanos",
    "guayana",
    "margarita",
    "santa_fe",
    "panama",
    "pasto",
    "quito",
    "guayaquil",
    "quijos",
    "lima",
    "cuzco",
    "arequipa",
    "charcas",
    "mojos",
    "chiquitos",
    "chile_norte",
    "chile_sur",
    "chiloe",
    "rio_de_la_plata",
    "cordoba",
    "salta",
    "misiones",
    "paraguay",
    "banda_oriental",
    "chaco",
    "pampas",
]


def test_the_43_areas_the_text_names() -> None:
    """§1.1: every land area the rulebook names, and no other (Cartagena is a fortress in Santa Fe)."""
    assert sorted(BOARD.areas) == sorted(AREAS_NAMED) and len(AREAS_NAMED) == 43
    assert BOARD.cities["cartagena"].area == "santa_fe"


def test_adjacency_is_symmetric_and_connected() -> None:
    """§5.0: borders work both ways; each mainland is one graph by land, the whole map one by sea."""
    for a, ns in BOARD.adjacent.items():
        assert a not in ns and len(ns) == len(set(ns))
        for b in ns:
            assert a in BOARD.adjacent[b]
    south = {a for a in BOARD.areas if BOARD.areas[a].seas or BOARD.adjacent[a]}
    assert south == set(BOARD.areas)
    seen, todo = {"lima"}, ["lima"]
    while todo:
        for b in BOARD.adjacent[todo.pop()]:
            if b not in seen:
                seen.add(b)
                todo.append(b)
    assert {"chile_norte", "salta", "santa_fe", "costa_firme", "panama", "banda_oriental"} <= seen
    assert not seen & set(BOARD.lists["new_spain"])
    for island in ("cuba", "puerto_rico", "santo_domingo", "margarita"):
        assert not BOARD.adjacent[island] and BOARD.areas[island].seas


def test_borders_the_text_fixes() -> None:
    """§3.4, §5.0, §6.6, §10.1, §13.0 examples."""
    for a, b in [
        ("charcas", "salta"),
        ("salta", "rio_de_la_plata"),
        ("lima", "cuzco"),
        ("maracaibo", "santa_fe"),
    ]:
        assert b in BOARD.adjacent[a]
    assert "paraguay" in BOARD.adjacent["chaco"]
    assert set(BOARD.adjacent["chaco"]) & set(BOARD.lists["upper_peru"])
    assert BOARD.adjacent["los_llanos"]
    assert {bl.to for bl in BOARD.box_links if bl.box == "united_states" and bl.to in BOARD.areas} == {
        "tejas",
        "nuevo_mexico",
        "nueva_california",
    }


def test_salta_interception() -> None:
    """§3.4 example: Belgrano (+1) with 2 infantry and 2 cavalry (+1) intercepts Pezuela (−3) with 4 infantry,
    1 artillery and 3 cavalry (no −1): a 6 becomes 5 and succeeds; two moves of 1 OP leave 3 of 5."""
    t = BOARD.tables["interception"]
    interceptor_cav = Fraction(2, 4) >= Fraction(t["cavalry_share"])
    intercepted_cav = Fraction(3, 8) >= Fraction(t["cavalry_share"])
    mod = BOARD.leaders["belgrano"].ops - BOARD.leaders["pezuela"].ops
    mod += t["cavalry_interceptor"] * interceptor_cav + t["cavalry_intercepted"] * intercepted_cav
    assert mod == -1 and 6 + mod >= t["succeeds_on"] and 5 + mod < t["succeeds_on"]
    assert 5 - 2 * BOARD.op_cost["move"] == 3 and t["combat_op_cost"] == 0
    assert "BB" in {r for row in BOARD.crt.rows for r in row}


def test_cartagena_siege_and_blockade() -> None:
    """§6.6 example: a 4 gives 6 OPs, 7 with Morillo; 1 to enter, 2 to attack (DZ), 4 to blockade; the
    fleet moves Caribe V → III for 1 OP; a 4 on the blockade roll surrenders the fortress."""
    ops = BOARD.activation(4) + BOARD.leaders["morillo"].ops
    assert BOARD.activation(4) == 6 and ops == 7
    c = BOARD.op_cost
    assert c["move"] + c["field_attack"] + c["blockade_min"] == ops
    assert "santa_fe" in BOARD.adjacent["maracaibo"] and BOARD.cities["cartagena"].fortress
    assert BOARD.cities["cartagena"].sea == "caribe_iii"
    assert BOARD.sea_distance("caribe_v", "caribe_iii") <= c["naval_areas_per_op"]
    low, high = BOARD.tables["blockade"]["surrenders"]
    assert low <= 4 <= high
    # Morillo's 8 infantry, 6 cavalry and 2 artillery against 2 infantry and 2 cavalry can roll DZ
    assert "DZ" in BOARD.crt.rows[BOARD.crt.column(8 * 3 + 6 * 4 + 2 * 2, 2 * 4 + 2 * 4)]


def test_puerto_cabello_militia() -> None:
    """§6.2 example: militia of factor 1 in Puerto Cabello defends with 1 + 8."""
    assert BOARD.cities["puerto_cabello"].fortress
    assert BOARD.militia_factor + BOARD.tables["siege"]["fortress"] == 1 + 8


def test_naval_combat() -> None:
    """§7.5.1 example: the ship of the line's two 2s sink a frigate; the Mexican frigates' 1, 5, 5, 6
    score one hit; the Spanish frigate's 2 and 5 score one."""
    n = BOARD.tables["naval_class"]
    sol, frigate = n["ship_of_the_line"], n["frigate"]
    assert sum(r <= sol["factor"] for r in (2, 2)) == frigate["steps"]
    assert sum(r <= frigate["factor"] for r in (1, 5, 5, 6)) == 1
    assert sum(r <= frigate["factor"] for r in (2, 5)) == 1
    assert n["fortified_port"]["factor"] == sol["factor"]


def test_morillo_convoy() -> None:
    """§4.8 example: turn VI brings Morillo, 7 battalions, 2 cavalry regiments and 2 artillery; Montevideo's
    sea is Atlántico I; 1–2 turn back, 5–6 destroy the convoy."""
    wave = [u for u in BOARD.units.values() if u.nationality == "spanish" and u.turn == 6 and not u.naval]
    assert sorted(u.arm for u in wave) == ["artillery"] * 2 + ["cavalry"] * 2 + ["infantry"] * 7
    assert BOARD.leaders["morillo"].turn == 6
    assert BOARD.cities["montevideo"].sea == "atlantico_i"
    assert [BOARD.convoy(r) for r in range(1, 7)] == ["return"] * 2 + ["land"] * 2 + ["destroyed"] * 2


def test_rp_split_and_slave_halving() -> None:
    """§4.0: an area worth 5 gives each side 2; §4.9: half of 5 is 2 (México Central, turn 1 example)."""
    assert (
        BOARD.areas["central_mexico"].rp == 5 and "slave_recruitment" in BOARD.areas["central_mexico"].lists
    )
    assert int(5 * BOARD.tables["partial_control"]["share"]) == 2
    assert int(5 * BOARD.tables["slave_recruitment"]["rp_next_turn"]) == 2


def test_spain_rp_modifiers_by_turn() -> None:
    """§4.5.1: −1 on I–V, +1 on VI–VIII, −2 on IX–XIV (and XV, reconstructed)."""
    assert [BOARD.spain_modifier(t) for t in range(1, 16)] == [-1] * 5 + [1] * 3 + [-2] * 7
    assert [BOARD.spain_rp(r) for r in range(1, 7)] == [0, 0, 1, 1, 2, 3]


def test_liberal_event_odds() -> None:
    """§10.2: from turn IX on 5–6, then 4–6 on X, 3–6 on XI …"""
    t = BOARD.tables["liberal_event"]

    def odds(turn: int) -> Fraction:
        need = t["succeeds_on"] - t["bonus_per_turn"] * (turn - t["first_turn"])
        return Fraction(sum(r >= need for r in range(1, 7)), 6)

    assert [odds(n) for n in (9, 10, 11, 12, 13)] == [Fraction(k, 6) for k in (2, 3, 4, 5, 6)]


def test_guerrilla_halving_in_salta() -> None:
    """§10.1 example: Salta is pro-Patriot, so Royalists facing its guerrilla fight at half, 5 → 3."""
    assert BOARD.areas["salta"].pro == "patriot"
    assert -(-5 // 2) == 3 and BOARD.tables["guerrilla"]["rounding"] == "up"


def test_subversion_of_the_vdc() -> None:
    """§10.2.2 example: the VdC is an American two-step infantry regiment; 1–3 turns it; in 1820 San Martín
    may meet it in Lima among 6 infantry and 3 cavalry."""
    vdc = BOARD.units["am_vdc"]
    assert (vdc.nationality, vdc.arm, vdc.steps) == ("american", "infantry", 2)
    assert BOARD.tables["subversion"]["succeeds"] == [1, 3]
    lima = [pl for pl in BOARD.placed("1820-1824") if pl.get("area") == "lima" and "am_vdc" in pl["units"]]
    assert lima and BOARD.requirements["f_lima"]["infantry"] == 6


def test_haiti_recruitment_costs_7() -> None:
    """§10.3 example: a frigate, an infantry battalion and a cavalry unit cost 7 RP."""
    c = BOARD.tables["rp_cost"]
    assert c["frigate"] + c["infantry_battalion"] + c["cavalry_regiment_1"] == 7


def test_leader_loss_and_attrition_rows() -> None:
    """§8.1 (3 reconstructed as a survival) and §5.3 (5–6 = 2 steps)."""
    assert [BOARD.leader_loss(r) for r in range(1, 7)] == ["lost"] * 2 + ["survives"] * 4
    assert [BOARD.attrition(r) for r in range(1, 9)] == [1, 1, 1, 1, 2, 2, 3, 3]


def test_scenario_setups_match_the_printed_counts() -> None:
    """§12.2–§12.3: the reconstructed counters fill exactly the steps the text lists."""
    for rid, req in BOARD.requirements.items():
        mine = [pl for pl in BOARD.placements if pl["requirement"] == rid]
        if req["scenario"] in ("1815-1818", "1820-1824"):
            assert mine, rid
            assert BOARD.counts(req, mine) == {k: req[k] for k in COUNT_KEYS if k in req}, rid


def test_starting_garrisons_and_rp() -> None:
    """§2.1 codes put 16 regular steps in New Spain and 6 in Cuba/Puerto Rico (the 12.1 minimum of 6)."""

    def steps(code: str) -> int:
        return sum(u.start_steps for u in BOARD.units.values() if u.side == "royalist" and u.setup == code)

    new_spain = steps("M") + BOARD.units["am_cp"].steps + BOARD.units["am_gm"].steps - 1  # M's artillery
    assert new_spain >= BOARD.victory["1810-1814"]["garrison_new_spain"]
    assert steps("C") >= BOARD.victory["1810-1814"]["garrison_caribbean"]
    assert BOARD.rp["campaign"]["royalist"] == 4 and BOARD.rp["1815-1818"]["royalist"] == 14


def test_every_item_names_a_source_and_files_keep_their_kind() -> None:
    """DESIGN §6: printed files hold rulebook/public items only, reconstructed files reconstructed only."""
    for name, sources in BOARD.sources.items():
        kinds = {provenance.kind(s) for s in sources}
        assert sources, name
        if "reconstructed" in name:
            assert kinds == {"reconstructed"}, name
        else:
            assert all(s.startswith(("rulebook", "public")) for s in sources), name
    counts = BOARD.provenance()
    assert counts["rulebook"] > 300 and counts["reconstructed"] > 300 and counts["public"] >= 1


def test_a_reconstructed_value_cannot_override_a_printed_one() -> None:
    with pytest.raises(
        DataError, match=r"map\.reconstructed\.toml: x: rp = 3: a reconstructed value may not"
    ):
        merge(
            [{"id": "x", "rp": 0, "source": "rulebook §11"}],
            [{"id": "x", "rp": 3, "source": "r"}],
            lambda i: i["id"],
            ("id",),
            ("map.toml", "map.reconstructed.toml"),
        )


@pytest.mark.parametrize("name", ["map", "tables", "units", "leaders", "scenarios"])
def test_printed_files_carry_no_reconstructed_field(name: str) -> None:
    printed = tomllib.loads((DATA / f"{name}.toml").read_text("utf-8"))
    assert "reconstructed" not in {provenance.kind(i["source"]) for i in provenance.items(printed)}
