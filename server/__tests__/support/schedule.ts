/** The staff's schedule form as a test fills it, and visitors' bookings as the tours form sends them. */
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { StaffClient } from "./admin";

/** The weekly schedule form's fields in a page as a browser would send them (that form only). */
export function scheduleFormIn(html: string): Record<string, string> {
  const form = /<form class="schedule-form"[^>]*>([\s\S]*?)<\/form>/.exec(html)![1]!;
  const fields: Record<string, string> = {};
  for (const match of form.matchAll(/<input([^>]*)>/g)) {
    const name = /name="([^"]+)"/.exec(match[1]!)?.[1];
    if (!name || name === "_csrf") continue;
    const type = /type="([^"]+)"/.exec(match[1]!)?.[1];
    if (type === "checkbox") {
      if (/checked/.test(match[1]!)) fields[name] = "on";
    } else fields[name] = /value="([^"]*)"/.exec(match[1]!)?.[1] ?? "";
  }
  return fields;
}

/** The schedule form's fields as the page fills them (that form only), with some changed; `undefined` unticks a box or drops a field. */
export async function scheduleFormWith(staff: StaffClient, changes: Record<string, string | undefined>): Promise<Record<string, string>> {
  const page = await staff.get("/admin/schedule");
  const merged: Record<string, string | undefined> = { ...scheduleFormIn(page.body), ...changes };
  return Object.fromEntries(Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** A visitor's booking through the public API, as the tours form sends it. */
export const bookTour = (
  app: FastifyInstance,
  booking: { language: string; page: string; name: string; email: string; phone?: string; guests: number; package: string; slot: string; waitlist?: boolean },
  remoteAddress = "127.0.0.1",
) =>
  app.inject({ method: "POST", url: "/api/tour-bookings", remoteAddress, headers: { "content-type": "application/json" }, payload: JSON.stringify(booking) });

/** A visitor's booking that must be taken (201, else the test fails naming the visitor): its id. */
export async function bookedId(app: FastifyInstance, booking: { name: string } & Record<string, unknown>): Promise<string> {
  const answer = await bookTour(app, booking as never);
  expect(answer.statusCode, `${booking.name}: ${answer.body}`).toBe(201);
  return (answer.json() as { id: string }).id;
}

/** The slots the visitors' availability answers for a package and days. */
export const availableSlots = async (app: FastifyInstance, pkg: string, from: string, to = from) =>
  (
    (await app.inject({ method: "GET", url: `/api/tours/availability?package=${pkg}&from=${from}&to=${to}` })).json() as {
      slots: { start: string; capacity: number; placesLeft: number }[];
    }
  ).slots;
