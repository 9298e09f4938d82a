import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** What app/ may not import at run time: server internals, the database, drivers. */
export const APP_IMPORT_PATTERNS = [
  {
    regex: "^(\\.\\./)+(server|db)(/|$)",
    message: "app/ imports the backend through #server/modules/<m>/contract (or types), never by a relative path.",
  },
  {
    regex: "^#server/(?!modules/[a-z-]+/contract$|lib/contract$)",
    allowTypeImports: true,
    message:
      "app/ may import at run time only the contracts: #server/modules/<m>/contract and #server/lib/contract; import types with `import type`.",
  },
  {
    regex: "^(#db/|postgres$|pg$|pg-boss$|meilisearch$|drizzle-orm|socket\\.io$|nodemailer$|@node-rs/)",
    message: "app/ never talks to the database, search engine, queue or mail driver directly: use context.services.",
  },
];

const MODULE_INTERNALS =
  "Another module is reached through its contract.ts or its index.ts (its public API), never its internals.";

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "public/build/**",
      "public/build-dev/**",
      "node_modules/**",
      ".data*/**",
      "test-results/**",
      "playwright-report/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    // Modules meet through each other's contract or public index (DESIGN section 4, ADR 0009).
    files: ["server/modules/**/*.ts"],
    ignores: ["server/modules/**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^\\.\\./[a-z-]+/(?!contract$)[a-z/-]+$", allowTypeImports: true, message: MODULE_INTERNALS },
          ],
        },
      ],
    },
  },
  {
    // A module's part in a sub-folder (candidates/profile/…) reaches its sibling parts (../cv/…)
    // freely, and other modules one level further up, by the same rule.
    files: ["server/modules/*/*/**/*.ts"],
    ignores: ["server/modules/**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^\\.\\./\\.\\./[a-z-]+/(?!contract$)[a-z/-]+$",
              allowTypeImports: true,
              message: MODULE_INTERNALS,
            },
          ],
        },
      ],
    },
  },
  {
    // The UI reaches the backend through context.services and each module's pure contract only
    // (DESIGN section 2, ADR 0009): type-only imports of the services are fine.
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: APP_IMPORT_PATTERNS,
          paths: [
            {
              name: "@remix-run/react",
              importNames: ["useActionData"],
              message:
                "Use useActionReply (~/hooks/use-action-reply): a live page's revalidation would drop actionData.",
            },
            {
              name: "@remix-run/react",
              importNames: ["Scripts"],
              message:
                "Use Scripts (~/components/layout/scripts): the page's modules load after its first paint (ADR 0024).",
            },
          ],
        },
      ],
    },
  },
  {
    // React 18 hydrates a <textarea> by putting its server text back over what was typed
    files: ["app/**/*.tsx"],
    ignores: ["app/components/ui/textarea.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "JSXOpeningElement[name.name='textarea']",
          message: "Use Textarea (~/components/ui/textarea): it keeps what was typed before the page hydrated.",
        },
      ],
    },
  },
);
