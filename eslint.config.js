import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * The floors of the house and who may import whom (docs/architecture.md, "Floors"). Paths are the
 * resolved files, so `~/…`, `#core/…`, `#content`, `#locales`, `#forms/…` and `#presentation/…`
 * imports are checked like relative ones. Each zone has a probe in tests/lint-floors.test.ts that
 * must fail it.
 */
const tooling = ["./pipeline", "./bench", "./generators", "./scripts", "./e2e"];
const boundaries = [
  {
    target: "./server",
    from: ["./app", ...tooling],
    message: "The server never imports the React app or the tooling: share code through core/, content/, presentation/ or forms/.",
  },
  { target: "./app", from: ["./server", ...tooling], message: "The app must not import server code or the tooling." },
  {
    target: "./pipeline",
    from: ["./server", "./bench", "./generators", "./e2e"],
    message: "The build pipeline decides the shipped HTML from the app and the content: it needs neither the server nor the benchmarks.",
  },
  {
    target: "./presentation",
    from: ["./app", "./server", "./forms", ...tooling],
    message: "presentation/ sits below the app and the build: it reads content, core and the message ids only.",
  },
  {
    target: "./forms",
    from: ["./app", "./server", "./content", "./locales", "./presentation", ...tooling],
    message: "Form definitions may use core/ and zod only.",
  },
  {
    // core's own modules, not its tests (which check the app's use of it).
    target: "./core/*.ts",
    from: "./",
    except: ["./core", "./node_modules"],
    message: "core/ is the ground floor: it imports nothing of the project.",
  },
  {
    target: "./content",
    from: ["./app", "./server", "./forms", "./locales", "./presentation", ...tooling],
    message: "Content and its schemas import nothing above them (core/ only): not the interface's catalogs either.",
  },
  {
    target: "./locales/*.ts",
    from: ["./app", "./server", "./forms", "./content", "./presentation", ...tooling],
    message: "The catalogs import core/ only.",
  },
  { target: "./server/db", from: "./server/mail", message: "The database does not know the mail: the API hands e-mails to the store." },
  { target: "./server/mail", from: "./server/db", message: "The mail does not know the database: the sender gets the outbox as an interface." },
  {
    target: ["./server/db", "./server/mail"],
    from: ["./server/admin", "./server/api"],
    message: "Storage and mail sit below the API and the staff inbox, which wire them.",
  },
  // The bookings' rules (server/bookings) wire their SQL (server/db) and their mails (server/mail),
  // and sit below the API and the staff area, which call them.
  {
    target: ["./server/db", "./server/mail"],
    from: "./server/bookings",
    message: "Storage and mail do not know the bookings' rules: server/bookings calls them, not the other way.",
  },
  {
    target: "./server/bookings",
    from: ["./server/admin", "./server/api"],
    message: "The bookings' rules sit below the API and the staff area, which call them.",
  },
  {
    target: ["./server/db", "./server/mail", "./server/bookings", "./server/pages", "./server/api", "./server/admin"],
    from: "./server/plugins",
    message: "The plugins put the server's parts together (server/app.ts registers them): the parts they make do not import them.",
  },
  {
    target: "./server/pages",
    from: ["./server/admin", "./server/api"],
    message: "The server's own pages (server/pages) draw what they are given: the API and the staff area call them, not the other way.",
  },
];

/**
 * The staff area by feature (docs/architecture.md, "The staff area"): each folder of server/admin/
 * is a feature (its routes, pages, forms and tests), and a feature imports no other feature, only
 * server/admin/shared/, which imports no feature; server/admin/index.ts registers them all. The
 * folders are read here, so a new feature is fenced as soon as it exists (bulletproof-react's
 * zones for its features).
 */
const staffAreaFolders = ["shared", "assets", "__tests__"];
const staffFeatures = readdirSync(`${import.meta.dirname}/server/admin`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !staffAreaFolders.includes(entry.name))
  .map((entry) => entry.name);
const staffAreaZones = [
  ...staffFeatures.map((feature) => ({
    target: `./server/admin/${feature}`,
    from: "./server/admin",
    except: [`./${feature}`, "./shared"],
    message: `A feature of the staff area imports no other feature: what ${feature}/ shares with another goes into server/admin/shared/.`,
  })),
  {
    target: "./server/admin/shared",
    from: "./server/admin",
    except: ["./shared"],
    message: "server/admin/shared/ sits below the staff area's features: it imports none of them (each imports it).",
  },
];

/**
 * Import specifiers as regular expressions: `no-restricted-imports` reads `group` entries as
 * gitignore patterns, where a line starting with `#` is a comment, so `"#content"` there never
 * matched anything.
 */
