"""Messages that agree with their parameters (issue 55): a count's words, ``{n:one|other}``, and a side's
singular name, ``{side:one}``, in the catalog, in every game's messages, and in the browser's `fill`."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from ludoteca.core.game import all_games, get_game
from ludoteca.core.i18n import LANGUAGES, Catalog, plural


@pytest.fixture
def catalog(tmp_path: Path) -> Catalog:
    (tmp_path / "es.toml").write_text(
        '[x]\nsteps = "{n:# paso|# pasos}"\nmoved = "Una fuerza {side:one} entra; los {side} pasan."\n'
        'two = "{a:# paso|# pasos} contra {b:un paso|# pasos}"\nquoted = "{item!r} y {{llaves}}"\n'
        'list = "Bandos: {sides:one}."\n'
        '[side]\npatriot = "patriotas"\nroyalist = "realistas"\n[side.one]\npatriot = "patriota"\n',
        "utf-8",
    )
    return Catalog(tmp_path)


def test_a_count_takes_the_form_that_agrees_with_it(catalog: Catalog) -> None:
    assert catalog.text("x.steps", "es", {"n": 1}) == "1 paso"
    assert catalog.text("x.steps", "es", {"n": 0}) == "0 pasos"
    assert catalog.text("x.steps", "es", {"n": 2}) == "2 pasos"
    assert catalog.text("x.two", "es", {"a": 1, "b": 1}) == "1 paso contra un paso"
    assert catalog.text("x.two", "es", {"a": 5, "b": 3}) == "5 pasos contra 3 pasos"


def test_a_looked_up_parameter_takes_its_named_form_else_its_plain_name(catalog: Catalog) -> None:
    params = {"side": "@side.patriot"}
    assert catalog.text("x.moved", "es", params) == "Una fuerza patriota entra; los patriotas pasan."
    # the royalists have no singular here: the plain name stands
    assert catalog.text("x.moved", "es", {"side": "@side.royalist"}).startswith("Una fuerza realistas")
    assert catalog.text("x.list", "es", {"sides": ["@side.patriot", "@side.royalist"]}) == (
        "Bandos: patriota, realistas."
    )


def test_conversions_and_braces_still_read_as_str_format_reads_them(catalog: Catalog) -> None:
    assert catalog.text("x.quoted", "es", {"item": "a"}) == "'a' y {llaves}"
    assert catalog.text("x.steps", "es", {"m": 1}) == "{n:# paso|# pasos}"  # a missing field: the template


def test_a_count_that_is_no_number_takes_the_plural() -> None:
    assert plural(1, "una|#") == "una"
    assert plural("1", "una|#") == "una"
    assert plural("X", "una|#") == "X"
    assert plural(1.5, "# área|# áreas") == "1.5 áreas"


COUNTED = re.compile(r"(?<!×)\{(\w+)\}\s+(\w+)")


@pytest.mark.parametrize("game_id", ["core", *sorted(g.id for g in all_games())])
def test_no_message_writes_a_count_before_a_fixed_plural_or_with_s_in_brackets(game_id: str) -> None:
    """A count followed by a word that is a plural noun ("{n} pasos") reads "1 pasos" when the count is
    one: such a message says its two forms. The words allowed after a bare count are abbreviations and
    numbers' own names (RP, OP, PV, VP, de, of...), a count that is never one, or a field name."""
    catalog = get_game(game_id).catalog if game_id != "core" else Catalog()
    allowed = {"RP", "OP", "PV", "VP", "de", "of", "en", "in", "at", "on", "contra", "against", "gold"}
    allowed |= {"y", "and", "se", "is", "are", "ha", "has", "a", "to", "por", "for", "left", "es", "prestige"}
    found = []
    for lang in LANGUAGES:
        for key in catalog.keys(lang):
            text = catalog.text(key, lang)
            assert "(s)" not in text and "(es)" not in text, (lang, key, text)
            for field, word in COUNTED.findall(text):
                if field in {"n", "count", "steps", "workers", "patrols", "hits"} and word not in allowed:
                    found.append((lang, key, text))
    assert not found


@pytest.mark.parametrize("game_id", sorted(g.id for g in all_games()))
def test_every_plural_field_has_its_two_forms_in_both_languages(game_id: str) -> None:
    catalog = get_game(game_id).catalog
    for lang in LANGUAGES:
        for key in catalog.keys(lang):
            for _, field, spec, _ in string.Formatter().parse(catalog.text(key, lang)):
                if field is not None and spec and "|" in spec:
                    assert spec.count("|") == 1, (lang, key, spec)


GAM = get_game("guerra-a-muerte").catalog


@pytest.mark.parametrize(
    ("key", "params", "es", "en"),
    [
        (
            "log.moved",
            {"side": "@side.patriot", "area": "@area.lima"},
            "Una fuerza patriota entra en Lima.",
            "A Patriot force enters Lima.",
        ),
        (
            "log.moved",
            {"side": "@side.royalist", "area": "@area.lima"},
            "Una fuerza realista entra en Lima.",
            "A Royalist force enters Lima.",
        ),
        ("log.pass", {"side": "@side.royalist"}, "Los realistas pasan.", "The Royalists pass."),
        ("log.eliminated_all", {"n": 1}, "1 unidad eliminada.", "1 unit eliminated."),
        ("log.eliminated_all", {"n": 3}, "3 unidades eliminadas.", "3 units eliminated."),
        (
            "log.convoy_land",
            {"n": 1, "area": "@area.lima"},
            "1 refuerzo desembarca en Lima.",
            "1 reinforcement lands at Lima.",
        ),
        ("board.steps", {"n": 1}, "1 paso", "1 step"),
        ("board.steps", {"n": 2}, "2 pasos", "2 steps"),
        (
            "prompt.lose",
            {"n": 1},
            "Queda 1 paso de pérdidas: elige la unidad que sufre uno.",
            "1 step loss remains: choose the unit that takes one.",
        ),
        (
            "log.sailed",
            {"side": "@side.royalist", "place": "@sea.caribe_i"},
            "Una flota realista navega a Mar Caribe I.",
            "A Royalist fleet sails to Caribbean Sea I.",
        ),
        (
            "log.haven",
            {"leader": "@leader.bolivar", "box": "@box.united_states"},
            "Simón Bolívar se refugia en Estados Unidos (Nueva Orleans).",
            "Simón Bolívar takes refuge in United States (New Orleans).",
        ),
    ],
)
def test_guerra_a_muerte_messages_agree(key: str, params: dict[str, object], es: str, en: str) -> None:
    assert GAM.text(key, "es", params) == es
    assert GAM.text(key, "en", params) == en
