"""The README's research-interface examples run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).parent.parent / "README.md"
SECTION = README.read_text("utf-8").split("## Research interfaces")[1].split("\n## ")[0]
BLOCKS = re.findall(r"```python\n(.*?)```", SECTION, re.S)


def test_there_is_an_example_for_each_library() -> None:
    assert [b for b in BLOCKS if "pyspiel" in b] and [b for b in BLOCKS if "pettingzoo" in b]
    assert [b for b in BLOCKS if "gymnasium" in b] and [b for b in BLOCKS if "VectorGameEnv" in b]
    assert len(BLOCKS) == 4


@pytest.mark.parametrize("code", BLOCKS, ids=["openspiel", "pettingzoo", "gymnasium", "vector"])
def test_the_example_runs(code: str, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(code, str(README), "exec"), {})
    assert capsys.readouterr().out.strip()  # each example prints its outcome
