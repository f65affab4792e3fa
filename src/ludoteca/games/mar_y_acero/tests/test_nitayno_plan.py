"""The Nitayno's judgement (§5) on hand-built maps: extraction, garrison, activation, priorities, orders."""

from __future__ import annotations

from ludoteca.games.mar_y_acero.nitayno.plan import (
    Piece,
    Snapshot,
    Spot,
    activation_mode,
    extract,
    hit_order,
    keeps_fighting,
    movers,
    raid_victim,
    reach,
    reinforcement_bag,
    retreat_areas,
    retreat_order,
    second_raid,
    superiority,
    targets,
)

JUNGLE = {3, 4, 5, 7}
FACTORS = {
    "jinete": ("soldier", 5, 4),
    "arcabucero": ("soldier", 4, 5),
    "espatario": ("soldier", 4, 4),
    "peon": ("settler", 1, 2),
    "escribano": ("settler", 2, 1),
    "naboria": ("taino", 1, 2),
    "cacique": ("taino", 2, 2),
    "tama": ("caribe", 3, 2),
    "calinago": ("caribe", 3, 3),
    "tropa": ("rebel", 4, 3),
    "capitan": ("rebel", 4, 4),
    "caonabo": ("leader", 4, 4),
    "colon": ("leader", 5, 5),
}
_uid = iter(range(1000))


def piece(kind: str, reduced: bool = False) -> Piece:
    bag, attack, defence = FACTORS[kind]
    spanish = kind in ("jinete", "arcabucero", "espatario", "peon", "escribano", "colon")
    return Piece(next(_uid), spanish, bag, kind, attack, defence, reduced)


def ring(n: int) -> list[int]:
    return [(n - 2) % 15 + 1, n % 15 + 1]


def snap(stacking: int = 3, **areas: list[str]) -> Snapshot:
    """A map where every area not named holds one Naboria (so it is neither empty nor a target)."""
    spots = {}
    for n in range(1, 16):
        kinds = areas.get(f"a{n}", ["naboria"])
        spots[n] = Spot(n, jungle=n in JUNGLE, pieces=tuple(piece(k) for k in kinds))
    return Snapshot(spots, ring, stacking=stacking)


def test_extraction_counts_down_and_wraps_from_1_to_15() -> None:
    """§5.1: area 9 not valid → 8, 7, …; from 1 the count goes on at 15."""
    assert extract(9, {9, 4}) == 9
    assert extract(9, {4, 12}) == 4
    assert extract(1, {12}) == 12
    assert extract(3, set()) is None


def test_activation_thresholds() -> None:
    """§5.3.5: a 2VP area moves with 3 units, a jungle with 2, any other area always moves."""
    s = snap(a1=["naboria", "naboria"], a2=["naboria"] * 3, a4=["tama"], a5=["tama", "tama"], a6=["naboria"])
    assert [activation_mode(s[n]) for n in (1, 2, 4, 5, 6)] == ["raid", "move", "raid", "move", "move"]


def test_rulebook_activation_example_targets_a_raid_on_area_7() -> None:
    """§5.3.5 example: from area 6 the Taíno reaches 5 and 7 (basic) and 4 (extended through 5); 5 and 4
    are not targets, 7 is a 2VP area with Spaniards without superiority: priority 5, a raid on 7."""
    s = snap(a4=["naboria"], a5=["cacique"], a6=["cacique"], a7=["espatario", "arcabucero"])
    assert set(reach(s, 6)) == {4, 5, 7}
    found = targets(s, 6)
    assert [(t.area, t.priority, t.action) for t in found] == [(7, 5, "raid")]


def test_priority_1_empty_two_vp_moves_every_unit_it_can() -> None:
    s = snap(a3=["tama", "calinago", "naboria"], a2=[])
    best = targets(s, 3)[0]
    assert (best.area, best.priority) == (2, 1)
    assert len(best.pieces) == 2  # a jungle keeps one unit of garrison
    assert {p.kind for p in best.pieces} == {"tama", "calinago"}  # the strongest go


def test_priority_2_attacks_a_two_vp_area_with_superiority() -> None:
    s = snap(a3=["calinago", "calinago", "calinago", "tama"], a2=["peon"], a4=["naboria"], a5=["naboria"])
    best = targets(s, 3)[0]
    assert (best.area, best.priority, best.action) == (2, 2, "attack")


