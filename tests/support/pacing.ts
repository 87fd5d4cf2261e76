/**
 * The named pacing helpers: the only places a test may let time pass on purpose
 * (eslint.config.js refuses a fixed pause anywhere else in a test, tests/lint-floors.test.ts
 * proves it). A test waits for events: an output line, an exit, the outbox going idle, a
 * web-first assertion, `waitFor` a condition. Time itself is the subject only where a test
 * makes load at a pace (a client every 200 ms) or lets the event loop turn.
 */

/** Waits `ms` between the steps a test repeats at its own pace (a load's requests, a condition looked at again): never a wait for something to happen. */
export function pace(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Lets the event loop run the tasks due within `ms` (0: the next turn of the timers), for a test
 * of what happens in a later task and not in this one's microtasks.
 */
export function aTaskLater(ms = 0): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Runs a stand-in's `answer` after `ms` (a relay that takes its time over each e-mail): the stand-in's pace, which its test is about. */
export function answerAfter(ms: number, answer: () => void): NodeJS.Timeout {
  return setTimeout(answer, ms);
}
