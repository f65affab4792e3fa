"""The owner's printed values (DESIGN §6, issue 29): `ludoteca data export`, an edited copy checked with
`ludoteca data check`, played with `--data DIR` / `LUDOTECA_DATA`, and records that name their data.

A game reads its data once, when its package loads (`core.data`), so every run with other data is a fresh
interpreter: the command line in a subprocess, as a person runs it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ludoteca.core import data, data_check
from ludoteca.core.data_check import check_files, export
from ludoteca.core.errors import RecordError
from ludoteca.core.game import get_game
from ludoteca.core.record import replay_record

pytestmark = pytest.mark.slow  # the command line in fresh interpreters, data checks that play trial games

SRC = str(Path(__file__).resolve().parent.parent / "src")


def cli(*args: str, stdin: str = "", env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """`ludoteca ARGS` in a fresh interpreter, wide lines, Spanish unless told."""
    base = {k: v for k, v in os.environ.items() if k != data.ENVIRONMENT}
    base |= {"PYTHONPATH": SRC, "COLUMNS": "200", "LUDOTECA_LANG": "es", **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "ludoteca.cli", *args], input=stdin, capture_output=True, text=True, env=base
    )


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1), "utf-8")


def test_export_writes_every_data_file_byte_for_byte_with_a_manifest(tmp_path: Path) -> None:
    folder = tmp_path / "maquis"
    done = cli("data", "export", "maquis", str(folder), "--lang", "en")
    assert done.returncode == 0, done.stderr
    shipped = data.shipped_dir("maquis")
    names = sorted(p.name for p in data.data_files(shipped))
    assert names == sorted(p.name for p in data.data_files(folder)) and "names.reconstructed.toml" in names
    assert all((folder / n).read_bytes() == (shipped / n).read_bytes() for n in names)
    assert data.manifest_game(folder) == "maquis"
    manifest = (folder / data.MANIFEST).read_text("utf-8")
    assert f'digest = "{data.digest(shipped)}"' in manifest
    assert '[files."names.reconstructed.toml"]\nkind = "reconstructed"\nreconstructed = 1' in manifest
    assert "names.reconstructed.toml  (reconstructed: reconstructed 1)" in done.stdout
    again = cli("data", "export", "maquis", str(folder), "--lang", "en")  # nothing of the owner's is lost
    assert again.returncode == 2 and "not empty" in again.stderr


def test_every_game_s_data_exports_with_each_file_s_provenance(tmp_path: Path) -> None:
    """Every data item of every game names its source, so the export can count them (Guerra a Muerte's
    layout once held a bare list of regions and the export stopped on it)."""
    from ludoteca.core.game import all_games

    for game in all_games():
        written = export(game.id, data.shipped_dir(game.id), tmp_path / game.id)
        manifest = (tmp_path / game.id / data.MANIFEST).read_text("utf-8")
        assert written and all(f'[files."{p.name}"]' in manifest for p in written), game.id


def test_the_shipped_data_of_every_game_passes_its_own_check() -> None:
    from ludoteca.core.game import all_games

    for game in all_games():
        assert check_files(game.id, data.shipped_dir(game.id)) == [], game.id


def test_an_edited_copy_is_checked_played_and_seen(tmp_path: Path) -> None:
    """Maquis's five reconstructed Spanish location names (data/names.reconstructed.toml): an owner puts
    the printed ones in, checks them, plays with them and sees them on the board; `info` counts the five
    names of the owner's copy as printed."""
    folder = tmp_path / "mine"
    export("maquis", data.shipped_dir("maquis"), folder)
    names = folder / "names.reconstructed.toml"
    edit(names, 'fence = "Perista"', 'fence = "Perista de la Croix-Rousse"')
    edit(names, 'source = "reconstructed"', 'source = "printed: my copy, 2019"')
    checked = cli("data", "check", "maquis", str(folder), "--lang", "en")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert f"(digest {data.digest(folder)})" in checked.stdout
    info = cli("info", "maquis", "--data", str(folder), "--lang", "en")
    assert info.returncode == 0, info.stderr
    assert "printed: 5" in info.stdout and f"the data in {folder.resolve()}" in info.stdout
    assert "the shipped data" in cli("info", "maquis", "--lang", "en").stdout
    record = tmp_path / "game.json"
    played = cli("play", "maquis", "--data", str(folder), "--seed", "1", stdin=f"1\nsave {record}\nquit\n")
    assert "Perista de la Croix-Rousse" in played.stdout, played.stdout[-2000:]
    shipped = cli("play", "maquis", "--seed", "1", stdin="quit\n")
    assert "Perista" in shipped.stdout and "Croix-Rousse" not in shipped.stdout
    # through the environment as well
    by_env = cli("play", "maquis", "--seed", "1", stdin="quit\n", env={data.ENVIRONMENT: str(folder)})
    assert "Perista de la Croix-Rousse" in by_env.stdout
    # the record names its data: refused with other data, replayed with its own
    saved = json.loads(record.read_text("utf-8"))
    assert saved["data_digest"] == data.digest(folder) != data.digest(data.shipped_dir("maquis"))
    refused = cli("replay", str(record), "--verify", "--lang", "en")
    assert refused.returncode == 2
    assert data.digest(folder) in refused.stderr and data.digest(data.shipped_dir("maquis")) in refused.stderr
    replayed = cli("replay", str(record), "--verify", "--data", str(folder), "--lang", "en")
    assert replayed.returncode == 0 and "verified" in replayed.stdout, replayed.stderr


