/* global document, window */
// Fills the snippets with this site's public address: the origin the visitor's browser used to
// reach this page, which behind a reverse proxy is the public one (PUBLIC_ORIGIN), never a
// placeholder to edit by hand.
for (const element of document.querySelectorAll('[data-site-origin]')) {
  element.textContent = window.location.origin;
}
