/**
 * Where the servers of the run listen. e2e/support/global-setup.ts starts them once, before any
 * worker, and hands their addresses down through the environment, which every worker inherits.
 * The runner also imports the test files once to list the tests, before the servers exist: there
 * these are empty, and nothing may use them outside a test or a hook.
 */
function handedDown(name: string): string {
  const value = process.env[name];
  // TEST_WORKER_INDEX is set in Playwright's workers only: a worker without the value ran without the setup.
  if (value === undefined && process.env.TEST_WORKER_INDEX !== undefined) {
    throw new Error(`${name} is not set: run the browser tests with "npx playwright test" (playwright.config.ts starts the servers)`);
  }
  return value ?? "";
}

/** The production build (`build/`, or E2E_BUILD_DIR), served by the real server. */
export const baseUrl = handedDown("E2E_BASE_URL");

/** The development build (`build-dev/`) when one exists, or "" (tests that need it skip themselves). */
export const devBaseUrl = handedDown("E2E_DEV_BASE_URL");

/** The production server's data folder: its SQLite database of submissions. */
export const dataDir = handedDown("E2E_DATA_DIR");