def test_a_changed_bag_changes_the_draws(tmp_path: Path) -> None:
    """Mar y Acero's black bag of area markers (reconstructed, §4.1 step 14): with more markers of area 1,
    the game's chance node for the bag gives area 1 more weight."""
    folder = tmp_path / "bag"
    export("mar-y-acero", data.shipped_dir("mar-y-acero"), folder)
    edit(
        folder / "board.reconstructed.toml",
        "weights = { 1 = 2, 2 = 2, 3 = 1,",
        "weights = { 1 = 3, 2 = 1, 3 = 1,",
    )
    assert cli("data", "check", "mar-y-acero", str(folder)).returncode == 0
    script = (
        f"from ludoteca.core.data import use_data; use_data(r'{folder}')\n"
        "from ludoteca.games.mar_y_acero.board import BOARD\n"
        "print(BOARD.area_bag[1], BOARD.area_bag[2])\n"
    )
    env = {k: v for k, v in os.environ.items() if k != data.ENVIRONMENT} | {"PYTHONPATH": SRC}
    shown = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env)
    assert shown.stdout.split() == ["3", "1"], shown.stderr


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("attack = 3", "attack = ", "board.reconstructed.toml: not valid TOML: Invalid value (at line 15"),
        (
            "attack = 3",
            'attack = "three"',
            "board.reconstructed.toml: leader 'guacanagari': field 'attack' must",
        ),
        ("fights = true", "fights = true\nfightz = 1", "leader 'guacanagari': unknown field 'fightz'"),
        (
            'source = "reconstructed"\n\n#',
            "\n#",
            "board.reconstructed.toml: area_bag: field 'source' is missing",
        ),
        (
            "weights = { 1 = 2,",
            "weights = { 1 = 4,",
            "loader refuses this data: board.reconstructed.toml: area_bag: weights = {1: 4, 2: 2, 3: 1,",
        ),
    ],
)
def test_a_malformed_or_inconsistent_copy_is_refused_naming_the_item(
    tmp_path: Path, old: str, new: str, expected: str
) -> None:
    folder = tmp_path / "bad"
    export("mar-y-acero", data.shipped_dir("mar-y-acero"), folder)
    edit(folder / "board.reconstructed.toml", old, new)
    checked = cli("data", "check", "mar-y-acero", str(folder), "--lang", "en")
    assert checked.returncode == 1 and expected in checked.stdout, checked.stdout
    if "loader" in expected:  # playing with it is refused the same way, never a traceback
        played = cli("play", "mar-y-acero", "--data", str(folder), "--lang", "en", stdin="quit\n")
        assert played.returncode == 2 and expected in played.stderr and "Traceback" not in played.stderr


