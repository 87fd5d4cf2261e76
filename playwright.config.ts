import { register } from "node:module";
import { defineConfig } from "@playwright/test";
import { executablePath, testRunnerArgs } from "./e2e/support/browser";

// Every process of the run loads this file first: JSON imports without an import attribute work
// in the tests as they do in the app (e2e/support/json-modules.mjs).
register("./e2e/support/json-modules.mjs", import.meta.url);

/**
 * The browser tests (e2e/README.md): Debian's Chromium, the built site served by the real server.
 * The servers start once for the run in the global setup, which hands their addresses to the
 * workers (e2e/support/servers.ts); the fixtures of e2e/support/fixtures.ts open and close pages.
 */
export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.test.ts",
  globalSetup: "./e2e/support/global-setup.ts",
  // Alone, three workers on two cores: the tests wait on servers, polls and mail much of the time. Against two
  // instances on PostgreSQL (what `npm test` runs) the suite took 475 s with two workers, 395 s with
  // three and 386 s with four, which saturated both cores (docs/benchmarks.md). Tests of one file
  // spread over the workers; the files whose tests share a server of their own say so.
  // E2E_WORKERS sets another number: `npm test` runs these tests with two, beside the PostgreSQL and the
  // integration suites, where a third Chromium only made every process wait longer for the same two
  // cores (the last stage 601–666 s with three, 590 s with two, and 1,153 CPU-seconds where three
  // took 1,200–1,330: docs/benchmarks.md).
  workers: Number(process.env.E2E_WORKERS) || 3,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // A test that fails once is a finding, not noise to retry away.
  retries: 0,
  // Limits are a last resort, generous enough for a machine whose cores are busy with other work.
  // The test's is the only one: a web-first assertion or `expect.poll` waits until it (0: no limit
  // of its own), where a 15 s one failed correct code on a busy machine.
  timeout: 120_000,
  expect: { timeout: 0 },
  // The JSON report keeps each test's duration, to see where the suite's time goes (e2e/README.md).
  reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }], ["json", { outputFile: "test-results/results.json" }]],
  outputDir: "test-results",
  use: {
    browserName: "chromium",
    launchOptions: { executablePath, args: testRunnerArgs },
    // No trace: recording one for every test cost a fifth of the suite's CPU once the browser's own
    // start-up costs were cut (e2e/README.md), and the tests run where no one opens a trace. To see
    // what a failing test did, run it again with `--trace retain-on-failure` (or `--trace on`).
    trace: "off",
    screenshot: "only-on-failure",
  },
});
