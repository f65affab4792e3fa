"""The Patria Libre action space and its notation (DESIGN §4): one decision per action.

Verbs (one decision each):

- ``order <face>``, ``card <id>``, ``recover``, ``reorganize``: the turn's action A, B, C or D (§En mi turno);
- ``sell <id>``, ``eliminate <id>``, ``ransom <id>``: a card for a coin, a prisoner put to death or
  offered back;
- ``at <province>``, ``token <n>``, ``face <face>``: where an order goes, which token carries a card,
  a token's face;
- ``slot <n>``, ``pay coins|match``: the market card bought and how it is paid (§Comprar carta);
- ``pop <column>``: the popularity column that moves one level;
- ``target <role>``, ``move troop|leader|both``, ``size <n>``, ``merge``, ``swap``, ``stay``: attacks
  and marches;
- ``supply coin|<column>``, ``abandon <province>``, ``discard <id>``: supply at an S/PV card, the sixth
  card;
- ``price <n>``, ``accept``, ``refuse``, ``done``: prisoner offers, ending a multi-step choice;
- ``effect <n>``: which of a card's effects is carried out next (cards.py);
- ``favour insurgent|royalist``: the side given the larger share of military VP (military.py);
- ``draw <id>``, ``persona <n>``: chance — a card turned up, a personality card revealed.
"""

from __future__ import annotations

from ludoteca.core.game import ActionTable
from ludoteca.games.patria_libre.board import BOARD, COLUMNS, FACES, ROLES

CARDS = list(BOARD.cards)
NAMES = (
    [f"order {f}" for f in FACES]
    + [f"card {c}" for c in CARDS]
    + ["recover", "reorganize"]
    + [f"sell {c}" for c in CARDS]
    + [f"eliminate {c}" for c in CARDS]
    + [f"ransom {c}" for c in CARDS]
    + [f"at {p}" for p in BOARD.ids]
    + [f"token {n}" for n in range(1, 5)]
    + [f"face {f}" for f in FACES]
    + [f"slot {n}" for n in range(1, 5)]
    + ["pay coins", "pay match"]
    + [f"pop {c}" for c in COLUMNS]
    + [f"target {r}" for r in ROLES]
    + ["move troop", "move leader", "move both"]
    + [f"size {n}" for n in range(1, 4)]
    + ["merge", "swap", "stay"]
    + ["supply coin", *(f"supply {c}" for c in COLUMNS)]
    + [f"abandon {p}" for p in BOARD.ids]
    + [f"discard {c}" for c in CARDS]
    + [f"price {n}" for n in range(4)]
    + ["accept", "refuse", "done"]
    + [f"effect {n}" for n in range(1, 4)]
    + ["favour insurgent", "favour royalist"]
    + [f"draw {c}" for c in CARDS]
    + [f"persona {n}" for n in range(1, len(BOARD.personalities) + 1)]
)
ACTIONS = ActionTable(tuple(NAMES))
ID = ACTIONS.ids


def act(notation: str) -> int:
    return ID[notation]


verb, target = ACTIONS.verb, ACTIONS.target  # the core's ActionTable words (issue 21)
