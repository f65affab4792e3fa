// The rules reference: the section a citation links to (#id) is marked.
const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
if (target) target.classList.add("cited");
// The link to the other language opens it at the same section.
const other = document.querySelector("header a.lang");
const keep = () => { if (other) other.hash = location.hash; };
keep();
window.addEventListener("hashchange", keep);
