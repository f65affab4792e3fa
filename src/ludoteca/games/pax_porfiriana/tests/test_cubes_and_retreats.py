"""§ESPECULAR with an empty reserve (any cube of one's own moves) and §RETIRADA for the troops of mines and
banks looted when a depression begins or the regime changes, on positions built for them."""

from __future__ import annotations

from ludoteca.games.pax_porfiriana.board import CARDS, HACENDADOS
from ludoteca.games.pax_porfiriana.play import place
from ludoteca.games.pax_porfiriana.state import PaxState
from ludoteca.games.pax_porfiriana.tests.positions import again, legal, play, started, waiting


def no_free_cubes(state: PaxState, p: int) -> str:
    """Use up player `p`'s 15 cubes: 2 on the Hacendado, 12 Income cubes and a Connection cube on a mine
    (more than it may carry under any regime, but the count is what this test needs). Returns a market
    card without a Speculation cube."""
    e = place(state, p, "mina_cananea", 0)
    e["income"], e["pcube"], e["conn"] = 12, False, p
    assert state.cubes_free(p) == 0
    card: str = next(c for row in state.d["market"] for c in row if c and c not in state.d["spec"])
    return card


def test_speculate_with_an_empty_reserve_moves_any_of_ones_cubes() -> None:
    """§ESPECULAR, nota: with no cube in the reserve the action moves an Income, Connection, Prestige or
    Speculation cube to a market card, or back to the reserve (not a Speculation cube: it goes home only
    with its card)."""
    state = started(2)
    p = state.d["turn"]
    card = no_free_cubes(state, p)
    hac = state.d["hac"][p]["id"]
    assert f"speculate {card}" in legal(again(state)) and "speculate reserve" in legal(state)
    play(state, f"speculate {card}")
    assert sorted(legal(state)) == sorted([f"income {hac}", "income mina_cananea", "connection mina_cananea"])
    play(state, "connection mina_cananea")
    e = state.find("mina_cananea")
    assert e is not None and e[1]["conn"] is None and state.d["spec"][card] == p
    assert state.cubes_free(p) == 0
    play(state, "speculate reserve")
    assert f"from {card}" not in legal(state)  # a Speculation cube stays with its card
    play(state, f"income {hac}")
    assert state.d["hac"][p]["income"] == 1 and state.cubes_free(p) == 1


def test_speculate_with_free_cubes_moves_only_speculation_cubes() -> None:
    """§ESPECULAR: with a cube in the reserve, a new cube or one's Speculation cube moved; no other cube
    moves, and there is no way back to the reserve."""
    state = started(2)
    p = state.d["turn"]
    cards = [c for row in state.d["market"] for c in row if c]
    state.d["spec"][cards[0]] = p
    assert "speculate reserve" not in legal(again(state))
    play(state, f"speculate {cards[1]}")
    assert sorted(legal(state)) == sorted([f"from {cards[0]}", "pass"])
    play(state, f"from {cards[0]}")
    assert cards[0] not in state.d["spec"] and state.d["spec"][cards[1]] == p


def extorted_mine(state: PaxState, owner: int, extortioner: int, gold: int) -> tuple[str, str]:
    """A mine of `owner` extorted by a troop of `extortioner`, whose Loyalist Hacendado's first partner
    orientation has the troop's faction. Returns (troop, Hacendado)."""
    hac = next(h for h in HACENDADOS.values() if h.orientations[0].faction != h.orientations[1].faction)
    faction = hac.orientations[0].faction
    troop = next(c for c in CARDS if CARDS[c].type == "troop" and CARDS[c].faction == faction)
    for row in state.d["market"]:
        if troop in row:
            row[row.index(troop)] = None
    for h in state.d["hac"]:
        if h["id"] == hac.id:
            h["id"] = state.d["hac"][extortioner]["id"]
    state.d["hac"][extortioner].update({"id": hac.id, "side": -1, "income": 2})
    state.d["gold"][extortioner] = gold
    e = place(state, owner, "mina_cananea", 0)
    e["income"] = 1
    e["troop"] = {"id": troop, "owner": extortioner, "extort": True}
    return troop, hac.id


def start_depression(state: PaxState) -> None:
    """The second bear in a row reaches the free column: phase II, after the current player ends."""
    bear = next(c for c in CARDS if CARDS[c].type == "headline" and CARDS[c].icon == "bear")
    for row in state.d["market"]:
        if bear in row:
            row[row.index(bear)] = None
    state.d["run"] = ["bear", 1]
    state.d["market"][0][0] = bear
    play(again(state), "end")


def test_a_depression_loot_lets_the_troop_retreat_into_a_private_army() -> None:
    """§DEPRESIÓN, §CARTA DE TROPA nota, §RETIRADA: the extorted mine is looted (back to its owner's hand)
    and its troop retreats: its owner may flip the Hacendado to the troop's faction and take it into the
    private army, paying the Hacendado's connection."""
    state = started(2)
    p = state.d["turn"]
    q = 1 - p
    troop, hac = extorted_mine(state, p, q, gold=10)
    start_depression(state)
    assert state.d["depression"] and "mina_cananea" in state.d["hands"][p]
    assert waiting(state)["role"] == q and sorted(legal(state)) == sorted(["side 1", f"discard {troop}"])
    play(state, "side 1")
    h = state.d["hac"][q]
    assert h["side"] == 0 and h["income"] == 0 and h["army"] == [troop]
    assert state.d["gold"][q] == 10 - HACENDADOS[hac].connection and troop not in state.d["discard"]


def test_a_depression_loot_troop_may_be_discarded_instead() -> None:
    """§RETIRADA: a retreating troop that does not join a private army is discarded; without the gold for
    the connection there is no choice."""
    state = started(2)
    p = state.d["turn"]
    q = 1 - p
    troop, hac = extorted_mine(state, p, q, gold=10)
    start_depression(state)
    play(state, f"discard {troop}")
    assert troop in state.d["discard"] and state.d["hac"][q]["side"] == -1
    poor = started(2)
    p = poor.d["turn"]
    troop, hac = extorted_mine(poor, p, 1 - p, gold=HACENDADOS[hac].connection - 1)
    start_depression(poor)
    assert troop in poor.d["discard"] and poor.d["hac"][1 - p]["army"] == []
