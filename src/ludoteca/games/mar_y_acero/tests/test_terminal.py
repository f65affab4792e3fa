"""The terminal drawing (`ludoteca play mar-y-acero`): real positions rendered to plain text."""

from __future__ import annotations

import random

import pytest
from rich.console import Console

from ludoteca.games.mar_y_acero.terminal import render
from ludoteca.games.mar_y_acero.tests.positions import GAME


def _position(seed: int, moves: int, **options: str):  # type: ignore[no-untyped-def]
    state, rng = GAME.new_initial_state(options), random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(
            state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        )
    return state


def _text(view: dict, lang: str) -> str:  # type: ignore[type-arg]
    console = Console(record=True, width=140)
    console.print(render(view, lang))
    return console.export_text()


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("moves", [0, 60, 300, 10_000])
def test_every_area_and_the_tracks_are_drawn(lang: str, moves: int) -> None:
    state = _position(4, moves)
    text = _text(state.view(0, lang), lang)
    for area in range(1, 16):
        assert f"{area} " in text
    assert ("Apoyo Real" if lang == "es" else "Royal Support") in text
    assert "San Salvador" in text and "La Vega" in text


def test_own_hand_shown_the_other_counted() -> None:
    state = _position(4, 300)
    mine = _text(state.view(0, "en"), "en")
    theirs = _text(state.view(1, "en"), "en")
    spanish_card = GAME.catalog.text(f"card.{state.d['hands']['es'][0]}", "en")
    assert spanish_card in mine and spanish_card not in theirs.split("Played")[0]
    assert f"Spaniards: {len(state.d['hands']['es'])} cards" in theirs


def test_destiny_card_in_force_is_shown() -> None:
    state = _position(4, 300)
    card = state.d["destiny"]
    assert GAME.catalog.text(f"card.{card}", "es") in _text(state.view(None, "es"), "es")


def test_in_solo_the_nitayno_card_of_the_turn_is_shown() -> None:
    """§5.3.2: once the solo special phase has drawn its card, the table shows it and what it does."""
    state = _position(4, 400, mode="solo")
    card = state.d["nitayno"].get("card")
    assert card is not None
    text = _text(state.view(0, "en"), "en")
    assert GAME.catalog.text(f"nitayno.card.{card}", "en") in text
    assert state.view(0, "en")["board"]["nitayno_text"] == GAME.catalog.text(f"nitayno.cardtext.{card}", "en")


def test_in_two_player_there_is_no_nitayno_card() -> None:
    assert _position(4, 400).view(0, "en")["board"]["nitayno_card"] is None