def test_priority_3_moves_one_unit_into_an_empty_one_vp_area() -> None:
    s = snap(a10=["calinago", "tama"], a11=[])
    best = targets(s, 10)[0]
    assert (best.area, best.priority) == (11, 3)
    assert [p.kind for p in best.pieces] == ["calinago"]


def test_priority_4_attack_and_6_raid_on_one_vp_areas() -> None:
    strong = snap(a10=["calinago"] * 3, a11=["escribano"])
    assert next((t.area, t.priority) for t in targets(strong, 10)) == (11, 4)
    weak = snap(a6=["naboria"], a5=["arcabucero", "jinete"], a7=["tama"], a8=["tama", "tama"])
    assert [(t.area, t.priority, t.action) for t in targets(weak, 6)] == [(5, 6, "raid")]


def test_raid_activation_prefers_two_vp() -> None:
    """§5.3.5: a 2VP area with fewer than 3 units raids, a 2VP target if possible."""
    s = snap(a8=["tama"], a7=["peon"], a9=["espatario"])
    assert [(t.area, t.priority) for t in targets(s, 8)] == [(7, 5), (9, 5)]
    s = snap(a8=["tama"], a7=["tama"], a9=["naboria"])
    assert targets(s, 8) == []  # nothing adjacent to raid: the next area must be tried


def test_garrison_and_stacking_limit_what_moves() -> None:
    s = snap(a1=["tama", "tama", "tama"], a15=["naboria", "naboria"])
    assert len(movers(s, 1, 15)) == 1  # 2 stay in a 2VP area; 15 has room for one
    assert len(movers(s, 1, 14)) == 1


def test_superiority_is_the_larger_expected_volley() -> None:
    s = snap()
    three_calinagos = [piece("calinago")] * 3
    assert superiority(three_calinagos, [piece("peon"), piece("escribano")], s[2], attacking=True)
    assert not superiority(three_calinagos, [piece("arcabucero")] * 3, s[2], attacking=True)
    # in the jungle a defending Caribe gains 1 and an attacking soldier loses 1
    assert superiority([piece("tama")] * 3, [piece("espatario")] * 2, s[4], attacking=False)


def test_no_retreat_exception() -> None:
    s = snap()
    weak, strong = [piece("naboria")], [piece("jinete")] * 3
    assert not keeps_fighting(weak, strong, s[6], attacking=False, last_impulses=False)
    assert keeps_fighting(weak, strong, s[7], attacking=False, last_impulses=False)
    assert keeps_fighting(weak, strong, s[6], attacking=True, last_impulses=True)


def test_hit_order_reduced_first_leaders_last() -> None:
    units = [piece("caonabo"), piece("calinago"), piece("naboria"), piece("tama", reduced=True)]
    assert [p.kind for p in hit_order(units)] == ["tama", "naboria", "calinago", "caonabo"]
    assert retreat_order(units)[0].kind == "caonabo"


def test_raid_victims() -> None:
    spanish = [piece("peon"), piece("jinete", reduced=True), piece("jinete"), piece("colon")]
    victim = raid_victim(spanish, spanish=True)
    assert victim is not None and victim.kind == "jinete" and not victim.reduced
    own = [piece("caonabo"), piece("naboria"), piece("tropa")]
    assert raid_victim(own, spanish=False, own_area=True).kind == "tropa"  # type: ignore[union-attr]
    assert raid_victim([own[0]], spanish=False, own_area=True).kind == "caonabo"  # type: ignore[union-attr]
    assert raid_victim([piece("colon")], spanish=True) is None


def test_second_raid() -> None:
    s = snap(a7=["peon"], a6=["peon"], a5=["espatario"])
    assert second_raid(s[7]) and not second_raid(s[6]) and second_raid(s[5])


def test_retreat_goes_to_the_biggest_indigenous_area() -> None:
    s = snap(a5=["tama"], a6=["naboria"], a7=["naboria", "tama"], a4=["espatario"])
    assert retreat_areas(s, 6, attacker_origin=None) == [7, 5]
    assert retreat_areas(s, 5, attacker_origin=6) == []


def test_reinforcement_colour() -> None:
    s = snap(a3=["naboria", "tama"], a6=["naboria"])
    assert reinforcement_bag(s[3]) == "caribe" and reinforcement_bag(s[6]) == "taino"
    assert reinforcement_bag(Spot(8, colours=("caribe", "taino"))) == "caribe"
    assert reinforcement_bag(Spot(13, colours=("taino",))) == "taino"
