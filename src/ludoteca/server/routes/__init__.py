"""The server's routes by concern, each an `APIRouter` that `create_app` includes: the pages (`pages`), the
lobby and its games (`lobby`), moves over HTTP (`play`), the live WebSocket (`live`), records and replays
(`records`), and what a game's board draws from (`data`)."""
