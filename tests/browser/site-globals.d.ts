/* What the site's scripts find on `window`: each other's globals, and Material's. */
interface Window {
  TcPlayEngine: typeof import("../../tutorial_engine/render/assets/play-engine.js");
  /* drills.js's, which each drill's markup and its further questions call. */
  tcDrillSetup(section: Element): void;
  tcDrillMore(drill: string, html: string): void;
  /* Material's instant navigation: an observable of each new page. */
  document$?: { subscribe(next: () => void): unknown };
}
