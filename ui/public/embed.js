/* global document, window */
/*
 * Crime Clock embed helper (written for this site; no third-party code). Placed beside a clock's
 * iframe, it sizes the iframe to the clock's content: each clock posts its height to the page
 * around it, and this script takes those messages only from the site that served it, and only for
 * iframes that show one of its clocks.
 *   <iframe src="https://…/embed/crime-clock" title="…" style="width: 100%; border: 0"></iframe>
 *   <script src="https://…/embed.js" async></script>
 */
(function () {
  'use strict';
  var HEIGHT_MESSAGE = 'crime-clock:embed-height';
  var MEASURE_MESSAGE = 'crime-clock:embed-measure';
  var MIN_HEIGHT = 100;
  var MAX_HEIGHT = 2000;

  var script = document.currentScript;
  if (!script || !script.src) return;
  var origin = new URL(script.src, window.location.href).origin;
  // One listener per site, however many times the script is placed on the page.
  var key = '__crimeClockEmbed:' + origin;
  if (window[key]) return;
  window[key] = true;

  function isOurClock(frame) {
    try {
      var url = new URL(frame.src, window.location.href);
      return url.origin === origin && url.pathname.indexOf('/embed/') === 0;
    } catch {
      return false;
    }
  }

  function ourClocks() {
    var frames = document.getElementsByTagName('iframe');
    var clocks = [];
    for (var i = 0; i < frames.length; i++) if (isOurClock(frames[i])) clocks.push(frames[i]);
    return clocks;
  }

  window.addEventListener('message', function (event) {
    if (event.origin !== origin) return;
    var data = event.data;
    if (!data || data.type !== HEIGHT_MESSAGE || typeof data.height !== 'number' || !isFinite(data.height))
      return;
    var clocks = ourClocks();
    for (var i = 0; i < clocks.length; i++) {
      if (clocks[i].contentWindow === event.source) {
        var height = Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(data.height)));
        clocks[i].style.height = height + 'px';
        clocks[i].setAttribute('data-crime-clock-sized', String(height));
      }
    }
  });

  // A clock that loaded before this script has told its height already: ask again.
  function askAll() {
    var clocks = ourClocks();
    for (var i = 0; i < clocks.length; i++) {
      if (clocks[i].contentWindow) clocks[i].contentWindow.postMessage({ type: MEASURE_MESSAGE }, origin);
      clocks[i].addEventListener('load', askOne);
    }
  }
  function askOne(event) {
    var frame = event.target;
    if (frame.contentWindow) frame.contentWindow.postMessage({ type: MEASURE_MESSAGE }, origin);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', askAll);
  else askAll();
})();
