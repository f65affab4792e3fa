"""Load run of the web platform on loopback: N WebSocket clients in N/2 games, each client acting as
soon as it may (or after thinking, `--think`), measuring each action's round trip (sent → the client's view
shows the move done).

    .venv/bin/python tests/load/load_run.py [--games 50] [--seconds 30] [--game G] [--think SECONDS]
        [--attack] [--json] [--postgresql [--workers N]]

A real server process is started on a free port with a fresh SQLite file, or with `--postgresql` a new
database on a throwaway PostgreSQL server (tests/pgserver.py; fsync off) served by `--workers N`
processes (every action committed before it is broadcast, as always). In a two-seat game both clients
are players; in a solo game the second client of each game is a spectator (it is sent every move but may
never act). A finished game is replaced by a new one at the same table. Prints the percentiles of the
round trip, the actions/s and the CPU per action, all measured in a window of `--seconds` that opens once
every client has joined its first game (hundreds of clients connecting in the same second are not what a
server sees while its games go on).

Unpaced (`--think 0`, the default) the clients form a closed loop with no pause: each acts the moment its
view offers a move, so the server is always saturated, the actions/s is its saturation throughput, and by
Little's law the round trip is about (clients acting at once) ÷ (actions/s): a queue, not what a person
waits. Paced (`--think T`), each client thinks a random time of mean T seconds (exponential, seeded) after
its view offers a move and before it acts; the offered load is then at most one action per game every T
seconds (one seat of a game is to act at a time), and the round trip is what a player at a busy server
waits. The round trip never includes the thinking: it runs from sending the action to the view showing it.

Each client speaks from its own loopback address (127.0.T.C), as the people of a real server do, so that
the per-client limits apply to each (SECURITY.md). With `--attack`, an attacker on its own address sends
bad requests all the while (malformed actions, seeds out of range, deeply nested records, binary and
oversized WebSocket messages, an AI spec far above the ceiling), and a few games have an AI seat at the
ceiling: the run then reports the attacker's requests refused, and whether every AI seat kept moving.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
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
from pgserver import PostgresServer
from serverproc import ServerProcess


class Tally:
    def __init__(self) -> None:
        self.round_trips: list[float] = []
        self.games_finished = 0
        self.refused = 0
        self.refusals: dict[str, int] = {}
        self.attacks = 0
        self.attacks_refused = 0
        self.ai_games: list[str] = []
        self.thinks: list[float] = []
        self.joined = 0
        """Connections that have been sent their first view (a client joins again for each new game)."""
        self.stop = float("inf")
        """When the clients stop (time.monotonic): `seconds` after the measurement window opens."""
        self.window: float | None = None
        """When the measurement window opened (time.perf_counter): round trips of actions sent before are
        not counted."""


def address(table: int, client: int) -> str:
    """The loopback address a client speaks from: one of its own for each client of each table."""
    return f"127.{1 + client}.{table // 250}.{1 + table % 250}"


async def new_game(client: httpx.AsyncClient, game_id: str) -> tuple[str, list[str | None]]:
    """A game whose seats are all people; the tokens of its two clients (None: a spectator)."""
    roles = get_game(game_id).roles
    body = {"game": game_id, "seats": [{"kind": "human"}] * len(roles)}
    made = (await client.post("/api/games", json=body)).json()
    tokens: list[str | None] = [made["invitations"][r] for r in roles][:2]
    return made["id"], tokens + [None] * (2 - len(tokens))


async def player(
    base: str, game: str, token: str | None, seed: int, tally: Tally, source: str, think: float
) -> None:
    """One client: connect, and whenever its view offers actions, think (a time drawn from an exponential
    distribution of mean `think` seconds, seeded; none when `think` is 0), send one and time the round trip
    from sending to its view showing the move done. While it thinks it keeps reading what it is sent, and
    acts on the latest view."""
    rng = random.Random(seed)
    async with websockets.connect(
        f"{base.replace('http', 'ws')}/ws/{game}?lang=es",
        max_size=None,
        compression=None,
        local_addr=(source, 0),
    ) as ws:
        await ws.send(json.dumps({"type": "join", "token": token}))
        sent_at: float | None = None
        sent_move = -1
        offered: tuple[dict[str, Any], float] | None = None  # the latest message offering a move, and when
        joined = False
        while (now := time.monotonic()) < tally.stop:
            if offered is not None and offered[1] <= now:
                message, offered = offered[0], None
                action = rng.choice(message["view"]["actions"])["id"]
                sent_at, sent_move = time.perf_counter(), message["view"]["move"]
                await ws.send(json.dumps({"type": "act", "action": action, "version": message["version"]}))
                continue
            wake = tally.stop if offered is None else min(tally.stop, offered[1])
            try:
                message = orjson.loads(await asyncio.wait_for(ws.recv(), timeout=max(0.001, wake - now)))
            except TimeoutError:
                continue
            if message["type"] == "chat":  # the table talk sent on joining (issue 58): not a view
                continue
            if message["type"] == "error":
                tally.refused += 1
                reason = message["message"].split(":")[0].split("(")[0].strip()
                tally.refusals[reason] = tally.refusals.get(reason, 0) + 1
                sent_at = None
                continue
            tally.joined += not joined
            joined = True
            view = message["view"]
            if sent_at is not None and view["move"] > sent_move:
                if tally.window is not None and sent_at >= tally.window and time.monotonic() < tally.stop:
                    tally.round_trips.append(time.perf_counter() - sent_at)
                sent_at = None
            if view["terminal"]:
                return
            if view["actions"] and sent_at is None:
                if offered is None:  # a new offer: think about it
                    pause = thinking(rng, think)
                    tally.thinks.append(pause)
                    offered = (message, time.monotonic() + pause)
                else:  # a fresher view of the same offer: act on it when the thinking is done
                    offered = (message, offered[1])
            else:
                offered = None


def thinking(rng: random.Random, mean: float) -> float:
    """A think time: exponential with mean `mean` seconds (0: none), as people's waits between moves are
    commonly modelled (memoryless: a client is as likely to act in the next second whenever it started)."""
    return rng.expovariate(1 / mean) if mean > 0 else 0.0


def http_client(base: str, source: str) -> httpx.AsyncClient:
    # No kept-alive connections: a table may wait longer than the server keeps an idle one open.
    transport = httpx.AsyncHTTPTransport(
        local_address=source, limits=httpx.Limits(max_keepalive_connections=0)
    )
    return httpx.AsyncClient(base_url=base, timeout=60, transport=transport)


async def table(base: str, game_id: str, index: int, tally: Tally, think: float) -> None:
    """One table: games played one after another by its two clients until time is up."""
    sources = [address(index, 0), address(index, 1)]
    async with http_client(base, sources[0]) as client:
        round_ = 0
        while time.monotonic() < tally.stop:
            game, tokens = await new_game(client, game_id)
            await asyncio.gather(
                *(
                    player(base, game, t, index * 7 + i + round_, tally, sources[i], think)
                    for i, t in enumerate(tokens)
                )
            )
            tally.games_finished += time.monotonic() < tally.stop
            round_ += 1


NESTED = "[" * 100_000 + "]" * 100_000


async def attacker(base: str, game_id: str, tally: Tally) -> None:
    """Bad requests from one address all the while; every one should be refused, none should cost
    anybody else a move. Two games with an AI seat at the server's ceiling are created first."""
    source = "127.9.9.9"
    seats = [{"kind": "ai", "spec": "ismcts:level=hard"}] * len(get_game(game_id).roles)
    async with http_client(base, source) as client:
        for _ in range(2):
            made = await client.post("/api/games", json={"game": game_id, "seats": seats})
            tally.ai_games.append(made.json()["id"])
        bad_http = [
            ("POST", "/api/games", {"json": {"game": game_id, "seats": seats, "seed": 2**63}}),
            (
                "POST",
                "/api/games",
                {
                    "json": {
                        "game": game_id,
                        "seats": [{"kind": "ai", "spec": "ismcts:iters=1000000000:time=100000"}] * len(seats),
                    }
                },
            ),
            ("POST", "/api/records", {"content": NESTED}),
            ("POST", f"/api/games/{tally.ai_games[0]}/act", {"json": {"token": "forged", "action": 120.0}}),
            ("GET", f"/api/games/{tally.ai_games[0]}/record", {"headers": {"X-Ludoteca-Token": "forged"}}),
        ]
        while time.monotonic() < tally.stop:
            for method, path, kw in bad_http:
                response = await client.request(method, path, **kw)
                tally.attacks += 1
                tally.attacks_refused += 400 <= response.status_code < 500
            async with websockets.connect(
                f"{base.replace('http', 'ws')}/ws/{tally.ai_games[0]}?lang=es",
                local_addr=(source, 0),
                max_size=None,
            ) as ws:
                await ws.send(json.dumps({"type": "join", "token": None}))
                for bad in (b"\x00binary", "x" * 20_000, NESTED, json.dumps({"type": "act", "action": True})):
                    await ws.send(bad)
                    tally.attacks += 1
                with contextlib.suppress(TimeoutError, websockets.ConnectionClosed):
                    while True:
                        reply = orjson.loads(await asyncio.wait_for(ws.recv(), timeout=1))
                        tally.attacks_refused += reply["type"] == "error"
            await asyncio.sleep(0.2)


