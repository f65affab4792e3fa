"""Load run of the web platform on loopback: N WebSocket clients in N/2 games, each client acting as
soon as it may, measuring each action's round trip (sent → the client's view shows the move done).

    .venv/bin/python tests/load/load_run.py [--games 50] [--seconds 30] [--game mar-y-acero] [--json]

A real server process is started on a free port with a fresh SQLite file (every action committed
before it is broadcast, as always). In a two-seat game both clients are players; in a solo game the
second client of each game is a spectator (it is sent every move but may never act). A finished game is
replaced by a new one at the same table. Prints the percentiles of the round trip.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx2 as httpx
import orjson
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from ludoteca.core.game import get_game
from serverproc import ServerProcess


class Tally:
    def __init__(self) -> None:
        self.round_trips: list[float] = []
        self.games_finished = 0
        self.refused = 0


async def new_game(client: httpx.AsyncClient, game_id: str, seed: int) -> tuple[str, list[str | None]]:
    """A game whose seats are all people; the tokens of its two clients (None: a spectator)."""
    roles = get_game(game_id).roles
    body = {"game": game_id, "seats": [{"kind": "human"}] * len(roles), "seed": seed}
    made = (await client.post("/api/games", json=body)).json()
    tokens: list[str | None] = [made["invitations"][r] for r in roles][:2]
    return made["id"], tokens + [None] * (2 - len(tokens))


async def player(base: str, game: str, token: str | None, seed: int, tally: Tally, stop: float) -> None:
    """One client: connect, and whenever its view offers actions, send one and time the round trip."""
    rng = random.Random(seed)
    query = f"lang=es&token={token}" if token else "lang=es"
    async with websockets.connect(
        f"{base.replace('http', 'ws')}/ws/{game}?{query}", max_size=None, compression=None
    ) as ws:
        sent_at: float | None = None
        sent_move = -1
        while time.monotonic() < stop:
            try:
                message = orjson.loads(
                    await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop - time.monotonic()))
                )
            except TimeoutError:
                return
            if message["type"] == "error":
                tally.refused += 1
                sent_at = None
                continue
            view = message["view"]
            if sent_at is not None and view["move"] > sent_move:
                tally.round_trips.append(time.perf_counter() - sent_at)
                sent_at = None
            if view["terminal"]:
                return
            if view["actions"] and sent_at is None:
                action = rng.choice(view["actions"])["id"]
                sent_at, sent_move = time.perf_counter(), view["move"]
                await ws.send(json.dumps({"type": "act", "action": action, "move": view["move"]}))


async def table(base: str, game_id: str, index: int, tally: Tally, stop: float) -> None:
    """One table: games played one after another by its two clients until time is up."""
    # No kept-alive connections: a table may wait longer than the server keeps an idle one open.
    no_reuse = httpx.Limits(max_keepalive_connections=0)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=no_reuse) as client:
        round_ = 0
        while time.monotonic() < stop:
            game, tokens = await new_game(client, game_id, seed=index * 1000 + round_)
            await asyncio.gather(
                *(player(base, game, t, index * 7 + i, tally, stop) for i, t in enumerate(tokens))
            )
            tally.games_finished += time.monotonic() < stop
            round_ += 1


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) a process has used so far, from /proc (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def run(base: str, game_id: str, games: int, seconds: float, server_pid: int) -> dict[str, Any]:
    tally = Tally()
    server_cpu, client_cpu = cpu_seconds(server_pid), time.process_time()
    start = time.monotonic()
    stop = start + seconds
    await asyncio.gather(*(table(base, game_id, i, tally, stop) for i in range(games)))
    elapsed = time.monotonic() - start
    server_cpu, client_cpu = cpu_seconds(server_pid) - server_cpu, time.process_time() - client_cpu
    ms = [t * 1000 for t in tally.round_trips]
    return {
        "game": game_id,
        "games_at_once": games,
        "clients": games * 2,
        "seconds": round(elapsed, 1),
        "actions": len(ms),
        "actions_per_second": round(len(ms) / elapsed, 1),
        "games_finished": tally.games_finished,
        "refused": tally.refused,
        "server_cpu_ms_per_action": round(server_cpu * 1000 / max(1, len(ms)), 2),
        "clients_cpu_ms_per_action": round(client_cpu * 1000 / max(1, len(ms)), 2),
        "round_trip_ms": {
            "p50": round(percentile(ms, 0.50), 2),
            "p90": round(percentile(ms, 0.90), 2),
            "p99": round(percentile(ms, 0.99), 2),
            "max": round(max(ms), 2),
            "mean": round(statistics.fmean(ms), 2),
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50, help="games at once (two clients each)")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--game", default="mar-y-acero")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        server = ServerProcess(Path(folder) / "load.db").start()
        try:
            assert server.process is not None
            report = asyncio.run(run(server.base, args.game, args.games, args.seconds, server.process.pid))
        finally:
            server.stop()
    if args.json:
        print(json.dumps(report))
        return
    rt = report["round_trip_ms"]
    print(
        f"{report['game']}: {report['clients']} clients in {report['games_at_once']} games, "
        f"{report['seconds']} s: {report['actions']} actions ({report['actions_per_second']}/s), "
        f"{report['games_finished']} games finished, {report['refused']} refused"
    )
    print(
        f"CPU per action: server {report['server_cpu_ms_per_action']} ms, "
        f"the clients {report['clients_cpu_ms_per_action']} ms"
    )
    print(
        f"round trip ms: p50 {rt['p50']}  p90 {rt['p90']}  p99 {rt['p99']}  "
        f"max {rt['max']}  mean {rt['mean']}"
    )


if __name__ == "__main__":
    main()
