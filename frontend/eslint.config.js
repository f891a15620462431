// ESLint flat config: TypeScript rules, the rules of hooks, and the import boundaries
// (no import cycles; no feature imports another; the shared folders import no feature;
// only src/app imports src/app, and its routes compose the features into screens).
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

// Every folder of src/features is a feature.
const FEATURES = readdirSync(new URL("./src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Imports of a feature other than `own` (by alias, or by a relative path that climbs out). */
function otherFeatures(own) {
  const others = FEATURES.filter((f) => f !== own).join("|");
  return [
    {
      group: ["@/features/*", "@/features/*/**", `!@/features/${own}`, `!@/features/${own}/**`],
      message:
        "Features do not import each other: a route in src/app/routes composes them, and what they share goes to src/components, src/utils or src/hooks.",
    },
    {
      regex: `^(\\.\\./)+(features/)?(${others})(/|$)`,
      message:
        "Features do not import each other: a route in src/app/routes composes them, and what they share goes to src/components, src/utils or src/hooks.",
    },
  ];
}

// src/app composes the features (router, layout, one screen per route in src/app/routes);
// nothing else imports it. Route addresses are in src/config/paths.ts.
const NO_APP = [
  {
    group: ["@/app", "@/app/**"],
    message: "Only src/app imports src/app: take routes from @/config/paths.",
  },
  {
    regex: "^(\\.\\./)+app(/|$)",
    message: "Only src/app imports src/app: take routes from @/config/paths.",
  },
];

const NO_FEATURE = [
  {
    group: ["@/features", "@/features/**"],
    message:
      "Shared code (src/components, src/lib, src/utils, src/hooks, src/config) imports no feature.",
  },
  {
    regex: "^(\\.\\./)+features(/|$)",
    message:
      "Shared code (src/components, src/lib, src/utils, src/hooks, src/config) imports no feature.",
  },
];

export default defineConfig([
  globalIgnores(["dist", "coverage", "src/lib/api-schema.d.ts"]),
  {
    files: ["**/*.{ts,tsx}"],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser },
    },
    plugins: { "react-hooks": reactHooks, "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.app.json" })],
    },
    rules: {
      // A circle of modules has no first one to load (type-only imports, erased in the build,
      // are not counted).
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" },
      ],
    },
  },
  {
    files: ["*.{js,ts}"],
    languageOptions: { globals: { ...globals.node } },
  },
  ...FEATURES.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": ["error", { patterns: [...otherFeatures(feature), ...NO_APP] }],
    },
  })),
  {
    files: ["src/{components,lib,utils,hooks,config}/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [...NO_FEATURE, ...NO_APP] }] },
  },
]);
