"""One package per game; each registers its `Game` with `ludoteca.core.game.register` at import."""