const rawContentJson = { regex: "(^|/)content/(.+/)?[^/]+\\.json$", message: "Read content through #content (content/index.ts), parsed and typed." };
// Any module of the content folder; its pictures (`content/images/…`) are the build's assets, imported as URLs.
const contentModule = "^(#content(/.*)?|(\\.{1,2}/)+(\\.{1,2}/)*content(/(?!images/)[^?]*)?)$";
const localesModule = "^(#locales(/.*)?|(\\.{1,2}/)+(\\.{1,2}/)*locales/(index|admin|compiled/.*)(\\.ts)?)$";

/** The server's typed-route selectors (see the rule below). */
const typedServer = [
  {
    selector: "TSAsExpression > TSAsExpression.expression[typeAnnotation.type='TSUnknownKeyword']",
    message: "No `as unknown as`: give the value its type where it is made (a schema, a type guard, a narrower parameter).",
  },
  {
    // Whatever the request is called, or copied into: its body, query or params, or a variable of those names.
    selector:
      ":matches(TSAsExpression, TSTypeAssertion) > .expression:matches(MemberExpression[property.name=/^(body|query|params)$/], MemberExpression[object.name=/^(request|req)$/], Identifier[name=/^(request|req|body|query|params)$/])",
    message: "No cast of a request's input: declare the route's schema (params, querystring, body) and read the typed value.",
  },
  {
    // A staff route's body is a form with its fields named (checkedForm, buttonForm: server/admin/shared/staff-form.ts), never the bare bag of strings.
    selector: "Property[key.name='body'][value.name='staffForm']",
    message: "Name the form's fields: checkedForm(zodObject) for a form a person fills in, buttonForm({ … }) for buttons (server/admin/shared/staff-form.ts).",
  },
  {
    selector: "TSNonNullExpression > MemberExpression.expression[object.name='request']",
    message: "No non-null assertion on the request: a staff route reads its session through staffOf(request) (server/admin/shared/context.ts).",
  },
];

/** SQL in one place: a statement prepared, or SQL text run, on any connection, outside server/db. */
const sqlInDb = [
  {
    selector: "CallExpression[callee.property.name='prepare']",
    message: "SQL lives in server/db (one module per table family): call a function of it instead of preparing a statement here.",
  },
  {
    selector: "CallExpression[callee.property.name='exec']:matches([callee.object.name=/^(db|database)$/], [callee.object.property.name=/^(db|database)$/])",
    message: "SQL lives in server/db (one module per table family): call a function of it instead of running SQL text here.",
  },
];

/**
 * A fixed pause in a test (docs/architecture.md, "Tests that hold on a busy machine"): too short on
 * a busy machine, too long on a quiet one. A test waits for an event instead (an output line, an
 * exit, the outbox going idle, `waitFor` a condition, a web-first assertion); the one place where
 * time itself is the subject (a load's pace, a stand-in that answers late, a later task) is
 * tests/support/pacing.ts, the named pacing helpers. Refused: a promise a timer resolves
 * (`new Promise((r) => setTimeout(r, 100))`), anything from `timers/promises` however it is
 * imported or renamed, `util.promisify(setTimeout)`, `page.waitForTimeout`, `scheduler.wait`, and
 * calls of a `sleep` or `delay`. A timer that rejects (a last-resort limit) or runs a stand-in's
 * work is no pause. tests/lint-floors.test.ts has a probe of each.
 */
