/* Remember the locale being read, so site/index.html opens it next time. */
(function () {
  try { localStorage.setItem("tutorial-locale", document.documentElement.lang); } catch (e) {}
})();