def test_the_refusals_are_in_the_user_s_language(tmp_path: Path) -> None:
    """Spanish by default, as the rest of the command line; the names of files, items and fields stay as
    they are in the data."""
    folder = tmp_path / "mala"
    export("mar-y-acero", data.shipped_dir("mar-y-acero"), folder)
    edit(folder / "board.reconstructed.toml", "attack = 3", 'attack = "three"')
    edit(folder / "board.reconstructed.toml", "fights = true", "fights = true\nfightz = 1")
    checked = cli("data", "check", "mar-y-acero", str(folder))
    assert checked.returncode == 1
    assert (
        "board.reconstructed.toml: leader 'guacanagari': campo 'attack' debe ser un entero, no 'three'"
        in (checked.stdout)
    ), checked.stdout
    assert "leader 'guacanagari': campo desconocido 'fightz' (aquí los campos son:" in checked.stdout
    assert "con los datos de" in checked.stdout and "no se puede jugar" in checked.stdout
    inconsistent = tmp_path / "bolsa"
    export("mar-y-acero", data.shipped_dir("mar-y-acero"), inconsistent)
    edit(inconsistent / "board.reconstructed.toml", "weights = { 1 = 2,", "weights = { 1 = 4,")
    refused = cli("data", "check", "mar-y-acero", str(inconsistent)).stdout
    assert (
        "el cargador de mar-y-acero rechaza estos datos: board.reconstructed.toml: area_bag: weights"
        in refused
    )
    assert "15: 1}: hay 22; el reglamento tiene 20 (§4.1 (14))" in refused
    played = cli("play", "mar-y-acero", "--data", str(inconsistent), stdin="quit\n")
    assert played.returncode == 2 and "el cargador de mar-y-acero rechaza estos datos" in played.stderr
    wrong = cli("play", "maquis", "--data", str(folder), stdin="quit\n")
    assert wrong.returncode == 2 and "tiene datos de mar-y-acero, no de maquis" in wrong.stderr
    again = cli("data", "export", "maquis", str(folder))
    assert again.returncode == 2 and "no está vacía: exporta a una carpeta nueva" in again.stderr
    assert "no existe esa carpeta" in data_check.check("maquis", tmp_path / "nada", "es")[0]


def test_missing_and_foreign_files_and_folders_are_named(tmp_path: Path) -> None:
    folder = tmp_path / "partial"
    export("mar-y-acero", data.shipped_dir("mar-y-acero"), folder)
    (folder / "cards.toml").unlink()
    (folder / "extra.toml").write_text('source = "x"\n', "utf-8")
    errors = check_files("mar-y-acero", folder)
    assert errors[0].startswith("cards.toml: missing") and errors[1].startswith("extra.toml: not a data file")
    wrong = cli("play", "maquis", "--data", str(folder), stdin="quit\n", env={"LUDOTECA_LANG": "en"})
    assert wrong.returncode == 2 and "holds data for mar-y-acero, not for maquis" in wrong.stderr
    assert cli("info", "maquis", "--data", str(tmp_path / "nowhere")).returncode == 2


def test_a_record_without_a_data_digest_replays_with_the_shipped_data() -> None:
    """Records made before they named their data still replay (with the data in use)."""
    from ludoteca.core.match import Match

    match = Match(get_game("mar-y-acero"), {}, 3)
    for _ in range(40):
        match.play_chance() if match.state.is_chance_node() else match.apply(match.state.legal_actions()[0])
    record = match.record()
    assert record["data_digest"] == data.digest(data.shipped_dir("mar-y-acero"))
    del record["data_digest"]
    assert replay_record(record).state.digest() == match.state.digest()
    with pytest.raises(RecordError, match="played with the data of digest 0123456789abcdef"):
        replay_record({**record, "data_digest": "0123456789abcdef"})


