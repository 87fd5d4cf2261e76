/**
 * The tours form's day times read the availability answer: a malformed answer (no `slots` list, or
 * slots without a start or places) must make the form say the times could not be loaded, not crash
 * it (`load.slots.filter` on undefined failed a CI run once).
 */
import { describe, expect, it } from "vitest";
import { readSlots } from "../slot-picker";

const answer = (body: unknown, status = 200) =>
  new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("reading the availability answer", () => {
  it("gives the slots of a well-formed answer", async () => {
    const slots = [{ start: "2027-03-29T10:00:00+02:00", capacity: 8, placesLeft: 5 }];
    await expect(readSlots(answer({ slots }))).resolves.toEqual([{ start: "2027-03-29T10:00:00+02:00", capacity: 8, placesLeft: 5 }]);
    await expect(readSlots(answer({ slots: [] }))).resolves.toEqual([]);
  });

  it.each([
    ["an empty object", {}],
    ["slots that are not a list", { slots: "none" }],
    ["a null body", null],
    ["a slot without its start", { slots: [{ capacity: 8, placesLeft: 5 }] }],
    ["a slot whose places are not a number", { slots: [{ start: "2027-03-29T10:00:00+02:00", capacity: 8, placesLeft: "5" }] }],
  ])("refuses %s, so the form shows its 'failed' message", async (_name, body) => {
    await expect(readSlots(answer(body))).rejects.toThrow();
  });

  it("refuses a page that is not JSON, and a refused request", async () => {
    await expect(readSlots(answer("<html>proxy error</html>"))).rejects.toThrow();
    await expect(readSlots(answer({ slots: [] }, 503))).rejects.toThrow();
  });
});
