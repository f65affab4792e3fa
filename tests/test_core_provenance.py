"""Data provenance (DESIGN §6): every item names its source, and the kinds are counted."""

from __future__ import annotations

import pytest

from ludoteca.core import provenance


def test_the_three_kinds_of_source() -> None:
    assert provenance.kind("rulebook §4.2") == "rulebook"
    assert provenance.kind("public: the publisher's card list") == "public"
    assert provenance.kind("reconstructed") == "reconstructed"
    assert provenance.count(["rulebook §1", "public: x", "reconstructed", "public: y"]) == {
        "rulebook": 1,
        "public": 2,
        "reconstructed": 1,
    }


def test_items_are_the_tables_that_name_a_source() -> None:
    data = {"area": [{"id": 1, "source": "rulebook §4"}, {"id": 2, "source": "reconstructed"}]}
    assert [item["id"] for item in provenance.items(data)] == [1, 2]


def test_a_table_of_facts_without_a_source_is_refused() -> None:
    with pytest.raises(ValueError, match="'id' carries no source"):
        list(provenance.items({"unit": [{"id": 1, "speed": 3}]}))
