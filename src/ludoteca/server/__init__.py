"""The web platform (DESIGN §9): lobby, drawn boards, live play over WebSockets, storage that survives
restarts. `create_app` builds the ASGI app; `ludoteca serve` runs it."""

from ludoteca.server.app import create_app

__all__ = ["create_app"]
