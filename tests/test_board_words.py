"""The web boards draw their words from each game's message catalog (`[board]`), never from literals
chosen by language in the JavaScript: one place to translate, and a key missing in a language fails here."""

from __future__ import annotations

import re

import pytest

from ludoteca.core.game import all_games, get_game

GAMES = [g.id for g in all_games() if g.board_script() is not None]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_board_word_is_in_both_catalogs(game_id: str) -> None:
    source = get_game(game_id).board_script() or ""
    assert "ctx.lang" not in source  # no word picked by language inside the board module
    catalog = get_game(game_id).catalog
    used = set(re.findall(r'ctx\.msg\("([\w.]+)"', source))
    for lang in ("es", "en"):
        missing = used - catalog.keys(lang)
        assert not missing, f"{game_id} {lang}: {sorted(missing)}"
    own = [key for key in used if key.startswith("board.")]
    same = [key for key in own if catalog.text(key, "es") == catalog.text(key, "en")]
    assert own, "the board names its own words by catalog key"
    assert not same, f"{game_id}: not translated: {same}"
