"""The Pax Porfiriana action space and its notation (DESIGN §4): one decision per action.

The turn's actions (§I. FASE DE ACCIÓN), each one decision:

- ``play <card>``: play a card from the hand (§JUGAR CARTA); ``buy <card>``: buy a market card or a Topple
  (§COMPRAR CARTA); ``public <card>``: buy a public card; ``sell <card>``: sell from the hand or from play
  (§VENDER CARTA); ``redeploy <troop>`` (§REDESPLEGAR TROPA); ``land <enterprise>`` (§COMPRAR TERRENOS);
  ``upgrade <enterprise>`` (§MEJORAR CONEXIÓN); ``police <enterprise>`` and ``bail`` (§POLICÍA: unrest, or
  out of jail); ``speculate <card>`` (§ESPECULAR); ``end``: no more actions this turn.

The choices inside an action or a phase:

- ``on <card>``: the enterprise, Hacendado or card an action aims at; ``victim <role>``: the player a black
  card is played against; ``side 1|2``: a newspaper's or a Hacendado's orientation; ``event``,
  ``status-quo``: a headline's orientation; ``face front|back``: a public card's face;
  ``faction <f>``: the side chosen in a strife; ``retreat``, ``activate``: a troop's choice;
  ``discard <card>``: a card given up; ``from <card>``: the speculation cube moved;
  ``income|connection|prestige <card>``: the cube of that kind moved by a Speculate action with an empty
  reserve (``speculate reserve``: back to the reserve); ``assassinate <hacendado>``: during a Topple;
  ``pass``: nothing (more) of this kind.

Chance: ``first <n>`` (the starting player), ``deal <hacendado>``, ``draw <card>`` (one card from the
top of the deck: a market card or a Topple), ``roll <2..12>`` (Díaz's 2d6, Part L).
"""

from __future__ import annotations

from ludoteca.core.game import ActionTable
from ludoteca.games.pax_porfiriana.board import CARDS, FACTIONS, HACENDADOS, PUBLIC_CARDS, TOPPLES

ROLES = tuple(f"jugador-{n}" for n in range(1, 7))
MARKET = list(CARDS)
DRAWN = [*CARDS, *TOPPLES]
TARGETS = [*CARDS, *HACENDADOS]
NAMES = (
    [f"play {c}" for c in MARKET]
    + [f"buy {c}" for c in DRAWN]
    + [f"public {c}" for c in PUBLIC_CARDS]
    + [f"sell {c}" for c in MARKET]
    + [f"redeploy {c}" for c in MARKET]
    + [f"land {c}" for c in MARKET]
    + [f"upgrade {c}" for c in MARKET]
    + [f"police {c}" for c in MARKET]
    + ["bail"]
    + [f"speculate {c}" for c in [*DRAWN, "reserve"]]
    + ["end"]
    + [f"on {c}" for c in TARGETS]
    + [f"victim {r}" for r in ROLES]
    + ["side 1", "side 2", "event", "status-quo", "face front", "face back"]
    + [f"faction {faction}" for faction in FACTIONS]
    + ["retreat", "activate"]
    + [f"discard {c}" for c in [*MARKET, *PUBLIC_CARDS]]
    + [f"from {c}" for c in DRAWN]
    + [f"income {c}" for c in TARGETS]
    + [f"connection {c}" for c in MARKET]
    + [f"prestige {c}" for c in MARKET]
    + [f"assassinate {h}" for h in HACENDADOS]
    + ["pass"]
    + [f"first {n}" for n in range(1, 7)]
    + [f"deal {h}" for h in HACENDADOS]
    + [f"draw {c}" for c in DRAWN]
    + [f"roll {n}" for n in range(2, 13)]
)
ACTIONS = ActionTable(tuple(NAMES))
ID = ACTIONS.ids


def act(notation: str) -> int:
    """The action id of a notation."""
    return ID[notation]


verb, target = ACTIONS.verb, ACTIONS.target  # the core's ActionTable words (issue 21)
VERBS = tuple(ACTIONS.verb(action) for action in range(len(NAMES)))
"""Each action's verb, looked up once: the action menu asks for it on every action of every turn."""