const noFixedPause = {
  meta: {
    type: "problem",
    schema: [],
    messages: {
      pause:
        "A fixed pause in a test fails on a busy machine: wait for the event (waitFor a condition, an exit, an output line, a web-first assertion), or pace a load with tests/support/pacing.ts.",
    },
  },
  create(context) {
    const timer = /^(setTimeout|setInterval)$/;
    const timersPromises = /^(node:)?timers\/promises$/;
    const nameOf = (node) =>
      node?.type === "Identifier"
        ? node.name
        : node?.type === "MemberExpression" && !node.computed && node.property.type === "Identifier"
          ? node.property.name
          : null;
    const isFunction = (node) => node?.type === "ArrowFunctionExpression" || node?.type === "FunctionExpression";
    /** Whether a timer's callback settles the promise through `resolve` (passed as is, or called inside). */
    const resolvesWith = (callback, resolve) => {
      if (callback?.type === "Identifier") return callback.name === resolve;
      if (!isFunction(callback)) return false;
      const calls = (node) => {
        if (!node || typeof node.type !== "string") return false;
        if (node.type === "CallExpression" && node.callee.type === "Identifier" && node.callee.name === resolve) return true;
        return Object.entries(node).some(([key, value]) => key !== "parent" && (Array.isArray(value) ? value.some(calls) : calls(value)));
      };
      return calls(callback.body);
    };
    const pause = (node) => context.report({ node, messageId: "pause" });
    const fromTimersPromises = (source) => source?.type === "Literal" && timersPromises.test(String(source.value));
    return {
      ImportDeclaration(node) {
        if (fromTimersPromises(node.source)) pause(node);
      },
      ImportExpression(node) {
        if (fromTimersPromises(node.source)) pause(node);
      },
      CallExpression(node) {
        const name = nameOf(node.callee);
        if (name === "require" && fromTimersPromises(node.arguments[0])) return pause(node);
        if (name === "waitForTimeout") return pause(node);
        if (name === "wait" && node.callee.type === "MemberExpression" && nameOf(node.callee.object) === "scheduler") return pause(node);
        if (name === "promisify" && node.arguments.some((argument) => timer.test(nameOf(argument) ?? ""))) return pause(node);
        if (node.callee.type === "Identifier" && /^(sleep|delay)$/.test(node.callee.name)) return pause(node);
        if (!timer.test(name ?? "")) return;
        // The nearest promise executor around the timer, and whether the timer resolves it.
        for (let around = node.parent; around; around = around.parent) {
          if (
            isFunction(around) &&
            around.parent?.type === "NewExpression" &&
            nameOf(around.parent.callee) === "Promise" &&
            around.parent.arguments[0] === around
          ) {
            const resolve = around.params[0];
            if (resolve?.type === "Identifier" && resolvesWith(node.arguments[0], resolve.name)) pause(node);
            return;
          }
        }
      },
    };
  },
};

export default tseslint.config(
  { ignores: ["build/", "build-*/", ".react-router/", "node_modules/", "coverage/", "data/", ".scratch/", "playwright-report/", "test-results/"] },
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
      "import-x/no-cycle": "error",
    },
  },
  {
    // The floors hold for the code that runs; tests may reach across them (they check the wiring,
    // and share the support of e2e/support and the build's readers).
    files: ["**/*.{ts,tsx}"],
    ignores: ["**/__tests__/**", "e2e/**"],
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: [...boundaries, ...staffAreaZones] }],
    },
  },
  {
    // One way into the content (content/index.ts): nothing else reads a content file.
    files: ["**/*.{ts,tsx}"],
    ignores: ["content/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [rawContentJson] }],
    },
  },
  {
    // Typed routes (docs/architecture.md): a route's params, query and body are typed by its zod
    // schema (fastify-type-provider-zod), and a staff route's session by staffOf(); no cast may
    // stand in for either, nor hide a type behind `unknown`. SQL lives in server/db: nothing
    // else prepares a statement or runs SQL text.
    files: ["server/**/*.{ts,tsx}"],
    ignores: ["server/db/**", "**/__tests__/**"],
    rules: { "no-restricted-syntax": ["error", ...typedServer, ...sqlInDb] },
  },
  {
    files: ["server/db/**/*.{ts,tsx}", "server/**/__tests__/**/*.{ts,tsx}"],
    rules: { "no-restricted-syntax": ["error", ...typedServer] },
  },
  {
    // The unit tests share one module graph (vitest's \`isolate: false\`): a test builds what it needs
    // with the values it wants (a content store, a Snipcart loader) instead of resetting modules.
    files: ["**/__tests__/**/*.{ts,tsx}", "tests/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "vi", property: "resetModules", message: "Build the module's value with the test's settings instead (the tests share one module graph)." },
      ],
    },
  },
  {
    // Tests wait for events, not for time: a fixed pause only in the named pacing helpers.
    files: ["**/__tests__/**/*.{ts,tsx}", "tests/**/*.{ts,tsx}", "e2e/**/*.{ts,tsx}"],
    ignores: ["tests/support/pacing.ts"],
    plugins: { lescours: { rules: { "no-fixed-pause": noFixedPause } } },
    rules: { "lescours/no-fixed-pause": "error" },
  },
  {
    // The server reads content through its content store (server/content-store.ts), read again when a
    // publish goes live: never the content module's own value, which would keep what it read first.
    files: ["server/**/*.{ts,tsx}"],
    ignores: ["**/__tests__/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            rawContentJson,
            {
              regex: "^(#content|(\\.{1,2}/)+(\\.{1,2}/)*content(/index)?(\\.ts)?)$",
              importNames: ["content", "findWine"],
              message: "The server reads content through the content store it is given (server/content-store.ts), which a publish updates.",
            },
          ],
        },
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
            rawContentJson,
            {
              regex: contentModule,
              allowTypeImports: true,
              message: "Components receive content through their route's loader: read it in a *.server.ts module.",
            },
            {
              regex: localesModule,
              allowTypeImports: true,
              message: "Components receive their messages through their route's loader (app/lib/i18n/messages.server.ts).",
            },
          ],
        },
      ],
    },
  },
);
