// ESLint for the browser pages' scripts (src/meeple/web/static): ES modules
// run by the browser, so browser globals only, and rules that catch real bugs
// (a misspelt or leftover name, == coercion, a reassigned const) rather than style.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", ".venv/", "build/"] },
  {
    files: ["src/meeple/web/static/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: globals.browser,
    },
    rules: {
      ...js.configs.recommended.rules,
      "no-undef": "error",
      "no-unused-vars": ["error", { args: "after-used", caughtErrors: "none" }],
      eqeqeq: ["error", "always"],
      "prefer-const": "error",
      "no-var": "error",
      "no-implicit-globals": "error",
      "no-shadow": "error",
      "no-use-before-define": ["error", { functions: false, classes: true, variables: true }],
    },
  },
  {
    // This file itself runs in Node.
    files: ["eslint.config.js"],
    languageOptions: { sourceType: "module", globals: globals.node },
    rules: js.configs.recommended.rules,
  },
];
