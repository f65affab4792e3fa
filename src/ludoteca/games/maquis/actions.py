"""The Maquis action space and its notation (DESIGN §4): one decision per action, like UCI for chess.

| notation | decision |
|---|---|
| ``place <location>`` | put a worker on a location (§Colocación de resistencia) |
| ``activate <location>`` | activate the worker standing there (§Activar trabajadores) |
| ``do <option>`` | the activated worker takes one choice of its location's action (or a mission's) |
| ``pass`` | the activated worker takes no action |
| ``drop <resource>`` / ``onto <field>`` | choose the airdrop package, then the field (§Airdrop) |
| ``build <tile>`` | choose the spare-room tile to build (§Agregar habitación de repuesto) |
| ``shoot <location>`` | discard a Weapon to remove the Milice there (§Milicia de tiro) |
| ``home`` | end the activation: trace the escape route (§Verificar ruta de escape) |
| ``destroy <bridge>`` | Take Out the Bridges: the bridge blown tonight |
| ``patrol <n>`` / ``mission <id>`` | chance: the patrol card drawn, the mission card dealt |
"""

from __future__ import annotations

from ludoteca.core.game import ActionTable
from ludoteca.games.maquis.board import BOARD

MISSION_OPTIONS = ("mission", "graffiti", "parade", "visit", "dark-lady", "blow-bridge")
"""Choices that mission cards add to locations (see missions.py)."""

ACTIONS = ActionTable(
    tuple(
        [f"place {loc}" for loc in BOARD.placeable]
        + [f"activate {loc}" for loc in BOARD.placeable]
        + [f"do {opt}" for opt in (*BOARD.option_ids, *MISSION_OPTIONS)]
        + ["pass", "home"]
        + [f"drop {kind}" for kind in ("weapon", "money", "food")]
        + ["onto field_west", "onto field_east"]
        + [f"build {tile}" for tile in BOARD.tiles]
        + [f"shoot {loc}" for loc in BOARD.patrol_locations]
        + [f"destroy {bridge}" for bridge in sorted(BOARD.bridges)]
        + [f"patrol {card}" for card in sorted(BOARD.patrol_cards)]
        + [f"mission {mid}" for mid in BOARD.missions]
    )
)

PLACE = {loc: ACTIONS.ids[f"place {loc}"] for loc in BOARD.placeable}
ACTIVATE = {loc: ACTIONS.ids[f"activate {loc}"] for loc in BOARD.placeable}
DO = {opt: ACTIONS.ids[f"do {opt}"] for opt in (*BOARD.option_ids, *MISSION_OPTIONS)}
PASS = ACTIONS.ids["pass"]
HOME = ACTIONS.ids["home"]
DROP = {kind: ACTIONS.ids[f"drop {kind}"] for kind in ("weapon", "money", "food")}
ONTO = {field: ACTIONS.ids[f"onto {field}"] for field in ("field_west", "field_east")}
BUILD = {tile: ACTIONS.ids[f"build {tile}"] for tile in BOARD.tiles}
SHOOT = {loc: ACTIONS.ids[f"shoot {loc}"] for loc in BOARD.patrol_locations}
DESTROY = {bridge: ACTIONS.ids[f"destroy {bridge}"] for bridge in BOARD.bridges}
PATROL = {card: ACTIONS.ids[f"patrol {card}"] for card in BOARD.patrol_cards}
MISSION = {mid: ACTIONS.ids[f"mission {mid}"] for mid in BOARD.missions}

target = ACTIONS.target  # the core's ActionTable words (issue 21)
