"""Patria Libre (Saúl Sánchez, Malinche Games): insurgents against royalists in New Spain, 1810–1821, for
2 or 4 players, 3 with Iturbide's military faction, or alone against the personality deck.
Rulebook: `rulebooks/patria-libre.es.txt`."""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from ludoteca.core.errors import BadOptionError
from ludoteca.core.game import Game, OptionSpec, register
from ludoteca.core.i18n import Catalog
from ludoteca.core.state import State
from ludoteca.games.patria_libre import rules
from ludoteca.games.patria_libre.actions import ACTIONS
from ludoteca.games.patria_libre.board import BOARD, ROLES
from ludoteca.games.patria_libre.state import PatriaState

HERE = Path(__file__).parent


class PatriaLibre(Game):
    """The game contract for Patria Libre: five leaders as roles, those not in play never act."""

    id = "patria-libre"
    title = "Patria Libre"
    roles = ROLES
    player_counts = (1, 2, 3, 4)
    rulebook = "rulebooks/patria-libre.es.txt"
    actions = ACTIONS
    catalog = Catalog(HERE / "messages", HERE / "messages" / "cards")
    max_moves = 20_000
    terminal_view: ClassVar[str] = "ludoteca.games.patria_libre.terminal"
    agents: ClassVar[dict[str, Any]] = {}
    solo_opponents: ClassVar[dict[str, str]] = {  # §Modo solitario: the personality deck
        name: "players=2 solo=insurgentes|realistas" for name in ("personality", "deck", "personalidad")
    }
    options = (
        OptionSpec("players", "2", ("2", "3", "4"), "option.players"),
        OptionSpec("insurgent", "hidalgo", ("hidalgo", "morelos"), "option.insurgent"),
        OptionSpec("royalist", "calleja", ("calleja", "venegas"), "option.royalist"),
        OptionSpec("solo", "off", ("off", "insurgentes", "realistas"), "option.solo"),
        OptionSpec("military-split", "even", ("even", "printed"), "option.military_split"),
    )

    def normalize_options(self, options: Mapping[str, str] | None = None) -> dict[str, str]:
        """As the core does; the personality deck plays one side of a two-player game (§Modo solitario)."""
        result = super().normalize_options(options)
        if result["solo"] != "off" and result["players"] != "2":
            raise BadOptionError(
                f"{self.id}: solo={result['solo']} needs players=2, not players={result['players']}",
                "error.solo_players",
                solo=result["solo"],
                players=result["players"],
            )
        return result

    def new_initial_state(self, options: Mapping[str, str] | None = None) -> PatriaState:
        return PatriaState.new(self, self.normalize_options(options))

    def roles_in_play(self, options: Mapping[str, str]) -> tuple[int, ...]:
        """The seats of §Configuración de partida (two, three or four leaders); in solo the personality
        deck decides for its seat as part of the rules, so nobody sits there."""
        d = self.new_initial_state(options).d
        return tuple(self.roles.index(r) for r in d["seats"] if r != d["solo"])

    def guided_action(self, state: State, rng: random.Random) -> int | None:
        """The fuzzer's guide towards long games: prefer orders and cards to recovering."""
        legal = state.legal_actions()
        busy = [a for a in legal if ACTIONS.names[a].split(" ")[0] in ("order", "card", "at", "slot")]
        return rng.choice(busy) if busy and rng.random() < 0.8 else None

    def data_provenance(self) -> dict[str, int]:
        return BOARD.provenance()

    def rules_reference(self, lang: str) -> str:
        path = HERE / f"rules.{lang}.md"
        return path.read_text("utf-8") if path.exists() else (HERE / "rules.es.md").read_text("utf-8")


rules.PROCS.check()
GAME = register(PatriaLibre())
