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
];

/**
 * The floors of server/ (docs/architecture.md, "Floors and who may import whom"), lowest first:
 * each room (a folder, or a file at the top of server/) imports only rooms of the floors below
 * its own, never one above it or beside it. One zone per room is made from this list, so every
 * pair of rooms is fenced, not only those someone thought to list; a folder or file of server/
 * that no floor names stops ESLint here, until it is given one.
 */
const serverFloors = [
  // What each form does on the server (one record per form, its stored rows typed): forms/ and zod only.
  ["forms"],
  // SQLite: one module per table family; it knows nothing of the rest of the server but the forms' record.
  ["db"],
  // The server's small shared parts: the project folder, the log's redaction, the security
  // headers, the body limits, the content store, an uploaded picture's check and cut (the editor's
  // and the newsletter's, and the route that serves an issue's photograph to mail programs).
  ["project.ts", "log.ts", "security-headers.ts", "request-body.ts", "content-store.ts", "pictures.ts"],
  // The configuration, the e-mails (composed and sent), the static files, the start-up's checks.
  ["config.ts", "mail", "static-files.ts", "startup.ts"],
  // The backups, the bookings' rules, the staff's accounts (their use-cases: invite, password links, roles, feeds).
  ["backup", "bookings", "staff"],
  // The inbox's use-cases and reads (a form's submission arriving with its mails, the staff's
  // answers, the exports) and the privacy tools': they are handed the bookings' parts.
  ["inbox", "privacy"],
  // The Fastify plugins that put the database, the mail and the bookings together for the parts
  // above (server/app.ts registers them; the parts they make are handed them, never import them).
  ["plugins"],
  // The pages the server writes itself (a visitor's booking, a form's answer), the health checks.
  ["pages", "health.ts"],
  // The form API and the staff area, which call everything below and never each other.
  ["api", "admin"],
  // The production commands and the server's assembly, then its entry point (the top floor, which
  // nothing imports).
  ["commands", "app.ts"],
  ["main.ts"],
];
const serverRooms = serverFloors.flat();
const unplaced = readdirSync(`${import.meta.dirname}/server`, { withFileTypes: true })
  .filter((entry) => (entry.isDirectory() ? entry.name !== "__tests__" : /\.tsx?$/.test(entry.name)))
  .map((entry) => entry.name)
  .filter((name) => !serverRooms.includes(name));
