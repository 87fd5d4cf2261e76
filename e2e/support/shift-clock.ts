/**
 * Preloaded (`node --import`) into a server that a browser test wants to move forward in time
 * without waiting (a publish scheduled two minutes later): `Date` and `Date.now()` read the real
 * clock plus the number of milliseconds written in the file named by `CLOCK_SHIFT_FILE`, read
 * again whenever the file changes. Timers are not moved: the server looks at its schedule every
 * `CONTENT_SCHEDULE_CHECK_SECONDS`, so a test sets that low. Nothing of the server is changed.
 */
import { readFileSync, watch } from "node:fs";

const file = process.env.CLOCK_SHIFT_FILE;
if (file) {
  const RealDate = Date;
  let shift = 0;
  const read = () => {
    const value = Number(readFileSync(file, "utf8").trim() || "0");
    if (Number.isFinite(value)) shift = value;
  };
  read();
  watch(file, read).unref();
  class ShiftedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + shift);
      else super(...(args as [string | number | Date]));
    }
    static override now(): number {
      return RealDate.now() + shift;
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor;
}
