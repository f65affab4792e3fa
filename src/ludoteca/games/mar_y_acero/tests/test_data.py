"""DESIGN §6: printed and public data in `data/<name>.toml`, what we reconstructed in
`data/<name>.reconstructed.toml`, merged by the loader: an owner of the printed game replaces only the
latter."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from ludoteca.core import provenance
from ludoteca.games.mar_y_acero.board import BOARD, DATA, LEADERS, merge
from ludoteca.games.mar_y_acero.nitayno.data import NITAYNO


@pytest.mark.parametrize("path", sorted(DATA.glob("*.toml")), ids=lambda path: path.name)
def test_each_file_holds_items_of_one_side_of_the_line(path: Path) -> None:
    data = tomllib.loads(path.read_text("utf-8"))
    kinds = {provenance.kind(str(item["source"])) for item in provenance.items(data)}
    if path.name.endswith(".reconstructed.toml"):
        assert kinds == {"reconstructed"}
    else:
        assert "reconstructed" not in kinds


def test_the_reconstructed_items_are_merged_where_the_rules_read_them() -> None:
    assert sum(BOARD.area_bag.values()) == 20
    assert list(BOARD.kinds)[-4:] == list(LEADERS)
    assert BOARD.kinds["guacanagari"].only_reduced
    assert sorted(NITAYNO.cards) == list(range(41, 53))
    assert NITAYNO.cards[48].row(15) == ({"kind": "nitayno_reroll"},)
    assert NITAYNO.cards[49].row(3) == ({"kind": "royal_support", "n": -1},)
    assert NITAYNO.combat_hits[-1] == "leader"


def test_merge_appends_lists_and_refuses_an_item_from_two_places() -> None:
    printed = {"leader": [{"id": "colon", "source": "public: x"}]}
    ours = {"leader": [{"id": "guacanagari", "source": "reconstructed"}], "bag": {"source": "reconstructed"}}
    merged = merge(printed, ours, "board")
    assert [ld["id"] for ld in merged["leader"]] == ["colon", "guacanagari"]
    with pytest.raises(ValueError, match="in both"):
        merge({"bag": {"source": "public: x"}}, {"bag": {"source": "reconstructed"}}, "board")
    with pytest.raises(ValueError, match="holds an item from"):
        merge({}, {"bag": {"source": "rulebook §3"}}, "board")
    with pytest.raises(ValueError, match="belongs beside it"):
        merge({"bag": {"source": "reconstructed"}}, {}, "board")
