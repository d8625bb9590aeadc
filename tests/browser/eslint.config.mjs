/* ESLint's rules for the site's scripts and the tests' Node.js scripts. `make lint` runs it from
 * the project's root, which its paths start from (ESLint's base path, given --config, is the
 * folder it runs in). */
import js from "@eslint/js";
import globals from "globals";

const SITE = "tutorial_engine/render/assets/*.js";
const NODE = "tests/play/*.js";

export default [
  // Served as they came, as third-party code.
  { ignores: ["tutorial_engine/render/assets/vendor/"] },
  // An unused `eslint-disable` is an error, as ruff's RUF100 and mypy's warn_unused_ignores are.
  { linterOptions: { reportUnusedDisableDirectives: "error" } },
  js.configs.recommended,
  {
    rules: {
      // `x == null` stands for null or undefined; any other loose comparison coerces.
      eqeqeq: ["error", "always", { null: "ignore" }],
      // An empty catch is how the scripts say that a browser without storage or an API is no error.
      "no-empty": ["error", { allowEmptyCatch: true }],
      // ES5 has no catch clause without a name for its error (see SITE's ecmaVersion).
      "no-unused-vars": ["error", { caughtErrors: "none" }],
    },
  },
  {
    files: [SITE],
    languageOptions: {
      // The page scripts test for a browser's APIs before they use them, but a syntax the
      // browser cannot parse would stop a whole script: their syntax stays ES5's.
      ecmaVersion: 5,
      sourceType: "script",
      // ES2020's built-ins beside the browser's, as tsconfig.json's "lib".
      globals: { ...globals.es2020, ...globals.browser },
    },
    rules: {
      // Each script shares the page's global scope with Material's bundle and the others: the
      // globals they mean to make are set on `window` or `root` by name.
      "no-implicit-globals": "error",
    },
  },
  // The tests also run it in Node.js, where it is a CommonJS module.
  { files: ["tutorial_engine/render/assets/play-engine.js"], languageOptions: { globals: { module: "readonly" } } },
  {
    files: [NODE],
    languageOptions: { ecmaVersion: "latest", sourceType: "commonjs", globals: globals.node },
  },
];
