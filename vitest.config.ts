import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * The server's suites that run a second time on PostgreSQL (project "postgres"): every one of them,
 * found by a glob, so a new suite cannot be left on SQLite alone (issue 51: every server test on both
 * databases), the tests of the compiled server as a process among them (each process on the test's
 * own database: `startServer`, e2e/support/server.ts; where SQLite itself is the subject, a test says
 * which test covers PostgreSQL and is skipped). The server runs the same code on both, but
 * not the same SQL, locks and leases: 14 tests of the suites once left out found a SQLite habit
 * (a pragma, a second SQLite connection, an aggregate without GROUP BY) or a fault (a lease a
 * restarted server waited out, a rate-limit clock) only there.
 */
const postgresSuites = ["server/**/__tests__/*.test.ts"];

export default defineConfig({
  resolve: {
    alias: { "~": new URL("./app", import.meta.url).pathname, "@content-images": new URL("./content/images", import.meta.url).pathname },
  },
  test: {
    // Vitest runs files on one core fewer than the machine has: one worker on two cores. All of
    // them: unit tests 218 s → 146 s here (a third worker: 143 s, no better), integration tests
    // 85 s → 51–53 s.
    maxWorkers: availableParallelism(),
    // The server and its commands compiled (scripts/build-server.mjs), when their sources changed: the
    // tests that start them as processes run what production runs (e2e/support/server.ts).
    // The run's temporary folders in a folder removed at its end, each test file's in a folder of
    // its own inside, removed after it (tests/support/scratch.ts). A project's own setup files come after.
    globalSetup: ["./tests/support/compile-server.ts", "./tests/support/scratch-run.ts"],
    setupFiles: ["./tests/support/scratch-per-file.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          // Test files share a worker's modules instead of importing the server, the content and
          // their libraries again for each of the 77 files: 170 s → 89–100 s here, the import time
          // 104 s → 15–18 s (docs/benchmarks.md). No module holds a value a test changes: the server
          // keeps no content in a module (each test server reads its own folder:
          // server/content-store.ts), the build's content module reads its folder once and nothing
          // replaces it (the tests that draw pages from another folder or a draft hand that content
          // to the views and the structured data: new-content-item, structured-data,
          // content-injection), and Snipcart's loader is built with the key a test gives it
          // (`snipcartLoader`). The suite passed so in its default order, from a cold cache and
          // shuffled.
          isolate: false,
          include: [
            "{app,content,core,forms,presentation,server,pipeline,generators,bench}/**/__tests__/**/*.test.{ts,tsx}",
            "tests/**/*.test.ts",
            "locales/__tests__/**/*.test.ts",
          ],
          exclude: [...configDefaults.exclude, "**/*.integration.test.ts"],
          environment: "node",
          // A backstop for a test that hangs, not a speed: property tests with thousands of cases,
          // argon2id hashing and real sockets take seconds on an idle machine and ten times that with
          // both cores busy, where vitest's 5 s default failed correct code.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // The server's suites again on PostgreSQL (`postgresSuites`): each test server on its own
          // database of one throwaway cluster (tests/support/postgres-setup.ts).
          name: "postgres",
          include: postgresSuites,
          // As the unit project (above), for the same reasons: the same files; what only this project
          // keeps in a module (the connection that makes the databases, server/__tests__/support/test-database.ts)
          // is dropped and closed after each file (tests/support/postgres-skip.ts).
          isolate: false,
          globalSetup: ["./tests/support/postgres-setup.ts"],
          setupFiles: ["./tests/support/postgres-skip.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // Whole processes: the compiled server started as `npm start` would, killed with SIGKILL or SIGTERM.
          name: "integration",
          // As the unit tests: files share a worker's modules, instead of each importing the server's
          // support again (imports 26 s → 8 s, the project 98 s → 75 s here; the tests start their
          // own processes and change no module's state).
          isolate: false,
          include: ["**/__tests__/**/*.integration.test.ts"],
          exclude: [...configDefaults.exclude],
          environment: "node",
          testTimeout: 120_000,
        },
      },
    ],
  },
});
