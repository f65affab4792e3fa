// Table talk (issue 58): the game's chat beside the log. Lines are plain text (textContent, never HTML);
// a seat writes and mutes the other seats; a spectator reads only where the creator opened the chat.
import { h } from "/static/dom.js";
import { t } from "/static/i18n.js";

const $ = (id) => document.getElementById(id);
const shown = new Set();  // the lines already drawn, by number

/** Draw a chat message from the server: its lines (new ones appended) and the seat's mutes. `seat` is the
 * page's last state message (its seats and roles), `send` sends a message over the WebSocket. */
export function showChat(message, seat, names, send) {
  $("chat-panel").hidden = false;
  const list = $("chat-lines");
  for (const line of message.lines) {
    if (shown.has(line.n)) continue;
    shown.add(line.n);
    const when = new Date(line.at * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    const player = seat?.seats?.find((s) => s.role === line.role)?.player;
    list.append(h("li", { "data-role": line.role }, h("b", {}, player ? `${line.name} (${player})` : line.name), " ", h("small", {}, when), " ", h("span", { class: "chat-text" }, line.text)));
  }
  list.scrollTop = list.scrollHeight;
  for (const role of message.muted) for (const node of list.querySelectorAll(`[data-role="${CSS.escape(role)}"]`)) node.remove();
  const mine = seat?.my_roles ?? [];
  $("chat-form").hidden = !mine.length;
  const others = (seat?.seats ?? []).filter((s) => s.kind === "human" && !mine.includes(s.role)).map((s) => s.role);
  $("chat-mutes").replaceChildren(...(mine.length ? others : []).map((role) => {
    const muted = message.muted.includes(role);
    const button = h("button", { type: "button", class: "mute", "data-mute": role },
      t(muted ? "chat_unmute" : "chat_mute", { role: names[role] || role }));
    button.addEventListener("click", () => send({ type: "mute", role, muted: !muted }));
    return button;
  }));
}

/** The form that says a line. */
export function setupChat(send) {
  $("chat-text").placeholder = t("chat_placeholder");
  $("chat-text").setAttribute("aria-label", t("chat_placeholder"));
  $("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("chat-text").value.trim();
    if (!text) return;
    send({ type: "say", text });
    $("chat-text").value = "";
  });
}
