"""The solo opponent: the personality deck (§Modo solitario, §Turno del jugador con IA).

Every decision of the automated seat reaches the procedure `"persona"` (`PatriaState.bot_for`), which
ends with `state.answer`, as the core's `State.decide` expects. At the start of each of
its turns a personality card is revealed (a chance node); the card ranks the eight order faces, the three
popularity columns and the five regions, and the seat follows it as the rulebook says:

- the preferred face is the leftmost one that can be carried out, cards first ("el uso de las cartas es
  prioritario": a usable card whose effect serves the face is played before an order), the token that
  carries a card being the least preferred face ("de derecha a izquierda");
- if only the last four faces remain, it recovers its orders — and takes another turn at once, its only
  mechanical advantage (setup.py); the other advantage is starting with «clonar orden» face up;
- if all it could still do needs money it lacks, it reorganises, turning every order over;
- popularity gained goes one level at a time from the left column of the card, losses from the right;
- an "Igual que el anterior" card repeats the last active personality;
- where two choices are equally good, another card is drawn: a positive tab takes option 1, an X option 2.

Where the rulebook says "apelamos a su sentido común", the choices are documented heuristics: map choices
score provinces by stars, flags, mines, the region the next S/PV card scores, near domination and the
card's region ranking; purchases prefer cards the seat may use; the log says why the seat chose.

State keys: `pers_left` (deck cards not yet drawn, 1-based), `pers_active` (the active personality),
`pers_want` (the face a clone order is for), `pers_face` (the preference a card was played for),
`pers_flip` (a reorganisation that turns every order over).
"""

from __future__ import annotations

from ludoteca.games.patria_libre.personality import procedure
from ludoteca.games.patria_libre.personality.deck import PERSONALITIES, Personality

__all__ = ["PERSONALITIES", "Personality", "procedure"]
