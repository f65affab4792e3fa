// Turn notices in the lobby's "Your key" panel (issue 58): an e-mail address (confirmed by a link sent to
// it), the daily digest, and a webhook URL. Shown to the key's holder only: the key asks for them.
import { api, h } from "/static/dom.js";
import { lang, t } from "/static/i18n.js";
import { keyHeader } from "/static/tokens.js";

async function change(box, request) {
  try {
    await request();
    await fill(box);
  } catch (error) {
    box.querySelector(".error").textContent = error.message;
  }
}

function emailPart(box, shown) {
  if (!shown.mail) return h("p", { class: "small", id: "notice-no-mail" }, t("notice_no_mail"));
  const address = h("input", { id: "notice-email", type: "email", maxlength: 254, value: shown.email || "", "aria-label": t("notice_email") });
  const form = h("form", { id: "notice-email-form" }, h("label", {}, h("span", {}, t("notice_email")), " ", address), " ",
    h("button", { type: "submit" }, t("notice_email_set")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    change(box, () => api(`/api/players/me/email?lang=${lang}`, { method: "PUT", body: { email: address.value, lang }, headers: keyHeader() }));
  });
  const parts = [form];
  if (shown.email) {
    const state = shown.confirmed ? t("notice_email_on", { email: shown.email }) : t("notice_email_wait", { email: shown.email });
    const stop = h("button", { type: "button", id: "notice-email-stop" }, t("notice_stop"));
    stop.addEventListener("click", () => change(box, () => api("/api/players/me/email", { method: "DELETE", headers: keyHeader() })));
    parts.push(h("p", { id: "notice-email-state", class: "small" }, state, " ", stop));
  }
  if (shown.confirmed) {
    const daily = h("input", { type: "checkbox", id: "notice-digest", checked: shown.digest });
    daily.addEventListener("change", () => change(box, () =>
      api(`/api/players/me/notices?lang=${lang}`, { method: "PATCH", body: { digest: daily.checked }, headers: keyHeader() })));
    parts.push(h("label", { class: "check" }, daily, " ", h("span", {}, t("notice_digest"))));
  }
  return parts;
}

function webhookPart(box, shown) {
  const url = h("input", { id: "notice-webhook", type: "url", maxlength: 500, value: shown.webhook || "", placeholder: "https://…", "aria-label": t("notice_webhook") });
  const form = h("form", { id: "notice-webhook-form" }, h("label", {}, h("span", {}, t("notice_webhook")), " ", url), " ",
    h("button", { type: "submit" }, t("notice_webhook_set")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    change(box, () => url.value
      ? api(`/api/players/me/webhook?lang=${lang}`, { method: "PUT", body: { url: url.value }, headers: keyHeader() })
      : api("/api/players/me/webhook", { method: "DELETE", headers: keyHeader() }));
  });
  return form;
}

async function fill(box) {
  const shown = await api(`/api/players/me/notices?lang=${lang}`, { headers: keyHeader() });
  box.replaceChildren(...[h("h3", {}, t("notice_title")), h("p", { class: "small" }, t("notice_help")),
    emailPart(box, shown), webhookPart(box, shown), h("p", { class: "error", role: "alert" })].flat());
}

/** The panel's notices part; it fills itself in once the key's settings come. */
export function noticesPanel() {
  const box = h("div", { id: "notices", class: "notices" });
  fill(box).catch(() => box.remove());
  return box;
}
