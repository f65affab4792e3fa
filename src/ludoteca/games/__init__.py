"""One package per game; each registers its `Game` with `ludoteca.core.game.register` at import
(`games/README.md` says how a game package is written)."""
