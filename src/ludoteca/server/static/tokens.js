// The seats this browser holds: game id → secret token, kept so the lobby can offer "play" again.
// A token never travels in a URL the server sees: links carry it after "#" (the fragment stays in the
// browser), and requests in the X-Ludoteca-Token header or the WebSocket's first message.
const KEY = "ludoteca.tokens";

/** The token of this page's link (`#token=…`), remembered for the lobby; null for a spectator. */
export function pageToken(gameId) {
  const token = new URLSearchParams(location.hash.slice(1)).get("token");
  if (token) remember(gameId, token);
  return token;
}

/** The headers that carry a seat's token on a request. */
export function auth(token) {
  return token ? { "X-Ludoteca-Token": token } : {};
}

/** A page's address with a seat's token in its fragment. */
export function seatLink(path, token) {
  return token ? `${path}#token=${encodeURIComponent(token)}` : path;
}

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

// A player's key (issue 58): kept in this browser once got or opened from its link (`/#key=…`); sent in
// the X-Ludoteca-Key header and the WebSocket's first message, never in a URL the server sees.
const PLAYER = "ludoteca.key";

/** The key this browser holds, taking it from the page's link first (and clearing it from the address bar). */
export function playerKey() {
  const given = new URLSearchParams(location.hash.slice(1)).get("key");
  if (given) {
    setPlayerKey(given);
    history.replaceState(null, "", location.pathname + location.search);
  }
  return localStorage.getItem(PLAYER);
}

export function setPlayerKey(key) {
  if (key) localStorage.setItem(PLAYER, key);
  else localStorage.removeItem(PLAYER);
}

/** The headers that carry the player's key, if this browser holds one. */
export function keyHeader() {
  const key = localStorage.getItem(PLAYER);
  return key ? { "X-Ludoteca-Key": key } : {};
}
