// The seats this browser holds: game id → secret token, kept so the lobby can offer "play" again.
const KEY = "ludoteca.tokens";

export function tokens() {
  try {
    return JSON.parse(localStorage.getItem(KEY)) || {};
  } catch {
    return {};
  }
}

export function remember(gameId, token) {
  localStorage.setItem(KEY, JSON.stringify({ ...tokens(), [gameId]: token }));
}
