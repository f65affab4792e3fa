"""Mar y Acero: los viajes de Colón (Antonio Vaquera, Neva Wargames). Two players, or one against the
Nitayno (§5). Rulebook: `rulebooks/mar-y-acero.es.txt`."""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import ClassVar

from ludoteca.core.game import Game, OptionSpec, register
from ludoteca.core.i18n import Catalog
from ludoteca.core.state import State
from ludoteca.games.mar_y_acero.actions import ACTIONS
from ludoteca.games.mar_y_acero.board import BOARD
from ludoteca.games.mar_y_acero.nitayno_data import NITAYNO
from ludoteca.games.mar_y_acero.state import MyaState

HERE = Path(__file__).parent


class MarYAcero(Game):
    """The game contract for Mar y Acero: the Spanish and the Indigenous factions."""

    id = "mar-y-acero"
    title = "Mar y Acero"
    roles = ("espanoles", "indigenas")
    player_counts = (1, 2)
    rulebook = "rulebooks/mar-y-acero.es.txt"
    actions = ACTIONS
    catalog = Catalog(HERE / "messages")
    max_moves = 6000
    returns_sum = 0.0  # one side wins (+1), the other loses (-1), in both modes
    solo_opponents: ClassVar[dict[str, str]] = {"nitayno": "mode=solo level=0|1|2"}  # §5
    search_scale = 4  # some 200 decisions a side, one per piece moved or placed: README §7, BENCHMARKS.md
    search_depth = 0  # the evaluation estimates the final tally; random moves before it add only noise
    search_norm = 0.5  # values near ±1 (a game far from the line) differ by hundredths: README §7
    search_open_chance = True  # every die is a chance node: a tree of faces stopped 4 iterations in 10
    terminal_view: ClassVar[str] = "ludoteca.games.mar_y_acero.terminal"
    options = (
        OptionSpec("mode", "two-player", ("two-player", "solo"), "option.mode"),
        OptionSpec("level", "0", ("0", "1", "2"), "option.level"),
        OptionSpec("testament", "off", ("off", "on"), "option.testament"),
    )

    def new_initial_state(self, options: Mapping[str, str] | None = None) -> MyaState:
        return MyaState.new(self, self.normalize_options(options))

    def roles_in_play(self, options: Mapping[str, str]) -> tuple[int, ...]:
        """In solo (§5) the Nitayno takes the indigenous decisions as part of the rules: only the
        Spaniards are seated."""
        return (0,) if options["mode"] == "solo" else (0, 1)

    def guided_action(self, state: State, rng: random.Random) -> int | None:
        """The fuzzer's guide to games that both sides can win: most of the time, the action whose
        immediate result `evaluate()` likes best for the side to move (a one-step lookahead)."""
        role = state.current_player()
        legal = state.legal_actions()
        if role < 0 or len(legal) < 2 or rng.random() < 0.3:
            return None
        best = max(legal, key=lambda a: (state.child(a).evaluate()[role], rng.random()))
        return int(best)

    def data_provenance(self) -> dict[str, int]:
        """The components' sources and the Nitayno's (§5), counted together."""
        counts = BOARD.provenance()
        for kind, n in NITAYNO.provenance().items():
            counts[kind] = counts.get(kind, 0) + n
        return counts

    def rules_reference(self, lang: str) -> str:
        path = HERE / f"rules.{lang}.md"
        return path.read_text("utf-8") if path.exists() else (HERE / "rules.es.md").read_text("utf-8")


GAME = register(MarYAcero())
