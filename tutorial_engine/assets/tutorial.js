/* Remember the locale being read, so site/index.html opens it next time. */
(function () {
  try { localStorage.setItem("tutorial-locale", document.documentElement.lang); } catch (e) {}
})();

/* Material's search writes its counts ("12 matching documents", "3 more on this page") with
 * Western digits: a locale with digits of its own (Persian) gets them in its own. The results'
 * text is left alone: its digits are the pages' own, and card codes keep Western ones. */
(function () {
  var nf;
  try { nf = new Intl.NumberFormat(document.documentElement.lang); } catch (e) { return; }
  if (nf.format(0) === "0" || !window.MutationObserver) return;
  var COUNTS = ".md-search-result__meta, .md-search-result__more > summary";
  var own = function (text) {
    return text.replace(/[0-9]+/g, function (digits) { return nf.format(Number(digits)); });
  };
  var inCount = function (node) {
    var element = node.nodeType === 1 ? node : node.parentNode;
    return !!(element && element.closest && element.closest(COUNTS));
  };
  var fix = function (node) {
    if (node.nodeType === 3) {
      if (!inCount(node)) return;
      var text = own(node.nodeValue);
      if (text !== node.nodeValue) node.nodeValue = text;
    } else if (node.nodeType === 1) {
      var counts = inCount(node) ? [node] : node.querySelectorAll(COUNTS);
      [].forEach.call(counts, function (count) {
        var walker = document.createTreeWalker(count, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) fix(walker.currentNode);
      });
    }
  };
  var watch = function () {
    var results = document.querySelector(".md-search-result");
    if (!results) return;
    new MutationObserver(function (changes) {
      changes.forEach(function (change) {
        if (change.type === "characterData") fix(change.target);
        [].forEach.call(change.addedNodes, fix);
      });
    }).observe(results, { childList: true, subtree: true, characterData: true });
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watch);
  else watch();
})();
