"""Every rule citation opens a section of the rules reference; every message exists in both languages."""

from __future__ import annotations

import re
from pathlib import Path

from ludoteca.games.maquis import GAME
from ludoteca.games.maquis.procs import PROCS

HERE = Path(__file__).parent.parent
CODE = "\n".join(p.read_text("utf-8") for p in HERE.glob("*.py"))


def anchors(lang: str) -> set[str]:
    return set(re.findall(r"\{#([\w.-]+)\}", GAME.rules_reference(lang)))


def test_every_cited_rule_has_a_section_in_both_languages() -> None:
    cited = {p.rule for p in PROCS.by_name.values()}
    cited |= set(re.findall(r'rule=f?"([\w.-]+)"', CODE)) - {"missions."}
    mission_ids = re.findall(r'^id = "([\w-]+)"', (HERE / "data/missions.toml").read_text("utf-8"), re.M)
    cited |= {f"missions.{mid}" for mid in mission_ids}
    for lang in ("es", "en"):
        missing = cited - anchors(lang)
        assert not missing, f"rules.{lang}.md lacks sections {sorted(missing)}"


def test_reference_sections_match_between_languages() -> None:
    assert anchors("es") == anchors("en")


def test_catalogs_have_the_same_keys_and_cover_the_code() -> None:
    es, en = GAME.catalog.keys("es"), GAME.catalog.keys("en")
    assert es == en, sorted(es ^ en)
    used = set(re.findall(r'"((?:log|prompt|outcome)\.[\w]+)"', CODE))
    used |= {f"log.patrol_{pawn}" for pawn in "ms"}
    assert used <= es, sorted(used - es)
    for notation in GAME.actions.names:
        verb, _, target = notation.partition(" ")
        assert f"action.{verb}" in es or verb == "do", verb
        if target and verb != "patrol":  # card numbers need no name
            key = f"do.{target}" if verb == "do" else f"target.{target}"
            assert key in es, key