async def ai_moves(client: httpx.AsyncClient, games: list[str]) -> list[int]:
    """How far each game has gone (a finished game counts as moving on for ever)."""
    views = [(await client.get(f"/api/games/{g}")).json()["view"] for g in games]
    return [10**9 if v["terminal"] else v["move"] for v in views]


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) a process and its children (the workers of `serve --workers`, the AI
    workers) have used so far, from /proc (Linux)."""
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            fields = stat.read_text().rpartition(")")[2].split()
            if stat.parent.name == str(pid) or fields[1] == str(pid):
                total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


RAMP_MAX = 120.0
"""Seconds the clients are given to join before the measurement window opens anyway."""


async def window(tally: Tally, clients: int, seconds: float) -> float:
    """Open the measurement window once `clients` connections have joined (or after `RAMP_MAX` seconds):
    hundreds of clients connecting at once are not what a server sees while its games go on, and with
    paced clients that rush would be most of a short run. Returns how long joining took."""
    began = time.monotonic()
    while tally.joined < clients and time.monotonic() - began < RAMP_MAX:
        await asyncio.sleep(0.05)
    tally.window = time.perf_counter()
    tally.stop = time.monotonic() + seconds
    return time.monotonic() - began


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def run(
    base: str,
    game_id: str,
    games: int,
    seconds: float,
    server_pid: int,
    attack: bool,
    think: float = 0.0,
    database_pid: int | None = None,
) -> dict[str, Any]:
    """The load run against a server already started (`server_pid`: it and its workers; `database_pid`:
    PostgreSQL's postmaster, whose backends are its children, or None). What is measured — round trips,
    actions/s, CPU — is measured in a window of `seconds` that opens once every client has joined its
    first game (`window`)."""
    tally = Tally()
    began = time.monotonic()
    tally.stop = began + RAMP_MAX + seconds
    opening = asyncio.create_task(window(tally, games * 2, seconds))
    attacks = [attacker(base, game_id, tally)] if attack else []
    load = asyncio.gather(*(table(base, game_id, i, tally, think) for i in range(games)), *attacks)

    def cpu() -> tuple[float, float, float]:
        """CPU seconds so far: the server's, the clients' (this process), PostgreSQL's."""
        return (
            cpu_seconds(server_pid),
            time.process_time(),
            cpu_seconds(database_pid) if database_pid else 0.0,
        )

    ramp = await opening
    opened, at_opening = time.monotonic(), cpu()
    await asyncio.sleep(max(0.0, tally.stop - time.monotonic()))
    elapsed, at_closing = time.monotonic() - opened, cpu()
    await load  # a client still waiting on a request ends after the window, its wait uncounted
    server_cpu, client_cpu, database_cpu = (
        end - start for end, start in zip(at_closing, at_opening, strict=True)
    )
    ai: dict[str, Any] = {}
    if attack:
        async with http_client(base, "127.9.9.8") as client:
            first = await ai_moves(client, tally.ai_games)
            await asyncio.sleep(5)
            later = await ai_moves(client, tally.ai_games)
            ai = {"ai_moves": later, "ai_all_moving": all(b > a for a, b in zip(first, later, strict=True))}
    ms = [t * 1000 for t in tally.round_trips]
    return {
        "game": game_id,
        "games_at_once": games,
        "clients": games * 2,
        "seconds": round(elapsed, 1),
        "ramp_seconds": round(ramp, 1),
        "started_seconds": round(opened - began, 1),
        "actions": len(ms),
        "actions_per_second": round(len(ms) / elapsed, 1),
        "think_seconds": think,
        "thinks_mean_seconds": round(statistics.fmean(tally.thinks), 3) if tally.thinks else 0.0,
        "offered_per_second": round(games / think, 1) if think else None,
        "games_finished": tally.games_finished,
        "refused": tally.refused,
        "refusals": tally.refusals,
        "attacks": tally.attacks,
        "attacks_refused": tally.attacks_refused,
        **ai,
        "server_cpu_ms_per_action": round(server_cpu * 1000 / max(1, len(ms)), 2),
        "clients_cpu_ms_per_action": round(client_cpu * 1000 / max(1, len(ms)), 2),
        "database_cpu_ms_per_action": round(database_cpu * 1000 / max(1, len(ms)), 2),
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
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="each client's mean think time before it acts (exponential, seeded); 0: at once",
    )
    parser.add_argument("--attack", action="store_true", help="an attacker sends bad requests meanwhile")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--postgresql", action="store_true", help="a throwaway PostgreSQL server (fsync off), not SQLite"
    )
    parser.add_argument("--workers", type=int, default=1, help="`serve --workers` (needs --postgresql)")
    args = parser.parse_args()
    if args.think < 0:
        parser.error("--think must be 0 or more seconds")
    with tempfile.TemporaryDirectory() as folder, contextlib.ExitStack() as stack:
        db: Path | str = Path(folder) / "load.db"
        database_pid = None
        if args.postgresql:
            postgres = PostgresServer().start()
            stack.callback(postgres.stop)
            db = postgres.database()
            database_pid = int((postgres.data / "postmaster.pid").read_text().split()[0])
        server = ServerProcess(db, extra=("--workers", str(args.workers))).start()
        try:
            assert server.process is not None
            report = asyncio.run(
                run(
                    server.base,
                    args.game,
                    args.games,
                    args.seconds,
                    server.process.pid,
                    args.attack,
                    args.think,
                    database_pid,
                )
            )
        finally:
            server.stop()
        report.update(database="postgresql" if args.postgresql else "sqlite", workers=args.workers)
    if args.json:
        print(json.dumps(report))
        return
    rt = report["round_trip_ms"]
    print(
        f"{report['database']}, {report['workers']} worker(s), "
        f"{report['game']}: {report['clients']} clients in {report['games_at_once']} games, "
        f"{report['seconds']} s (after {report['ramp_seconds']} s joining): {report['actions']} actions "
        f"({report['actions_per_second']}/s), "
        f"{report['games_finished']} games finished, {report['refused']} refused"
        + (f" {report['refusals']}" if report["refusals"] else "")
    )
    if args.think:
        print(
            f"paced: think {args.think} s on average (drawn: {report['thinks_mean_seconds']} s); offered "
            f"load at most {report['offered_per_second']} actions/s (one seat of each game acts at a time)"
        )
    print(
        f"CPU per action: server {report['server_cpu_ms_per_action']} ms, "
        f"the clients {report['clients_cpu_ms_per_action']} ms"
        + (f", PostgreSQL {report['database_cpu_ms_per_action']} ms" if args.postgresql else "")
    )
    print(
        f"round trip ms: p50 {rt['p50']}  p90 {rt['p90']}  p99 {rt['p99']}  "
        f"max {rt['max']}  mean {rt['mean']}"
    )
    if args.attack:
        print(
            f"attacker: {report['attacks']} bad requests, {report['attacks_refused']} refusals answered; "
            f"AI games at the ceiling at moves {report['ai_moves']}, all moving: {report['ai_all_moving']}"
        )


if __name__ == "__main__":
    main()
