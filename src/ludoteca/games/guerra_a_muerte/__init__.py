"""Guerra a Muerte (Against the Odds #23): the Spanish-American wars of independence, 1810–1824.

Only the component data is here so far (`board.py`, `data/`); the game's rules are not written yet, so
the package registers no `Game` and the game is not playable.
"""
