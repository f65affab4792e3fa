"""Every game's README tells the truth about its modules (issue 57): its module map (`games/README.md`,
checklist item 10) names every module of the package and no module that is not there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import ludoteca.games

GAMES = Path(ludoteca.games.__file__).parent
PACKAGES = sorted(p.name for p in GAMES.iterdir() if (p / "__init__.py").exists())


def module_map(readme: Path) -> set[str]:
    """The modules the README's module map names: every backquoted ``x.py`` or ``x/`` in the first column
    of the first table after the heading that says "module map"."""
    lines = readme.read_text("utf-8").splitlines()
    heading = next(
        (i for i, line in enumerate(lines) if line.startswith("#") and "module map" in line.lower()), None
    )
    assert heading is not None, f"{readme}: no heading with 'module map' in it (games/README.md, item 10)"
    rows = []
    for line in lines[heading + 1 :]:
        if line.startswith("#"):
            break
        if line.startswith("|"):
            rows.append(line)
        elif rows:
            break
    assert len(rows) > 2, f"{readme}: no table under its module map heading"
    names: set[str] = set()
    for row in rows[2:]:  # the header and its rule first
        first = row.split("|")[1]
        names.update(n for n in re.findall(r"`([^`]+)`", first) if n.endswith((".py", "/")))
    return names


def package_modules(package: Path) -> set[str]:
    """The package's modules, ``x.py``, and subpackages, ``x/`` (its Game in ``__init__.py`` and its tests
    aside)."""
    modules = {p.name for p in package.glob("*.py") if p.name != "__init__.py"}
    return modules | {
        f"{p.name}/" for p in package.iterdir() if (p / "__init__.py").exists() and p.name != "tests"
    }


@pytest.mark.parametrize("package", PACKAGES)
def test_module_map_names_exactly_the_modules_present(package: str) -> None:
    readme = GAMES / package / "README.md"
    named, present = module_map(readme), package_modules(GAMES / package)
    missing, stale = sorted(present - named), sorted(named - present)
    assert not missing and not stale, (
        f"{readme.relative_to(GAMES.parent.parent.parent)}: its module map "
        + (f"misses the modules {', '.join(missing)}" if missing else "")
        + ("; " if missing and stale else "")
        + (f"names modules that do not exist: {', '.join(stale)}" if stale else "")
    )
