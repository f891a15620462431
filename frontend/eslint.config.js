// ESLint flat config: TypeScript rules, the rules of hooks, and the import boundaries
// (no feature imports another; src/components, src/lib and src/config import no feature;
// only src/app imports src/app).
import { readdirSync } from "node:fs";
import js from "@eslint/js";
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
        "Features do not import each other: move what they share to src/lib or src/components.",
    },
    {
      regex: `^(\\.\\./)+(features/)?(${others})(/|$)`,
      message:
        "Features do not import each other: move what they share to src/lib or src/components.",
    },
  ];
}

// src/app composes the features (router, layout); nothing else imports it. Routes are in
// src/config/paths.ts.
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
    message: "src/components and src/lib import no feature.",
  },
  {
    regex: "^(\\.\\./)+features(/|$)",
    message: "src/components and src/lib import no feature.",
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
    plugins: { "react-hooks": reactHooks },
    rules: {
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
    files: ["src/components/**/*.{ts,tsx}", "src/lib/**/*.{ts,tsx}", "src/config/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [...NO_FEATURE, ...NO_APP] }] },
  },
]);
