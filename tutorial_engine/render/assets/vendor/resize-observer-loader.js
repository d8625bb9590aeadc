/* Material fetches a ResizeObserver polyfill from a CDN where the browser lacks one (older
   phones). Load the vendored copy instead, and only there, so no page ever asks another host. */
(function () {
  if ("ResizeObserver" in window || !document.currentScript) { return; }
  var src = document.currentScript.src.replace(/[^\/]*$/, "ResizeObserver.global.js");
  document.write('<script src="' + src + '"><\/script>');
})();
