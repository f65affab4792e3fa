"""What every route shares (DESIGN §9): the hall of live tables, the limits on how fast one client may
create games, send messages and step through replays, and the other origins allowed to open a WebSocket.
`create_app` builds one `Services` and keeps it on `app.state`; each route gets it through the `Shared`
dependency, passed in rather than closed over."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends
from starlette.requests import HTTPConnection

from ludoteca.server.errors import ServerError
from ludoteca.server.hall import Hall
from ludoteca.server.limits import RateLimit
from ludoteca.server.table import Table

DEFAULT_CREATIONS = (1 / 6, 10)
"""Games created (or records uploaded) per client: 10 at once, then one every 6 seconds."""
DEFAULT_MESSAGES = (50.0, 100)
"""WebSocket messages (and hints) per client: 100 at once, then 50 a second (no person plays faster)."""
DEFAULT_REPLAYS = (20.0, 200)
"""Replay steps per client: 200 at once, then 20 a second (a person holding the arrow key; a page opened by
each seat of one household). A step is cheap (`Table.view_after`); this bounds a client that loops."""


@dataclass(frozen=True)
class Services:
    """The server's shared state. `origins`: the pages allowed to open a WebSocket besides the server's
    own (`ludoteca serve --origin`)."""

    hall: Hall
    creations: RateLimit
    messages: RateLimit
    replays: RateLimit
    origins: tuple[str, ...]

    async def seat(
        self, game_id: str, token: str | None, key: str | None = None
    ) -> tuple[Table, tuple[int, ...]]:
        """The game's table and the roles `token` holds at it (none: a spectator); a token claims its seat,
        and with a player's `key` the seat is bound to that player (issue 58; a wrong key is refused).
        A record has no seats: a token for one is refused."""
        player = await self.hall.players.who(key) if key is not None else None
        table = await self.hall.table(game_id)
        if table.status == "record" and token:
            raise ServerError(403, "record_no_seats")
        roles = table.roles_of(token)
        await self.hall.players.names(table)
        if token:
            await table.claim(token)
            if player is not None:
                await self.hall.players.bind(player, game_id, token)
        return table, roles


def services_of(connection: HTTPConnection) -> Services:
    """The `Services` of the app a request or WebSocket came to."""
    services: Services = connection.app.state.services
    return services


Shared = Annotated[Services, Depends(services_of)]
"""A route's parameter for the shared state."""
