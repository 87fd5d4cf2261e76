import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * The floors of the house and who may import whom (docs/architecture.md). Paths are the resolved
 * files, so `~/…`, `#core/…` and `#forms/…` imports are checked like relative ones.
 */
const boundaries = [
  { target: "./server", from: "./app", message: "The server never imports the React app: share code through core/ or forms/." },
  { target: "./app", from: "./server", message: "The app must not import server code." },
  { target: "./forms", from: ["./app", "./server", "./scripts"], message: "Form definitions may use core/ and zod only." },
  {
    // core's own modules, not its tests (which check the app's use of it).
    target: "./core/*.ts",
    from: "./",
    except: ["./core", "./node_modules"],
    message: "core/ is the ground floor: it imports nothing of the project.",
  },
  { target: "./content", from: ["./app", "./server", "./scripts", "./forms"], message: "Content and its schemas import nothing above them." },
  { target: "./server/db", from: "./server/mail", message: "The database does not know the mail: the API hands e-mails to the store." },
  { target: "./server/mail", from: "./server/db", message: "The mail does not know the database: the sender gets the outbox as an interface." },
  { target: ["./server/db", "./server/mail"], from: ["./server/admin", "./server/api"], message: "Storage and mail sit below the API and the staff inbox, which wire them." },
];

export default tseslint.config(
  { ignores: ["build/", "build-*/", ".react-router/", "node_modules/", "coverage/", "data/", ".scratch/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "import-x": importX },
    settings: {
      // import-x reads .js files only unless told: without these, no-cycle never follows a .ts import.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": ["error", { allow: ["error", "warn", "log"] }],
      "import-x/no-restricted-paths": ["error", { zones: boundaries }],
      "import-x/no-cycle": "error",
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
