// The rules reference: the section a citation links to (#id) is marked.
const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
if (target) target.classList.add("cited");
