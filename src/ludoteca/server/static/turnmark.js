// "Your turn" in an open but hidden tab (issue 58): when the game comes to this page's seat while the tab
// is hidden, its title is marked "(•) …" and — where the person allowed it, asked only after a click — the
// browser shows a notification. The mark goes when the tab is shown.
import { h } from "/static/dom.js";
import { t } from "/static/i18n.js";

const MARK = "(•) ";
let wasMine = null;

function unmark() {
  if (document.title.startsWith(MARK)) document.title = document.title.slice(MARK.length);
}

/** The button that asks for permission to notify (shown while the browser has not been asked). */
export function setupTurnMark(place) {
  document.addEventListener("visibilitychange", () => { if (!document.hidden) unmark(); });
  if (!("Notification" in window) || Notification.permission !== "default") return;
  const ask = h("button", { type: "button", id: "notify-ask", class: "small" }, t("notice_ask"));
  ask.addEventListener("click", async () => {
    await Notification.requestPermission();
    ask.remove();
  });
  place.append(ask);
}

/** Told every state the page receives: marks the turn's coming to the seat while the tab is hidden. */
export function turnMark(message) {
  const view = message.view;
  const mine = !view.terminal && message.my_roles.includes(view.current_role);
  const came = mine && wasMine === false;
  wasMine = mine;
  if (!came || !document.hidden) return;
  if (!document.title.startsWith(MARK)) document.title = MARK + document.title;
  if ("Notification" in window && Notification.permission === "granted") {
    new Notification(t("notice_turn"), { body: view.prompt || "", tag: message.id });
  }
}