@pytest.mark.parametrize(
    ("game", "file", "old", "new", "english", "spanish"),
    [
        (  # issue 54: the check said "playable", and every fuzzed game failed ("marker off its track")
            "maquis",
            "components.toml",
            "start = 6",
            "start = 9",
            "components.toml: morale: start = 9: must be from 1 to 7 (rulebook §Componentes)",
            "components.toml: morale: start = 9: debe estar entre 1 y 7 (reglamento §Componentes)",
        ),
        (  # issue 54: reported as "patrol card 2", with no file, field or value
            "maquis",
            "cards.toml",
            '"radio_b", "grocer", "black_market"',
            '"radio_b", "grocr", "black_market"',
            "cards.toml: patrol 2: locations = 'grocr': not one of black_market, cafe, doctor,",
            "cards.toml: patrol 2: locations = 'grocr': no es ninguno de estos: black_market, cafe,",
        ),
        (
            "patria-libre",
            "cards.reconstructed.toml",
            "index = 30\n",
            "index = 0\n",
            "cards.reconstructed.toml: sentimientos_de_la_nacion: index = 0: must be 1: the indices",
            "cards.reconstructed.toml: sentimientos_de_la_nacion: index = 0: debe ser 1: los índices",
        ),
        (
            "patria-libre",
            "map.toml",
            'flag = "insurgent"',
            'flag = "royalist"',
            "map.toml: insurgent: flag = ['gto_valladolid', 'nuevo_santander']: there are 2;",
            "map.toml: insurgent: flag = ['gto_valladolid', 'nuevo_santander']: hay 2;",
        ),
        (
            "patria-libre",
            "map.toml",
            'link = ["yucatan", "veracruz"]',
            'link = ["oaxaca", "veracruz"]',
            "map.toml: yucatan: border = ['america_central', 'barco']: must be america_central, barco,",
            "map.toml: yucatan: border = ['america_central', 'barco']: debe ser america_central, barco,",
        ),
        (
            "patria-libre",
            "map.toml",
            'id = "yucatan"\nregion = "tabaco"',
            'id = "yucatan"\nregion = "corona"',
            "map.toml: tabaco: provinces = 2: must be from 3 to 4 (rulebook §Terminología «Región»)",
            "map.toml: tabaco: provinces = 2: debe estar entre 3 y 4 (reglamento §Terminología «Región»)",
        ),
        (
            "patria-libre",
            "cards.toml",
            "numbers = [1, 2]\n",
            'numbers = [1, 2]\nletters = ["A"]\n',
            "cards.toml: hidalgo: letters = ['A']: must not be given when colour = 'yellow'",
            "cards.toml: hidalgo: letters = ['A']: no debe darse cuando colour = 'yellow'",
        ),
        (
            "patria-libre",
            "cards.toml",
            'letters = ["A", "B"]\n',
            "",
            "cards.toml: calleja: letters = —: must be given when colour = 'blue' (§B- Activar carta)",
            "cards.toml: calleja: letters = —: debe darse cuando colour = 'blue' (§B- Activar carta)",
        ),
        (
            "patria-libre",
            "cards.toml",
            'colour = "yellow"\nleader = "hidalgo"',
            'colour = "green"\nleader = "hidalgo"',
            "cards.toml: hidalgo: colour = 'green': not one of yellow, blue, violet",
            "cards.toml: hidalgo: colour = 'green': no es ninguno de estos: yellow, blue, violet",
        ),
        (
            "pax-porfiriana",
            "components.toml",
            "prices = [0, 1, 2, 4, 8, 16]",
            "prices = [0, 1, 2, 4, 8, 15]",
            "components.toml: market: prices = [0, 1, 2, 4, 8, 15]: must be 0, 1, 2, 4, 8, 16 (§PREPARACIÓN)",
            "components.toml: market: prices = [0, 1, 2, 4, 8, 15]: debe ser 0, 1, 2, 4, 8, 16",
        ),
        (
            "pax-porfiriana",
            "cards.reconstructed.toml",
            'kind = "mine"\njurisdiction = "sonora"',
            'kind = "mine"\njurisdiction = "texas"',
            "mina_cananea: jurisdiction = 'texas': not one of sonora, chihuahua, america",
            "mina_cananea: jurisdiction = 'texas': no es ninguno de estos: sonora, chihuahua, america",
        ),
        (
            "pax-porfiriana",
            "cards.reconstructed.toml",
            '{ kind = "unrest", n = 2, scope = "target", when = "play" }',
            '{ kind = "unrest", n = 0, scope = "target", when = "play" }',
            "cards.reconstructed.toml: huelga_cananea: effects.n = 0: must be a whole number other than 0",
            "cards.reconstructed.toml: huelga_cananea: effects.n = 0: debe ser un número entero distinto",
        ),
        (
            "pax-porfiriana",
            "cards.reconstructed.toml",
            '{ kind = "unrest", n = 2, scope = "target", when = "play" }',
            '{ kind = "unrest", n = 2, when = "play" }',
            "cards.reconstructed.toml: huelga_cananea: effects = 'unrest': nothing is given for scope",
            "cards.reconstructed.toml: huelga_cananea: effects = 'unrest': no se da nada para scope",
        ),
        (
            "pax-porfiriana",
            "cards.reconstructed.toml",
            '{ kind = "unrest", n = 2, scope = "target", when = "play" }',
            '{ kind = "calm", n = 2, scope = "target", when = "play" }',
            "huelga_cananea: effects = 'unrest': there are 0; the rulebook has 1 (§CARTA NARANJA)",
            "huelga_cananea: effects = 'unrest': hay 0; el reglamento tiene 1 (§CARTA NARANJA)",
        ),
        (
            "pax-porfiriana",
            "cards.reconstructed.toml",
            "cost = 5\nincome = 3\nconnection = 3\nupgrade = { cost = 5, connection = 1 }",
            "cost = -5\nincome = 3\nconnection = 3\nupgrade = { cost = 5, connection = 1 }",
            "cards.reconstructed.toml: mina_cananea: cost = -5: must be 0 or more",
            "cards.reconstructed.toml: mina_cananea: cost = -5: debe ser 0 o más",
        ),
        (
            "pax-porfiriana",
            "cards.reconstructed.toml",
            "cost = 5\nincome = 3\nconnection = 3\nupgrade = { cost = 5, connection = 1 }",
            "cost = 5\nincome = 3\nconnection = 3\nupgrade = { cost = 5, connection = 3 }",
            "mina_cananea: upgrade.connection = 3: must be from 0 to 2 (rulebook §MEJORAR CONEXIÓN)",
            "mina_cananea: upgrade.connection = 3: debe estar entre 0 y 2 (reglamento §MEJORAR CONEXIÓN)",
        ),
        (
            "pax-porfiriana",
            "cards.reconstructed.toml",
            "firepower = 2",
            "firepower = 0",
            "cards.reconstructed.toml: federales_hermosillo: firepower = 0: must be more than 0",
            "cards.reconstructed.toml: federales_hermosillo: firepower = 0: debe ser mayor que 0",
        ),
        (
            "pax-porfiriana",
            "cards.reconstructed.toml",
            'kind = "mine"\njurisdiction = "sonora"',
            'kind = "mine"\nslave = true\njurisdiction = "sonora"',
            "mina_cananea: liberator = —: must be given when slave = true (§CARTA DE EMPRESA O SOCIO)",
            "mina_cananea: liberator = —: debe darse cuando slave = true (§CARTA DE EMPRESA O SOCIO)",
        ),
        (
            "pax-porfiriana",
            "cards.reconstructed.toml",
            'kind = "mine"\njurisdiction = "sonora"',
            'kind = "mine"\nrailroad_chain = true\njurisdiction = "sonora"',
            "mina_cananea: railroad_chain = True: must not be given when kind = 'mine' (§MEJORAR CONEXIÓN)",
            "mina_cananea: railroad_chain = True: no debe darse cuando kind = 'mine' (§MEJORAR CONEXIÓN)",
        ),
        (
            "pax-porfiriana",
            "cards.reconstructed.toml",
            'factions = ["us", "carrancista"]',
            'factions = ["us", "us"]',
            "incursiones_san_diego: effects.factions = ['us', 'us']: must name two different ones of",
            "incursiones_san_diego: effects.factions = ['us', 'us']: debe nombrar dos distintos de estos",
        ),
        (
            "pax-porfiriana",
            "special.reconstructed.toml",
            'id = "entrevista_creelman"',
            'id = "mina_cananea"',
            "special.reconstructed.toml: mina_cananea: id = 'mina_cananea': mina_cananea is named twice",
            "special.reconstructed.toml: mina_cananea: id = 'mina_cananea': mina_cananea aparece dos veces",
        ),
        (
            "pax-porfiriana",
            "components.toml",
            'source = "rulebook §PREPARACIÓN b–e"',
            'source = "reconstructed"',
            "components.toml: deck: source = 'reconstructed': a reconstructed item: this file holds only",
            "components.toml: deck: source = 'reconstructed': un elemento reconstruido: este archivo solo",
        ),
        (
            "guerra-a-muerte",
            "map.toml",
            'rp = 0, source = "rulebook §5.3, §11.0',
            'rp = 1, source = "rulebook §5.3, §11.0',
            "map.toml: chaco: rp = 1: must be 0 (§11.0)",
            "map.toml: chaco: rp = 1: debe ser 0 (§11.0)",
        ),
        (
            "guerra-a-muerte",
            "map.reconstructed.toml",
            '{ id = "chaco", source = "reconstructed" }',
            '{ id = "chaco", rp = 0, source = "reconstructed" }',
            "map.reconstructed.toml: chaco: rp = 0: a reconstructed value may not replace the printed one",
            "map.reconstructed.toml: chaco: rp = 0: un valor reconstruido no puede sustituir al impreso",
        ),
        (
            "guerra-a-muerte",
            "map.toml",
            'area = "santa_fe", sea = "caribe_iii"',
            'area = "nowhere", sea = "caribe_iii"',
            "map.toml: cartagena: area = 'nowhere': no area of the data has this id",
            "map.toml: cartagena: area = 'nowhere': ningún area de los datos tiene este id",
        ),
        (
            "guerra-a-muerte",
            "map.toml",
            '{ a = "paraguay", b = "chaco",',
            '{ a = "paraguay", b = "paraguay",',
            "map.toml: paraguay–paraguay: b = 'paraguay': a link joins two different places",
            "map.toml: paraguay–paraguay: b = 'paraguay': un enlace une dos lugares distintos",
        ),
        (
            "guerra-a-muerte",
            "map.reconstructed.toml",
            "land_link = [\n",
            'land_link = [\n  { a = "cuba", b = "yucatan", source = "reconstructed" },\n',
            "map.toml, map.reconstructed.toml: land_link: a/b = 'cuba': an island is reached only by sea",
            "map.toml, map.reconstructed.toml: land_link: a/b = 'cuba': a una isla solo se llega por mar",
        ),
        (
            "guerra-a-muerte",
            "map.toml",
            'sea = "caribe_iii", fortress = true,',
            'sea = "caribe_iii", fortress = false,',
            "map.toml: cartagena: fortress = False: must be True (§2.1, §6.2)",
            "map.toml: cartagena: fortress = False: debe ser True (§2.1, §6.2)",
        ),
        (
            "guerra-a-muerte",
            "units.reconstructed.toml",
            '{ id = "am_crna", arm = "infantry", size = "regiment", steps = 2, factor = 4, reduced = 2,',
            '{ id = "am_crna", arm = "infantry", size = "regiment", steps = 2, factor = 0, reduced = 2,',
            "units.reconstructed.toml: am_crna: factor = 0: must be more than 0",
            "units.reconstructed.toml: am_crna: factor = 0: debe ser mayor que 0",
        ),
        (
            "guerra-a-muerte",
            "units.reconstructed.toml",
            '{ id = "am_crna", arm = "infantry", size = "regiment", steps = 2, factor = 4, reduced = 2,',
            '{ id = "am_crna", arm = "infantry", size = "regiment", steps = 2, factor = 4, reduced = 0,',
            "units.reconstructed.toml: am_crna: reduced = —: must be given when steps = 2 (§1.3)",
            "units.reconstructed.toml: am_crna: reduced = —: debe darse cuando steps = 2 (§1.3)",
        ),
        (
            "guerra-a-muerte",
            "units.reconstructed.toml",
            '{ id = "am_crna", arm = "infantry", size = "regiment", steps = 2, factor = 4, reduced = 2,',
            '{ id = "am_crna", arm = "musket", size = "regiment", steps = 2, factor = 4, reduced = 2,',
            "units.reconstructed.toml: am_crna: arm = 'musket': not one of infantry, cavalry, artillery,",
            "units.reconstructed.toml: am_crna: arm = 'musket': no es ninguno de estos: infantry, cavalry,",
        ),
        (
            "guerra-a-muerte",
            "leaders.reconstructed.toml",
            '{ id = "hidalgo", ops = 1,',
            '{ id = "hidalgo", ops = 5,',
            "leaders.reconstructed.toml: hidalgo: ops = 5: must be from 0 to 3",
            "leaders.reconstructed.toml: hidalgo: ops = 5: debe estar entre 0 y 3",
        ),
        (
            "guerra-a-muerte",
            "scenarios.reconstructed.toml",
            'units = ["am_lh", "am_cb", "am_dr_dragones"]',
            'units = ["am_lh", "am_cb", "am_cb"]',
            "scenarios.reconstructed.toml: 1815-1818: units = 'am_cb': given twice in this file",
            "scenarios.reconstructed.toml: 1815-1818: units = 'am_cb': se da dos veces en este archivo",
        ),
        (
            "guerra-a-muerte",
            "scenarios.reconstructed.toml",
            'area = "cuba", units = ["am_lh", "am_cb", "am_dr_dragones"]',
            'area = "cuba", units = ["am_lh", "am_cb"]',
            "e_caribbean: units = {'american_infantry': 8, 'spanish_infantry': 2}: must be {",
            "e_caribbean: units = {'american_infantry': 8, 'spanish_infantry': 2}: debe ser {",
        ),
    ],
)
def test_a_value_the_loader_refuses_is_named_by_file_item_field_and_value(
    tmp_path: Path, game: str, file: str, old: str, new: str, english: str, spanish: str
) -> None:
    folder = tmp_path / game
    export(game, data.shipped_dir(game), folder)
    edit(folder / file, old, new)
    checked = cli("data", "check", game, str(folder), "--lang", "en")
    assert checked.returncode == 1 and english in checked.stdout, checked.stdout
    assert "can be played" not in checked.stdout
    spanish_check = cli("data", "check", game, str(folder))
    assert spanish_check.returncode == 1 and spanish in spanish_check.stdout, spanish_check.stdout
    played = cli("play", game, "--data", str(folder), "--lang", "en", stdin="quit\n")
    assert played.returncode == 2 and english in played.stderr and "Traceback" not in played.stderr


