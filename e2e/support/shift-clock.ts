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
  // A constructor whose prototype is the real Date.prototype, not a subclass: a library that reads
  // Date.prototype's own methods finds them all (@date-fns/tz wraps each one; on a subclass's empty
  // prototype it wrapped none, and a TZDate at Paris midnight said the day before: the editor then
  // refused "2026-11-30T00:00" in a test run between 22:00 and 23:00 UTC).
  function ShiftedDate(this: unknown, ...args: unknown[]): Date | string {
    const at = args.length === 0 ? [RealDate.now() + shift] : args;
    // Date() called without `new` gives the time as text.
    if (!new.target) return new RealDate(RealDate.now() + shift).toString();
    return Reflect.construct(RealDate, at, new.target) as Date;
  }
  ShiftedDate.prototype = RealDate.prototype;
  ShiftedDate.now = () => RealDate.now() + shift;
  ShiftedDate.parse = RealDate.parse;
  ShiftedDate.UTC = RealDate.UTC;
  globalThis.Date = ShiftedDate as unknown as DateConstructor;
}
