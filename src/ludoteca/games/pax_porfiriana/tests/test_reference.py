"""The rules reference (rules.es.md, rules.en.md, DESIGN §7): every rule a procedure cites is a section
anchor in both languages, so a prompt's or a log line's citation opens the reference at its section."""

from __future__ import annotations

import re

import pytest

from ludoteca.games.pax_porfiriana.procs import PROCS
from ludoteca.games.pax_porfiriana.tests.positions import GAME


def anchors(lang: str) -> list[str]:
    return re.findall(r"\{#([A-Za-z0-9_.:-]+)\}", GAME.rules_reference(lang))


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_cited_rule_is_a_section(lang: str) -> None:
    cited = {procedure.rule for procedure in PROCS.by_name.values()}
    assert cited <= set(anchors(lang)), sorted(cited - set(anchors(lang)))


def test_both_languages_have_the_same_sections_in_the_same_order() -> None:
    assert anchors("es") == anchors("en")
    assert len(anchors("es")) == len(set(anchors("es")))


def test_the_catalogs_have_the_same_keys_in_both_languages() -> None:
    assert GAME.catalog.keys("es") == GAME.catalog.keys("en")
