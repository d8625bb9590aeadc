/* Remember the locale being read, so site/index.html opens it next time. */
(function () {
  try { localStorage.setItem("tutorial-locale", document.documentElement.lang); } catch (e) {}
})();

/* The navigation drawer: below 76.25em Material slides its primary sidebar, every page of the
 * site, in from the edge, and while it is closed its links were Tab stops nobody sees, 26 of them
 * before a Play page's game. Closed, it is inert (out of the Tab order and of what screen readers
 * read); open, or beside the page on a wide screen, it is not. Material's menu button is a <label>
 * for its checkbox, which the keyboard cannot reach and which may not take a button's role: it
 * becomes a real button with the label's icon, named as the navigation it opens, saying whether
 * it is open (Escape closes the drawer). A focus left inside the drawer as it closes goes to
 * the heading a link of its table of contents led to, else back to the button. */
(function () {
  var toggle = document.getElementById("__drawer");
  var found = document.querySelector(".md-sidebar--primary");
  var label = document.querySelector('.md-header__button[for="__drawer"]');
  if (!(toggle instanceof HTMLInputElement) || !found || !window.matchMedia) return;
  var drawer = toggle, sidebar = found;
  var narrow = window.matchMedia("(max-width: 76.234375em)");  /* Material's own breakpoint */
  var nav = sidebar.querySelector("nav[aria-label]");
  var button = null;
  if (label && label.parentNode) {
    var made = document.createElement("button");
    made.type = "button";
    made.className = label.className + " tc-drawer-button";
    while (label.firstChild) made.appendChild(label.firstChild);
    if (nav) made.setAttribute("aria-label", nav.getAttribute("aria-label") || "");
    made.addEventListener("click", function () { drawer.click(); });
    label.parentNode.replaceChild(made, label);
    button = made;
  }
  var followed = ""; // a link within the page just taken from the drawer (its table of contents)
  sidebar.addEventListener("click", function (event) {
    var link = event.target instanceof Element ? event.target.closest('a[href^="#"]') : null;
    followed = link ? link.getAttribute("href") || "" : "";
  });
  var update = function () {
    var closed = narrow.matches && !drawer.checked;
    if (closed && sidebar.contains(document.activeElement)) {
      // the heading a link led to takes the focus, else the button that opened the drawer
      var target = followed && document.getElementById(decodeURIComponent(followed.slice(1)));
      if (target) {
        if (target.tabIndex < 0 && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
        target.focus();
      } else if (button) button.focus();
    }
    followed = "";
    if (closed) sidebar.setAttribute("inert", "");
    else sidebar.removeAttribute("inert");
    if (button) button.setAttribute("aria-expanded", String(narrow.matches && drawer.checked));
  };
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && narrow.matches && drawer.checked) drawer.click();
  });
  drawer.addEventListener("change", update);
  if (narrow.addEventListener) narrow.addEventListener("change", update);
  else narrow.addListener(update);
  update();
})();

/* Material's search results, shown only while the search is open: closed, their scrolling box
 * was a Tab stop nobody sees, right after the search field. Closed, they are inert. Material
 * closes the search when Tab leaves its field, on the key's way down: the focus then skips them. */
(function () {
  var toggle = document.getElementById("__search");
  var found = document.querySelector(".md-search__output");
  if (!(toggle instanceof HTMLInputElement) || !found) return;
  var search = toggle, output = found;
  var update = function () {
    if (search.checked) output.removeAttribute("inert");
    else output.setAttribute("inert", "");
  };
  search.addEventListener("change", update);
  update();
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

/* A diagram or table that overflows its box (.tc-scroll, .tc-table-wrap): only then is it a Tab
 * stop (to scroll it from the keyboard) and is the hint after it shown and named as its
 * description (aria-describedby); a drill's question (drills.js copies it into its panel) gets the
 * hint from its drill's <template>. Checked again when a region or its content changes size and
 * when drills.js swaps a question in; what it swaps out is no longer observed. */
(function () {
  var REGIONS = ".tc-scroll, .tc-table-wrap";
  if (!window.ResizeObserver || !window.MutationObserver) return;
  var made = 0;
  var hintOf = function (region) {
    var next = region.nextElementSibling;
    if (!next || !next.classList.contains("tc-scroll-hint")) {
      var drill = region.closest(".tc-drill");
      var template = drill && drill.querySelector("template.tc-drill__scroll-hint");
      if (!template || !template.content.firstElementChild) return null;
      next = template.content.firstElementChild.cloneNode(true);
      region.parentNode.insertBefore(next, region.nextSibling);
    }
    if (!next.id) {
      do { made += 1; } while (document.getElementById("tc-scroll-hint-" + made));
      next.id = "tc-scroll-hint-" + made;
    }
    return next;
  };
  var update = function (region) {
    var overflows = region.scrollWidth > region.clientWidth + 1;
    region.classList.toggle("tc-scroll--overflows", overflows);
    var hint = overflows && hintOf(region);
    if (hint) region.setAttribute("aria-describedby", hint.id);
    else region.removeAttribute("aria-describedby");
    if (overflows) region.setAttribute("tabindex", "0");
    // Taking the Tab stop from the focused region would drop the focus to <body>: it goes when
    // the focus leaves, if the region still fits then.
    else if (document.activeElement === region) region.addEventListener("blur", refit);
    else region.removeAttribute("tabindex");
  };
  var refit = function (event) {
    event.currentTarget.removeEventListener("blur", refit);
    update(event.currentTarget);
  };
  var sizes = new ResizeObserver(function (entries) {
    entries.forEach(function (entry) {
      var region = entry.target.closest(REGIONS);
      if (region) update(region);
    });
  });
  var regionsIn = function (node) {
    var found = [].slice.call(node.querySelectorAll(REGIONS));
    return node.matches(REGIONS) ? [node].concat(found) : found;
  };
  // Observing an element twice is harmless: the children are observed since a wrapping row
  // can change height, and overflow, without the region changing width.
  var watch = function (region) {
    sizes.observe(region);
    [].forEach.call(region.children, function (child) { sizes.observe(child); });
    update(region);
  };
  var scan = function (node) {
    if (node.nodeType !== 1 || !node.isConnected) return;
    regionsIn(node).forEach(watch);
    var outer = node.parentNode && node.parentNode.closest ? node.parentNode.closest(REGIONS) : null;
    if (outer) watch(outer);
  };
  // A removed element stays alive as long as it is observed: let it go with its regions.
  var forget = function (node) {
    if (node.nodeType !== 1) return;
    sizes.unobserve(node);
    regionsIn(node).forEach(function (region) {
      sizes.unobserve(region);
      [].forEach.call(region.children, function (child) { sizes.unobserve(child); });
    });
  };
  var start = function () {
    scan(document.body);
    new MutationObserver(function (changes) {
      changes.forEach(function (change) {
        [].forEach.call(change.removedNodes, forget);
        [].forEach.call(change.addedNodes, scan);
      });
    }).observe(document.body, { childList: true, subtree: true });
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