if (unplaced.length > 0) throw new Error(`eslint.config.js: give ${unplaced.map((name) => `server/${name}`).join(", ")} a floor in serverFloors`);
const serverFloorZones = [
  ...serverFloors.slice(0, -1).flatMap((rooms, floor) => {
    const below = serverFloors.slice(0, floor).flat();
    return rooms.map((room) => ({
      target: `./server/${room}`,
      from: serverFloors
        .slice(floor)
        .flat()
        .filter((other) => other !== room)
        .map((other) => `./server/${other}`),
      message: `server/${room} imports only the floors of server/ below its own (${below.map((other) => `server/${other}`).join(", ") || "none"}): what it needs from a room above or beside it is handed to it.`,
    }));
  }),
  // One pair on different floors that stays apart by design: the mail code never touches the
  // database, its sender reads the outbox through an interface (#core/mail `Outbox`).
  { target: "./server/mail", from: "./server/db", message: "The mail does not know the database: the sender gets the outbox as an interface (#core/mail)." },
  // The plugins sit below the parts that depend on them, which are handed what they make (the
  // database, the sender, the bookings' parts) by Fastify and never import a plugin themselves.
  {
    target: ["./server/pages", "./server/health.ts", "./server/api", "./server/admin"],
    from: "./server/plugins",
    message: "The plugins put the server's parts together (server/app.ts registers them): the parts they make do not import them.",
  },
  // An e-mail is made by server/mail: its factory (the one maker of an OutgoingMail) is its own.
  {
    target: serverRooms.filter((room) => room !== "mail").map((room) => `./server/${room}`),
    from: "./server/mail/outgoing.ts",
    message: "An e-mail is made by server/mail (a composer there, with its layout and languages): call one, or write one there.",
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

/** What the server may not import from the content module: its own value, and the folder read or found apart from the store. */
const contentValues = ["content", "findWine", "readContent", "contentFile"];
const serverContent = (importNames) => ({
  regex: "^(#content|(\\.{1,2}/)+(\\.{1,2}/)*content(/index)?(\\.ts)?)$",
  importNames,
  message:
    "The server reads content through the content store it is given (server/content-store.ts: `current`, `dir`, `scenes()`), which a publish updates; only the store reads the folder.",
});
const noFiles = {
  regex: "^(node:)?fs(/promises)?$",
  message: "The mails and the bookings' rules read no file: the content they speak of comes from the content store they are given.",
};

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

/**
 * Mails are made by server/mail only: an `OutgoingMail` (the one type the outbox takes, #core/mail)
 * carries a brand that only server/mail/outgoing.ts gives, so a mail written elsewhere fails the
 * compiler; no cast may give the brand instead (and no import of the factory outside server/mail:
 * the zone below).
 */
const mailMadeByMail = [
  {
    selector: ":matches(TSAsExpression, TSTypeAssertion)[typeAnnotation.typeName.name='OutgoingMail']",
    message: "An e-mail is made by server/mail (a composer there, its layout and languages): call one, or write one there (server/mail/outgoing.ts).",
  },
];
typedServer.push(...mailMadeByMail);

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
 * SQL lives in server/db, whatever a connection is called (docs/architecture.md, "Floors"): outside
 * it, no call of a method that runs SQL or opens a transaction (`prepare`, `exec`, `pragma`,
 * `transaction`, …) on a value whose type is a database connection, however it was named, copied or
 * reached (`context.db`, `const sqlite = deps.db`, a `tx` handed in), and no destructuring of one.
 * With `{ handle: true }` (server/admin, the staff area), no expression may even be a connection:
 * routes call use-cases and read models, which hold it. A connection is known by its type (one
 * that can `prepare`, `exec` and open a `transaction`: server/db/database.ts's `Db`, on SQLite or
 * PostgreSQL, and better-sqlite3's `Database`), read from the compiler (typed linting), not by its
 * name. tests/lint-floors.test.ts has a probe of each.
 */
const sqlMethods = new Set([
  "prepare",
  "exec",
  "pragma",
  "transaction",
  "function",
  "aggregate",
  "table",
  "loadExtension",
  "backup",
  "serialize",
  "unsafeMode",
]);
const databaseHandle = {
  meta: {
    type: "problem",
    schema: [{ type: "object", properties: { handle: { type: "boolean" } }, additionalProperties: false }],
    messages: {
      sql: "SQL lives in server/db (one module per table family): call a function of it instead of `{{method}}` on a connection here, whatever it is called.",
      handle:
        "No database connection in the staff area: a route calls a use-case or a read model (server/staff, server/bookings, server/db's stores), handed what it needs, and never holds the connection.",
    },
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    if (!services?.program) throw new Error("lescours/database-handle reads types: lint its files with parserOptions.projectService");
    const handle = context.options[0]?.handle === true;
    const connection = (node) => {
      const type = services.getTypeAtLocation(node);
      const isOne = (part) => ["prepare", "exec", "transaction"].every((name) => part.getProperty(name) !== undefined);
      return type.isUnion() ? type.types.some(isOne) : isOne(type);
    };
    const nameOf = (property, computed) =>
      !computed && property.type === "Identifier" ? property.name : property.type === "Literal" ? String(property.value) : null;
    return {
      MemberExpression(node) {
        const method = nameOf(node.property, node.computed);
        if (method !== null && sqlMethods.has(method) && connection(node.object)) context.report({ node, messageId: "sql", data: { method } });
        else if (handle && connection(node)) context.report({ node, messageId: "handle" });
      },
      ObjectPattern(node) {
        if (node.parent?.type === "VariableDeclarator" && node.parent.init && connection(node.parent.init))
          context.report({ node, messageId: "sql", data: { method: "{ … }" } });
      },
      Identifier(node) {
        if (!handle) return;
        const parent = node.parent;
        // A member's name is its member expression's (reported there); an object's key names no value; an import is the import rule's.
        if (parent?.type.startsWith("Import")) return;
        if (parent?.type === "MemberExpression" && parent.property === node && !parent.computed) return;
        if (parent?.type === "Property" && parent.key === node && !parent.shorthand && !parent.computed) return;
        if (parent?.type === "Property" && parent.shorthand && parent.key === node && parent.value !== node) return;
        if (connection(node)) context.report({ node, messageId: "handle" });
      },
    };
  },
};

/**
 * The staff area holds no database handle: it imports neither the connection's module nor its
 * library (the type `Db`, `openDatabase`, the group commit, better-sqlite3), type imports included.
 */
const noDatabaseModule = [
  {
    regex: "^(better-sqlite3|(\\.{1,2}/)+db/(database|group-commit)(\\.ts)?)$",
    message:
      "No database connection in the staff area: a route calls a use-case or a read model (server/staff, server/bookings, server/db's stores), handed what it needs, and never holds the connection.",
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

/**
 * Words a visitor or a member of the staff reads come from the catalogs (locales/*.po,
 * locales/admin/*.po), in every language: no letter is written into JSX, as its text, as a string
 * or template it renders (directly, or as a branch of `?:`, `&&`, `||`), or as an HTML element's
 * visible attribute. Punctuation, symbols and numbers may stay literal (` · `, `—`, `(`).
 */
const wordsFromCatalogs =
  'Words people read come from the catalogs in every language: t("…") (locales/*.po, or locales/admin/*.po for the staff); only punctuation and symbols stay literal.';
const jsxText = [
  "JSXText[value=/\\p{L}/u]",
  ":matches(JSXElement, JSXFragment) > JSXExpressionContainer > Literal[value=/\\p{L}/u]",
  ":matches(JSXElement, JSXFragment) > JSXExpressionContainer > TemplateLiteral > TemplateElement[value.raw=/\\p{L}/u]",
  ":matches(JSXElement, JSXFragment) > JSXExpressionContainer > ConditionalExpression > Literal:matches(.consequent, .alternate)[value=/\\p{L}/u]",
  ":matches(JSXElement, JSXFragment) > JSXExpressionContainer > LogicalExpression > Literal.right[value=/\\p{L}/u]",
  ...["Literal[value", "JSXExpressionContainer > Literal[value", "JSXExpressionContainer > TemplateLiteral > TemplateElement[value.raw"].map(
    (path) =>
      `JSXOpeningElement[name.name=/^[a-z]/] > JSXAttribute[name.name=/^(alt|title|placeholder|label|aria-label|aria-description|aria-roledescription|aria-valuetext)$/] > ${path}=/\\p{L}/u]`,
  ),
].map((selector) => ({ selector, message: wordsFromCatalogs }));

/** The house's own rules. */
const lescours = { rules: { "no-fixed-pause": noFixedPause, "database-handle": databaseHandle } };

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
      // Packages never import the project back: not walking into node_modules saves a third of ESLint's time.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    // The floors hold for the code that runs; tests may reach across them (they check the wiring,
    // and share the support of e2e/support and the build's readers).
    files: ["**/*.{ts,tsx}"],
    ignores: ["**/__tests__/**", "e2e/**"],
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: [...boundaries, ...serverFloorZones, ...staffAreaZones] }],
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
    rules: { "no-restricted-syntax": ["error", ...typedServer, ...sqlInDb, ...jsxText] },
  },
  {
    files: ["server/db/**/*.{ts,tsx}", "server/**/__tests__/**/*.{ts,tsx}"],
    rules: { "no-restricted-syntax": ["error", ...typedServer] },
  },
  {
    // The one factory of an OutgoingMail casts to it (server/mail/outgoing.ts); nothing else may.
    files: ["server/mail/outgoing.ts"],
    rules: { "no-restricted-syntax": ["error", ...typedServer.filter((rule) => !mailMadeByMail.includes(rule)), ...sqlInDb, ...jsxText] },
  },
  {
    // No cast at all where requests are read, whatever the input is called or copied into (a
    // renamed copy of the body passed the selectors above): a route's input is typed by its zod
    // schema, a list's value is checked with `z.enum`, and a record's keys come from
    // core/records.ts. `as const` stays allowed.
    files: ["server/api/**/*.{ts,tsx}", "server/admin/**/routes.ts", "server/admin/**/*-routes.ts", "server/admin/index.ts"],
    ignores: ["**/__tests__/**"],
    rules: { "@typescript-eslint/consistent-type-assertions": ["error", { assertionStyle: "never" }] },
  },
  {
    // The app's pages and components (its own words too: see jsxText).
    files: ["app/**/*.tsx"],
    ignores: ["**/__tests__/**"],
    rules: { "no-restricted-syntax": ["error", ...jsxText] },
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
    plugins: { lescours },
    rules: { "lescours/no-fixed-pause": "error" },
  },
  {
    // The server reads content through its content store (server/content-store.ts), read again when a
    // publish goes live: never the content module's own value, which would keep what it read first,
    // nor a folder read (or found) its own way. Only the store reads the folder (`readContent`) and
    // knows where it is (`contentFile`); the editor's check reads a copy of it (validate.ts).
    files: ["server/**/*.{ts,tsx}"],
    ignores: ["**/__tests__/**"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [rawContentJson, serverContent(contentValues)] }] },
  },
  {
    files: ["server/content-store.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [rawContentJson, serverContent(["content", "findWine"])] }] },
  },
  {
    // The staff area: no import of the database's connection (noDatabaseModule).
    files: ["server/admin/**/*.{ts,tsx}"],
    ignores: ["**/__tests__/**"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [rawContentJson, serverContent(contentValues), ...noDatabaseModule] }] },
  },
  {
    files: ["server/admin/content/validate.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [rawContentJson, serverContent(["content", "findWine", "contentFile"]), ...noDatabaseModule] },
      ],
    },
  },
  {
    // SQL only in server/db, by the connection's type (databaseHandle): these files are linted with
    // the compiler's types. In the staff area, no connection at all.
    files: ["server/**/*.{ts,tsx}"],
    ignores: ["server/db/**", "**/__tests__/**"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { lescours },
    rules: { "lescours/database-handle": "error" },
  },
  {
    files: ["server/admin/**/*.{ts,tsx}"],
    ignores: ["**/__tests__/**"],
    rules: { "lescours/database-handle": ["error", { handle: true }] },
  },
  {
    // The mails and the bookings' rules read no file at all (the mail's logo is the site's icon,
    // read once at start-up from public/): what they say of the estate comes from the content store.
    files: ["server/mail/**/*.{ts,tsx}", "server/bookings/**/*.{ts,tsx}"],
    ignores: ["**/__tests__/**", "server/mail/logo.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [rawContentJson, serverContent(contentValues), noFiles] }] },
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
  {
    // The build-side modules draw from the content their loader hands them (contentOf(context),
    // app/lib/content.server.ts): a renderer gives each request the content it renders (a quick
    // build's folder, an editor's draft), so no module reads the content module's own value but that one.
    files: ["app/**/*.server.ts"],
    ignores: ["app/lib/content.server.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            rawContentJson,
            {
              regex: "^#content$",
              importNames: ["content", "findWine", "readContent", "contentFile", "buildSource"],
              message: "A loader's view is handed its content: take `content: Content` and let the loader pass contentOf(context) (app/lib/content.server.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    // The content module keeps no value that can change (a module reset under another name): what
    // draws from other content than its folder's is handed that content.
    files: ["content/**/*.ts"],
    ignores: ["**/__tests__/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: ":matches(Program, ExportNamedDeclaration) > VariableDeclaration[kind=/^(let|var)$/]",
          message: "No module value that can change in content/: hand the content to what needs it (app/lib/content.server.ts, a function's argument).",
        },
      ],
    },
  },
);
