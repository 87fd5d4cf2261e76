import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "build-*/", ".react-router/", "node_modules/", "coverage/", "data/", ".scratch/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": ["error", { allow: ["error", "warn", "log"] }],
    },
  },
  {
    // Features never import the server, and the server never imports React components.
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/server/**", "../server/*"], message: "The app must not import server code." }] }],
    },
  },
  {
    // One way into the content (content/index.ts): nothing else reads a content file.
    files: ["**/*.{ts,tsx}"],
    ignores: ["content/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/content/**/*.json", "**/content/*.json"], message: "Read content through #content (content/index.ts), parsed and typed." }] },
      ],
    },
  },
  {
    // Components get content from their route's loader: only build-side modules (*.server.ts) read
    // #content at run time; types may be imported anywhere.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.ts", "app/**/__tests__/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/content/**/*.json", "**/content/*.json"], message: "Read content through #content (content/index.ts), parsed and typed." },
            { group: ["#content", "#content/*", "**/content/index", "**/content/text"], allowTypeImports: true, message: "Components receive content through their route's loader: read it in a *.server.ts module." },
            { group: ["#locales", "**/locales/index", "**/locales/compiled/*"], allowTypeImports: true, message: "Components receive their messages through their route's loader (app/lib/i18n/messages.server.ts)." },
          ],
        },
      ],
    },
  },
);
