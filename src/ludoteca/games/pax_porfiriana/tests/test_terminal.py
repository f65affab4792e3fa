"""The terminal drawing (terminal.py): every part of the view is drawn in both languages, from the view
alone, and a seat's drawing shows its own hand and never another player's."""

from __future__ import annotations

import random

import pytest
from rich.console import Console

from ludoteca.games.pax_porfiriana.state import PaxState
from ludoteca.games.pax_porfiriana.terminal import CATALOG, render
from ludoteca.games.pax_porfiriana.tests.positions import GAME


def advanced(players: int, moves: int, seed: int, **options: str) -> PaxState:
    """A game some random moves in (the fuzzer's guide), stopped at a player's decision."""
    state = GAME.new_initial_state({"players": str(players), **options})
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(GAME.guided_action(state, rng) or rng.choice(state.legal_actions()))
    while state.is_chance_node():
        state.apply_action(state.sample_chance(rng))
    return state


def drawn(state: PaxState, role: int | None, lang: str) -> str:
    console = Console(width=160, color_system=None, record=True)
    console.print(render(state.view(role, lang), lang))
    return console.export_text()


@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, {}), (6, {}), (2, {"solo": "diaz"})])
@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_seat_sees_the_table_and_only_its_own_hand(
    players: int, options: dict[str, str], lang: str
) -> None:
    state = advanced(players, 250, seed=players, **options)
    board = state.view(None, lang)["board"]
    for role in [*range(len(board["seats"])), None]:
        text = drawn(state, role, lang)
        assert "board." not in text and "card." not in text  # every word comes from the catalog
        assert CATALOG.text(f"regime.{board['regime']}", lang) in text
        for slot in (s for row in board["market"] for s in row if s["card"]):
            assert CATALOG.text(f"card.{slot['card']}.name", lang) in text
        seen = state.view(role, lang)["board"]["players"]
        for seat, hand in enumerate(state.d["hands"]):
            names = [CATALOG.text(f"card.{card}.name", lang) for card in hand]
            if seat == role:
                assert all(name in text for name in names)
                assert seen[f"jugador-{seat + 1}"]["hand"] == hand
            else:
                assert not any(name in text for name in names), (role, seat)


def test_the_header_names_the_tripartite_and_the_deck() -> None:
    state = advanced(3, 60, seed=5)
    text = drawn(state, 0, "en")
    assert "Tripartite" in text and "Deck:" in text and "Topples:" in text and "Market" in text
    assert "16 gold" in text and "0 gold" in text
