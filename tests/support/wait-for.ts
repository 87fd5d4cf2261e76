/**
 * Waiting for a condition in a vitest test, with no deadline of its own: the test's own limit
 * (vitest.config.ts) is the only one, so a busy machine makes a test slower, never red. A short
 * deadline here failed correct code on a busy first run ("timed out waiting for five e-mails",
 * 10 s, with both cores taken).
 */
import { TestRunner } from "vitest";
import { pace } from "./pacing";

/** How often the condition is looked at again. */
const lookEveryMs = 20;

/**
 * Resolves once `check` holds, looking again every 20 ms (an asynchronous check, such as a page
 * asked of a server, once its answer came). When the test's limit runs out first, the test fails
 * with vitest's timeout and this stops looking, naming `what` it waited for.
 */
export async function waitFor(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const signal = TestRunner.getCurrentTest()?.context.signal;
  while (!(await check())) {
    if (signal?.aborted) throw new Error(`the test's limit ran out while waiting for ${what}`);
    await pace(lookEveryMs);
  }
}