def test_data_the_loader_takes_but_no_game_can_play_is_not_called_playable(tmp_path: Path) -> None:
    """Six patrols on the first day (red number 6 on Morale 6) need a sixth Milice pawn: the loader has
    no rule against it, but the first random game breaks the pawns' invariant, and the check says which
    game, after how many actions, and how to see it again."""
    folder = tmp_path / "maquis"
    export("maquis", data.shipped_dir("maquis"), folder)
    edit(folder / "components.toml", "red = { 7 = 2, 6 = 3,", "red = { 7 = 2, 6 = 6,")
    checked = cli("data", "check", "maquis", str(folder), "--lang", "en")
    assert checked.returncode == 1 and "can be played" not in checked.stdout, checked.stdout
    assert "maquis: random game 1 of 3 (seed 0) breaks an invariant after" in checked.stdout
    assert "more than five Milice or five Soldiers on the board" in checked.stdout
    assert f"ludoteca fuzz maquis --data {folder} --seed 0 --games 1" in checked.stdout
    spanish = cli("data", "check", "maquis", str(folder)).stdout
    assert "maquis: la partida al azar 1 de 3 (semilla 0) rompe una invariante tras" in spanish, spanish


def test_the_shipped_data_plays_its_trial_games() -> None:
    """What `data check` plays with an owner's data passes with the shipped data (Guerra a Muerte's
    games, a minute for three, are left to its fuzz tests)."""
    for game_id in ("maquis", "mar-y-acero", "patria-libre", "pax-porfiriana"):
        assert data_check.trial_games(get_game(game_id), data.shipped_dir(game_id)) == [], game_id
    checked = cli("data", "check", "maquis", str(data.shipped_dir("maquis")), "--lang", "en")
    assert "the set-up and 3 random games keep every invariant" in checked.stdout, checked.stdout
