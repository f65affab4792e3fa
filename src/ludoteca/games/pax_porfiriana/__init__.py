"""Pax Porfiriana (Phil and Matt Eklund, Sierra Madre Games; Spanish edition by MasQueOca): hacendados of the
Mexican north and the American borderlands, 1898–1920, scheming to topple Porfirio Díaz, for 2–6 players
or alone against Díaz. Rulebook: `rulebooks/pax-porfiriana.es.txt` (a player aid), completed by
`games/pax-porfiriana.md`.

The rules are not written yet: this package holds only the component data and its loader (`cards.py`),
so it registers no game and `ludoteca list` does not show it.
"""
