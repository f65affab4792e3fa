"""Mar y Acero: los viajes de Colón (Antonio Vaquera, Neva Wargames). Two players, or one against the
Nitayno (§5). Rulebook: `rulebooks/mar-y-acero.es.txt`."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, ClassVar

from ludoteca.core.game import FuzzPlan, Game, SearchHints, register
from ludoteca.core.i18n import Catalog
from ludoteca.core.options import Options
from ludoteca.core.state import State
from ludoteca.games.mar_y_acero.actions import ACTIONS
from ludoteca.games.mar_y_acero.board import BOARD
from ludoteca.games.mar_y_acero.nitayno.data import NITAYNO
from ludoteca.games.mar_y_acero.options import MyaOptions
from ludoteca.games.mar_y_acero.state import MyaState


class MarYAcero(Game):
    """The game contract for Mar y Acero: the Spanish and the Indigenous factions."""

    id = "mar-y-acero"
    title = "Mar y Acero"
    roles = ("espanoles", "indigenas")
    player_counts = (1, 2)
    rulebook = "Mar y Acero: los viajes de Colón (Antonio Vaquera), reglamento, Neva Wargames"
    actions = ACTIONS
    catalog = Catalog(Path(__file__).parent / "messages")
    max_moves = 6000
    # issue 21: the frame stack's form changed (2: decide/answer, sequences; 3: card effects as data;
    # 4: the Nitayno's card effects as data; 5: the earthquakes, tropical climate and smallpox roll through
    # one effect, `unit_dice`)
    rules_version = "5"
    returns_sum = 0.0  # one side wins (+1), the other loses (-1), in both modes
    solo_opponents: ClassVar[Mapping[str, str]] = {"nitayno": "mode=solo level=0|1|2"}  # §5
    search = SearchHints(
        scale=4,  # some 200 decisions a side, one per piece moved or placed: README §7, BENCHMARKS.md
        depth=0,  # the evaluation estimates the final tally; random moves before it add only noise
        norm=0.5,  # values near ±1 (a game far from the line) differ by hundredths: README §7
        open_chance=True,  # every die is a chance node: a tree of faces stopped 4 iterations in 10
    )
    fuzz = FuzzPlan(
        modes=(
            {"mode": "two-player"},
            {"mode": "two-player", "testament": "on"},
            *({"mode": "solo", "level": level} for level in ("0", "1", "2")),
        ),
        cost=10,
    )
    """Both modes, the Testament and each level of the Nitayno; a game is 300–600 actions, each checked in
    three to eleven views, some ten Maquis games."""
    options_type = MyaOptions

    def new_initial_state(self, options: Mapping[str, str] | Options | None = None) -> MyaState:
        return MyaState.new(self, MyaOptions.parse(options))

    def roles_in_play(self, options: Options) -> tuple[int, ...]:
        """In solo (§5) the Nitayno takes the indigenous decisions as part of the rules: only the
        Spaniards are seated."""
        assert isinstance(options, MyaOptions)
        return (0,) if options.mode == "solo" else (0, 1)

    def guided_action(self, state: State, rng: random.Random) -> int | None:
        """The fuzzer's guide to games that both sides can win: most of the time, the action whose
        immediate result `evaluate()` likes best for the side to move (a one-step lookahead)."""
        role = state.current_player()
        legal = state.legal_actions()
        if role < 0 or len(legal) < 2 or rng.random() < 0.3:
            return None
        best = max(legal, key=lambda action: (state.child(action).evaluate()[role], rng.random()))
        return int(best)

    def data_provenance(self) -> dict[str, int]:
        """The components' sources and the Nitayno's (§5), counted together."""
        counts = BOARD.provenance()
        for kind, n in NITAYNO.provenance().items():
            counts[kind] = counts.get(kind, 0) + n
        return counts

    def terminal_renderer(self) -> Callable[[dict[str, Any], str], Any]:
        from ludoteca.games.mar_y_acero.terminal import render

        return render


GAME = register(MarYAcero())
