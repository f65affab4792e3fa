"""One package per game; each registers its `Game` with `ludoteca.core.game.register` at import.

`PLANNED` names the games the README lists that are not playable yet, by id and title, so that the
command line can say "planned: not playable yet" instead of "unknown game". A game that registers
itself simply overrides its entry here: the table never has to be edited when a game becomes playable.
"""

PLANNED: dict[str, str] = {
    "guerra-a-muerte": "Guerra a Muerte",
    "pax-porfiriana": "Pax Porfiriana",
}
