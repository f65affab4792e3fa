// The page that the links of turn-notice e-mails open (issue 58): it posts the code that travels after
// `#` (never in a URL the server sees), to confirm an address or to stop the e-mails.
import { api } from "/static/dom.js";
import { lang, languageLink, t } from "/static/i18n.js";

const $ = (id) => document.getElementById(id);

async function main() {
  document.documentElement.lang = lang;
  $("lang").append(languageLink());
  const hash = new URLSearchParams(location.hash.slice(1));
  const [what, code] = hash.has("confirm") ? ["confirm", hash.get("confirm")] : ["stop", hash.get("stop")];
  history.replaceState(null, "", location.pathname + location.search);  // the code leaves the address bar
  $("notice-title").textContent = t("notice_title");
  try {
    await api(`/api/notices/${what}?lang=${lang}`, { method: "POST", body: { code: code || "" } });
    $("notice-done").textContent = t(what === "confirm" ? "notice_confirmed" : "notice_stopped");
  } catch (error) {
    $("notice-error").textContent = error.message;
  }
}

main();
