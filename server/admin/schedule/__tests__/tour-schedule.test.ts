import type { FastifyInstance } from "fastify";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { adminTranslator } from "#locales/admin";
import { addStaff, adminTestServer, signedInAdmin, parseHtml, StaffClient, textOf } from "../../../__tests__/support/admin";
import { attribute, elements } from "../../../__tests__/support/html";
import { closedAfterEachTest, TestSmtp } from "../../../__tests__/support/fixtures";
import { calendarOf, mailsTo, readEvent } from "../../../__tests__/support/tour-mail";
import { bookTour, scheduleFormIn, scheduleFormWith } from "../../../__tests__/support/schedule";
import { refusedFields, shownValue } from "../../../__tests__/support/refused-form";
import { tourNameOf } from "../../../__tests__/support/fixtures";

/**
 * The tour schedule in the staff area: admin accounts change the weekly times, the places and the
 * closed days; visitors' availability follows at once; other roles cannot open it.
 */
const { apps, smtps } = closedAfterEachTest();
const clock = Date.parse("2027-03-01T09:00:00Z");
const admin = { email: "direction@hermitage-lescours.example", password: "the oldest vines face south" };
const said = (body: string) => textOf(parseHtml(body)).replace(/\s+/g, " ");
const en = adminTranslator("en").t;
const fr = adminTranslator("fr").t;

/** The estate's office (an `inbox` account, no second factor) signed in from 10.3.0.9. */
async function signedInOffice(app: FastifyInstance): Promise<StaffClient> {
  await addStaff(app, "office@hermitage-lescours.example", "a long enough password here", "inbox");
  const office = new StaffClient(app, "10.3.0.9");
  await office.signIn("office@hermitage-lescours.example", "a long enough password here");
  return office;
}

async function server(env: Record<string, string> = {}) {
  const app = await adminTestServer(env, { now: () => new Date(clock) });
  apps.add(app);
  return app;
}

const starts = async (app: FastifyInstance, query: string) =>
  ((await app.inject({ method: "GET", url: `/api/tours/availability?${query}` })).json() as { slots: { start: string; capacity: number }[] }).slots;

describe("the tour schedule", () => {
  it("shows the documented defaults and saves new times and places, which visitors see at once", async () => {
    const app = await server();
    const staff = await signedInAdmin(app, admin, clock);
    const page = await staff.get("/admin/schedule");
    expect(page.statusCode).toBe(200);
    const defaults = await scheduleFormWith(staff, {});
    expect([
      defaults["capacity-hermitage"],
      defaults["capacity-mongiron"],
      defaults.cutoffHours,
      defaults.holdHours,
      defaults.reminderHours,
      defaults.waitlistHoldHours,
      defaults.horizonMonths,
    ]).toEqual(["8", "8", "24", "48", "24", "12", "12"]);
    // Each weekly time is a row: the time, and a box per weekday (every day by default).
    expect([defaults["time-hermitage-0"], defaults["time-hermitage-1"], defaults["time-mongiron-1"], defaults["time-both-0"], defaults["time-both-1"]]).toEqual(
      ["10:00", "15:00", "16:30", "14:00", ""],
    );
    expect([1, 2, 3, 4, 5, 6, 7].every((day) => defaults[`day-hermitage-0-${day}`] === "on")).toBe(true);
    expect([defaults.sharedGuide, defaults["instant-hermitage"]]).toEqual([undefined, "on"]);
    // Wednesday 3 March 2027: Mongiron runs once, at 9:30, for 6 people (its other days unchanged).
    const saved = await staff.post(
      "/admin/schedule",
      await scheduleFormWith(staff, {
        "capacity-mongiron": "6",
        "day-mongiron-0-3": undefined,
        "day-mongiron-1-3": undefined,
        "time-mongiron-2": "09:30",
        "day-mongiron-2-3": "on",
      }),
    );
    expect(saved.statusCode).toBe(303);
    expect(said((await staff.get(saved.headers.location as string)).body)).toContain("The schedule is saved.");
    expect(await starts(app, "package=mongiron&from=2027-03-03&to=2027-03-03")).toEqual([{ start: "2027-03-03T09:30:00+01:00", capacity: 6, placesLeft: 6 }]);
    expect(await starts(app, "package=mongiron&from=2027-03-04&to=2027-03-04")).toHaveLength(2);
    // The Château L’Hermitage Lescours tour keeps its own capacity.
    expect((await starts(app, "package=hermitage&from=2027-03-03&to=2027-03-03"))[0]).toMatchObject({ capacity: 8 });
    const audit = app.db.prepare("SELECT actor, action FROM audit_log WHERE action LIKE 'schedule.%'").all();
    expect(audit).toEqual([{ actor: admin.email, action: "schedule.changed" }]);
  });

  it("refuses a wrong time or number, naming it, and keeps what was typed", async () => {
    const app = await server();
    const staff = await signedInAdmin(app, admin, clock);
    const refused = await staff.post(
      "/admin/schedule",
      await scheduleFormWith(staff, { "capacity-both": "80", "time-both-0": "2pm", horizonMonths: "0", "day-mongiron-2-6": "on" }),
    );
    expect(refused.statusCode).toBe(400);
    const text = said(refused.body);
    expect(text).toContain("Both châteaux tour: places per tour must be a whole number from 1 to 50.");
    expect(text).toContain("Both châteaux tour: “2pm” is not a time (for example 10:30).");
    expect(text).toContain("Booking horizon (months ahead): a whole number from 1 to 36.");
    expect(text).toContain("Château Mongiron tour: a line has days ticked (Saturday) but no time.");
    expect(refused.body).toContain('value="2pm"');
    // Each at its own field, which keeps what was typed.
    expect(refusedFields(refused.body)).toEqual({
      "capacity-both": "Both châteaux tour: places per tour must be a whole number from 1 to 50.",
      "time-both-0": "Both châteaux tour: “2pm” is not a time (for example 10:30).",
      horizonMonths: "Booking horizon (months ahead): a whole number from 1 to 36.",
      "time-mongiron-2": "Château Mongiron tour: a line has days ticked (Saturday) but no time.",
    });
    expect(["capacity-both", "time-both-0", "horizonMonths", "day-mongiron-2-6"].map((name) => shownValue(refused.body, name))).toEqual([
      "80",
      "2pm",
      "0",
      "on",
    ]);
    expect(await starts(app, "package=both&from=2027-03-07&to=2027-03-07")).toEqual([{ start: "2027-03-07T14:00:00+01:00", capacity: 8, placesLeft: 8 }]);
    // The same in French.
    await staff.post("/admin/language", { lang: "fr", back: "/admin/schedule" });
    const refusé = await staff.post("/admin/schedule", await scheduleFormWith(staff, { "time-both-0": "2pm", holdHours: "" }));
    expect(refusedFields(refusé.body)).toEqual({
      "time-both-0": fr("schedule.error.time", { tour: tourNameOf("both", "fr"), time: "2pm" }),
      holdHours: fr("schedule.error.number", { field: fr("schedule.hold"), min: 1, max: 720 }),
    });
  });

  it("keeps the weekly form as stored when another form of the page is refused", async () => {
    const app = await server();
    const staff = await signedInAdmin(app, admin, clock);
    const stored = await scheduleFormWith(staff, {});
    for (const refused of [
      await staff.post("/admin/schedule/closures", { firstDay: "2027-09-20", lastDay: "2027-09-10", note: "Vendanges" }),
      await staff.post("/admin/schedule/dates", { day: "2027-03-06", package: "hermitage", kind: "extra", time: "25:00", capacity: "", dateNote: "" }),
    ]) {
      expect(refused.statusCode).toBe(400);
      expect(scheduleFormIn(refused.body)).toEqual(stored);
    }
  });

  it("refuses to remove a closure or a date change at an address that names none, and removes nothing", async () => {
    const app = await server();
    const staff = await signedInAdmin(app, admin, clock);
    expect((await staff.post("/admin/schedule/closures", { firstDay: "2027-09-20", lastDay: "2027-09-30", note: "Vendanges" })).statusCode).toBe(303);
    const kept = app.bookings.schedule.current().closures;
    expect(kept).toHaveLength(1);
    for (const kind of ["closures", "dates"]) {
      // A number that is no longer there (removed in another tab): the schedule as it is.
      const gone = await staff.post(`/admin/schedule/${kind}/999999/remove`, {});
      expect([gone.statusCode, gone.headers.location]).toEqual([303, "/admin/schedule"]);
      // An address of another shape: refused, naming the field.
      for (const id of ["abc", "1e3", "-1", "12345678901234567890"]) {
        const refused = await staff.post(`/admin/schedule/${kind}/${id}/remove`, {});
        expect(refused.statusCode, `${kind} ${id}`).toBe(400);
        expect(said(refused.body)).toContain(en("error.invalidForm.text", { fields: "id" }));
      }
    }
    expect(app.bookings.schedule.current().closures).toEqual(kept);
  });

  it("names a refused closure or date change at its field, keeps what was typed and changes nothing", async () => {
    const app = await server();
    const staff = await signedInAdmin(app, admin, clock);
    const controls = (html: string) => [...elements(parseHtml(html))].filter((element) => ["input", "select"].includes(element.tagName));
    const control = (html: string, name: string) => controls(html).find((element) => attribute(element, "name") === name)!;
    const problemOf = (html: string, name: string) => {
      const id = attribute(control(html, name), "aria-describedby");
      const found = [...elements(parseHtml(html))].find((element) => attribute(element, "id") === id);
      return id && found ? textOf(found) : "";
    };
    const refusedNames = (html: string) =>
      controls(html)
        .filter((element) => attribute(element, "aria-invalid") === "true")
        .map((element) => attribute(element, "name"))
        .sort();

    const closure = await staff.post("/admin/schedule/closures", { firstDay: "2027-09-20", lastDay: "2027-09-10", note: "Vendanges" });
    expect(closure.statusCode).toBe(400);
    expect(refusedNames(closure.body)).toEqual(["lastDay"]);
    expect(problemOf(closure.body, "lastDay")).not.toBe("");
    expect(attribute(control(closure.body, "lastDay"), "value")).toBe("2027-09-10");
    expect(attribute(control(closure.body, "note"), "value")).toBe("Vendanges");

    const date = await staff.post("/admin/schedule/dates", {
      day: "2027-03-06",
      package: "hermitage",
      kind: "capacity",
      time: "25:00",
      capacity: "",
      dateNote: "Salon",
    });
    expect(date.statusCode).toBe(400);
    expect(refusedNames(date.body)).toEqual(["capacity", "time"]);
    expect(problemOf(date.body, "capacity")).toMatch(/1.*50/);
    expect(attribute(control(date.body, "dateNote"), "value")).toBe("Salon");
    expect(attribute(control(date.body, "time"), "value")).toBe("25:00");
    expect(app.bookings.schedule.current().closures).toEqual([]);
    expect(app.bookings.schedule.current().dateChanges).toEqual([]);
  });

  it("closes days (the harvest) and opens them again", async () => {
    const app = await server();
    const staff = await signedInAdmin(app, admin, clock);
    expect((await staff.post("/admin/schedule/closures", { firstDay: "2027-09-20", lastDay: "2027-09-10", note: "" })).statusCode).toBe(400);
    const added = await staff.post("/admin/schedule/closures", { firstDay: "2027-09-20", lastDay: "2027-09-30", note: "Vendanges" });
    expect(added.statusCode).toBe(303);
    expect(await starts(app, "package=hermitage&from=2027-09-19&to=2027-10-01")).toEqual([
      { start: "2027-09-19T10:00:00+02:00", capacity: 8, placesLeft: 8 },
      { start: "2027-09-19T15:00:00+02:00", capacity: 8, placesLeft: 8 },
      { start: "2027-10-01T10:00:00+02:00", capacity: 8, placesLeft: 8 },
      { start: "2027-10-01T15:00:00+02:00", capacity: 8, placesLeft: 8 },
    ]);
    const page = await staff.get("/admin/schedule");
    expect(said(page.body)).toContain("Monday, 20 September 2027 to Thursday, 30 September 2027 · Vendanges");
    const remove = /action="(\/admin\/schedule\/closures\/\d+\/remove)"/.exec(page.body)![1]!;
    expect((await staff.post(remove, {})).statusCode).toBe(303);
    expect(await starts(app, "package=hermitage&from=2027-09-25&to=2027-09-25")).toHaveLength(2);
  });

  it("is for admin accounts only", async () => {
    const app = await server();
    const office = await signedInOffice(app);
    expect((await office.get("/admin/schedule")).statusCode).toBe(403);
    expect((await office.post("/admin/schedule", { capacity: "50" })).statusCode).toBe(403);
    expect((await app.inject({ method: "GET", url: "/admin/schedule" })).statusCode).toBe(303);
  });
});

describe("a booking's tour time on its page", () => {
  const book = (app: FastifyInstance, guests: number, email: string) =>
    bookTour(app, { language: "en", page: "/wine-tours", name: "Guest", email, guests, package: "hermitage", slot: "2027-03-20T10:00:00+01:00" });
  const status = (app: FastifyInstance, id: string) =>
    (app.db.prepare("SELECT status FROM tour_slot_bookings WHERE booking_id = ?").get(id) as { status: string }).status;

  it("declines, refuses to undo into a slot taken meanwhile unless an admin overrides with a reason (logged), and cancels", async () => {
    const app = await server();
    const staff = await signedInAdmin(app, admin, clock);
    const office = await signedInOffice(app);

    const first = (await book(app, 5, "first@example.com")).json().id as string;
    const page = `/admin/submissions/tour-bookings/${first}`;
    expect(said((await office.get(page)).body)).toContain("5 of 8 places taken at this time");
    // Declined by the office: the places return, and a second group takes six of them.
    expect((await office.post(`${page}/slot/decline`, { sure: "yes" })).headers.location).toBe(`${page}?slot=decline`);
    expect(status(app, first)).toBe("declined");
    expect((await book(app, 6, "second@example.com")).statusCode).toBe(201);
    // Undoing the decline would make 11 of 8: refused, for the office and for an admin without the override.
    expect((await office.post(`${page}/slot/undo`, {})).headers.location).toBe(`${page}?slot=full`);
    expect((await office.post(`${page}/slot/undo`, { override: "yes", reason: "old friends" })).headers.location).toBe(`${page}?slot=full`);
    expect(status(app, first)).toBe("declined");
    await staff.get(page);
    expect((await staff.post(`${page}/slot/undo`, { override: "yes", reason: "" })).headers.location).toBe(`${page}?slot=reasonNeeded`);
    expect((await staff.post(`${page}/slot/undo`, { override: "yes", reason: " \u0007 " })).headers.location).toBe(`${page}?slot=reasonNeeded`);
    // The page says so at the reason's field of the override form, shown again.
    const asked = parseHtml((await staff.get(`${page}?slot=reasonNeeded`)).body);
    const reasonField = [...elements(asked)].find((element) => element.tagName === "textarea" && attribute(element, "name") === "reason")!;
    expect(attribute(reasonField, "aria-invalid")).toBe("true");
    const reasonProblem = [...elements(asked)].find((element) => attribute(element, "id") === attribute(reasonField, "aria-describedby"))!;
    expect(textOf(reasonProblem)).toBe(en("slot.reasonNeeded"));
    // An action the slot does not have, or a tick with another value than the box's: 400 naming the field, nothing changed.
    const unknown = await staff.post(`${page}/slot/approve`, {});
    expect(unknown.statusCode).toBe(400);
    expect(said(unknown.body)).toContain(en("error.invalidForm.text", { fields: "action" }));
    const garbled = await office.post(`${page}/slot/cancel`, { sure: "no" });
    expect(garbled.statusCode).toBe(400);
    expect(said(garbled.body)).toContain(en("error.invalidForm.text", { fields: "sure" }));
    expect(status(app, first)).toBe("declined");
    expect((await staff.post(`${page}/slot/undo`, { override: "yes", reason: "The owner's guests" })).headers.location).toBe(`${page}?slot=undo`);
    expect(status(app, first)).toBe("confirmed");
    const logged = app.db.prepare("SELECT actor, action, detail FROM audit_log WHERE target_id = ? ORDER BY id").all(first) as {
      actor: string;
      action: string;
      detail: string;
    }[];
    expect(logged.map((entry) => [entry.actor, entry.action])).toEqual([
      ["office@hermitage-lescours.example", "booking.slot-declined"],
      [admin.email, "booking.slot-confirmed-over-capacity"],
    ]);
    expect(JSON.parse(logged[1]!.detail)).toMatchObject({ overbooked: true, reason: "The owner's guests" });
    // Cancelling needs the box ticked, then frees the places.
    expect((await office.post(`${page}/slot/cancel`, {})).headers.location).toBe(page);
    expect(status(app, first)).toBe("confirmed");
    expect((await office.post(`${page}/slot/cancel`, { sure: "yes" })).headers.location).toBe(`${page}?slot=cancel`);
    expect(status(app, first)).toBe("cancelled");
    expect(said((await office.get(page)).body)).toContain("6 of 8 places taken at this time");
  });

  it("moves a booking to another time with room, in one step: the visitor gets the same calendar entry at the new time, and the history keeps both times", async () => {
    const smtp = new TestSmtp();
    smtps.add(smtp);
    await smtp.start();
    const app = await server({ SMTP_URL: smtp.url });
    const office = await signedInOffice(app);
    const id = (await book(app, 3, "mover@example.com")).json().id as string;
    const [booked] = await mailsTo(smtp, "mover@example.com", 1);
    const first = readEvent(calendarOf(booked).content.toString());
    // Sunday 21 March 2027: 15:00 has 6 places taken, so this group of 3 cannot go there; 10:00 is free.
    for (const email of ["a@example.com", "b@example.com"]) {
      await bookTour(app, { language: "en", page: "/wine-tours", name: "Guest", email, guests: 3, package: "hermitage", slot: "2027-03-21T15:00:00+01:00" });
    }
    const page = `/admin/submissions/tour-bookings/${id}`;
    const day = said((await office.get(`${page}?moveDay=2027-03-21`)).body);
    expect(day).toContain("Times on Sunday, 21 March 2027 (Paris time)");
    expect(day).toContain("10:00 8 places left");
    expect(day).toContain("15:00 only 2 places left: not enough for this group");
    expect((await office.post(`${page}/slot/move`, { slot: "2027-03-21T15:00:00+01:00" })).headers.location).toBe(`${page}?slot=moveFull`);
    expect((await office.post(`${page}/slot/move`, { slot: "2027-03-21T12:00:00+01:00" })).headers.location).toBe(`${page}?slot=moveClosed`);
    expect((await office.post(`${page}/slot/move`, { slot: "tomorrow" })).headers.location).toBe(`${page}?slot=moveChoose`);
    // The visitor asked for it on the phone: the form says so, and the history keeps it.
    const moved = await office.post(`${page}/slot/move`, { slot: "2027-03-21T10:00:00+01:00", whyPreset: "guestAsked", whyNote: "" });
    expect(moved.headers.location).toBe(`${page}?slot=moved`);
    const shown = said((await office.get(moved.headers.location as string)).body);
    expect(shown).toContain("The visit is moved; the visitor gets the new time and an updated calendar file.");
    expect(shown).toContain("Sunday, 21 March 2027 at 10:00 (Paris time)");
    expect(shown).toContain("3 of 8 places taken at this time");

    const [, movedMail] = await mailsTo(smtp, "mover@example.com", 2);
    expect(movedMail!.text).toContain("When: Sunday, March 21, 2027 at 10:00 AM (Paris time)");
    const after = readEvent(calendarOf(movedMail).content.toString());
    expect(after).toMatchObject({
      method: "REQUEST",
      uid: first.uid,
      sequence: first.sequence + 1,
      local: "2027-03-21T10:00:00",
      utc: "2027-03-21T09:00:00.000Z",
    });
    const logged = app.db.prepare("SELECT actor, action, detail FROM audit_log WHERE target_id = ?").all(id) as {
      actor: string;
      action: string;
      detail: string;
    }[];
    expect(logged.map((entry) => [entry.actor, entry.action, JSON.parse(entry.detail)])).toEqual([
      ["office@hermitage-lescours.example", "booking.slot-moved", { from: "2027-03-20 10:00", to: "2027-03-21 10:00", why: "guestAsked", note: "" }],
    ]);
    // The places of 20 March are free again.
    expect(await starts(app, "package=hermitage&from=2027-03-20&to=2027-03-20")).toEqual([
      { start: "2027-03-20T10:00:00+01:00", capacity: 8, placesLeft: 8 },
      { start: "2027-03-20T15:00:00+01:00", capacity: 8, placesLeft: 8 },
    ]);
  });
});

describe("the staff's private calendar feed", () => {
  it("lists the confirmed tours at a private address shown on the account page, which a new address revokes", async () => {
    const app = await server();
    const office = await signedInOffice(app);
    await bookTour(app, {
      language: "fr",
      page: "/fr/wine-tours",
      name: "Camille Martin",
      email: "camille@example.fr",
      guests: 5,
      package: "hermitage",
      slot: "2027-03-28T10:00:00+02:00",
    });
    const account = await office.get("/admin/account");
    expect(said(account.body)).toContain("Calendar of confirmed tours");
    const address = /https:\/\/www\.hermitage-lescours\.example(\/admin\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics)/.exec(account.body)![1]!;
    // A calendar app reads it without a session.
    const feed = await app.inject({ method: "GET", url: address });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
    const events = calendar.getAllSubcomponents("vevent").map((event) => new ICAL.Event(event));
    expect(events.map((event) => [event.summary, event.startDate.toString(), event.startDate.zone.tzid, event.startDate.toJSDate().toISOString()])).toEqual([
      ["Camille Martin · 5 people · Château L’Hermitage Lescours tour", "2027-03-28T10:00:00", "Europe/Paris", "2027-03-28T08:00:00.000Z"],
    ]);
    expect(events[0]!.description).toContain("Language: French");
    // A member who chose French in the staff area gets the feed in French.
    await office.post("/admin/language", { lang: "fr", back: "/admin/account" });
    const frenchFeed = new ICAL.Component(ICAL.parse((await app.inject({ method: "GET", url: address })).body));
    const french = new ICAL.Event(frenchFeed.getFirstSubcomponent("vevent")!);
    expect(french.summary).toBe(`Camille Martin · ${fr("slot.guests", { count: 5 })} · ${app.bookings.content.tourName("hermitage", "fr")}`);
    expect(french.description).toContain(fr("feed.language", { language: "français" }));
    await office.post("/admin/language", { lang: "en", back: "/admin/account" });

    // Without the box ticked nothing changes; with it, a new address, and the old one is gone.
    expect((await office.post("/admin/account/calendar-feed", {})).headers.location).toBe("/admin/account");
    // A tick with another value than the box's own is refused, naming it.
    const garbled = await office.post("/admin/account/calendar-feed", { sure: "perhaps" });
    expect(garbled.statusCode).toBe(400);
    expect(said(garbled.body)).toContain(en("error.invalidForm.text", { fields: "sure" }));
    expect((await app.inject({ method: "GET", url: address })).statusCode).toBe(200);
    expect((await office.post("/admin/account/calendar-feed", { sure: "yes" })).headers.location).toBe("/admin/account?feed=renewed");
    const renewed = await office.get("/admin/account?feed=renewed");
    expect(said(renewed.body)).toContain("A new address is made: the old one no longer works.");
    const next = /(\/admin\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics)/.exec(renewed.body)![1]!;
    expect(next).not.toBe(address);
    expect((await app.inject({ method: "GET", url: address })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: next })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/admin/calendar/feed/guess.ics" })).statusCode).toBe(404);
    const logged = app.db.prepare("SELECT actor, action FROM audit_log WHERE action LIKE 'staff.calendar%'").all();
    expect(logged).toEqual([{ actor: "office@hermitage-lescours.example", action: "staff.calendar-feed-renewed" }]);
  });

  it("is not offered to an editor, whose role does not open the bookings", async () => {
    const app = await server();
    await addStaff(app, "editor@hermitage-lescours.example", "a long enough password here", "editor");
    const editor = new StaffClient(app, "10.3.0.7");
    await editor.signIn("editor@hermitage-lescours.example", "a long enough password here");
    expect(said((await editor.get("/admin/account")).body)).not.toContain("Calendar of confirmed tours");
    expect((await editor.post("/admin/account/calendar-feed", { sure: "yes" })).statusCode).toBe(403);
  });
});

describe("the tour calendar", () => {
  it("shows a day's and a week's times with places and bookings, closed days, and a Calendar entry for inbox roles only", async () => {
    const app = await server();
    const office = await signedInOffice(app);
    await bookTour(app, {
      language: "ja",
      page: "/ja/wine-tours",
      name: "Hanako Sato",
      email: "hanako@example.jp",
      guests: 3,
      package: "mongiron",
      slot: "2027-03-17T11:30:00+01:00",
    });
    app.db.prepare("INSERT INTO tour_closures (first_day, last_day, note) VALUES ('2027-03-19', '2027-03-19', 'Bottling')").run();
    app.bookings.schedule.changed();
    const day = await office.get("/admin/calendar?view=day&day=2027-03-17");
    expect(day.statusCode).toBe(200);
    const text = said(day.body);
    expect(text).toContain("Wednesday, 17 March 2027");
    expect(text).toContain("11:30 Château Mongiron tour3 places taken, 5 left of 8Hanako Sato · 3 people · Japanese · Confirmed");
    expect(text).toContain("10:00 Château L’Hermitage Lescours tour0 places taken, 8 left of 8");
    expect(day.body).toContain('href="/admin/calendar"');
    const week = said((await office.get("/admin/calendar?view=week&day=2027-03-17")).body);
    // The week holding 17 March, Monday first; Friday closed with the staff's note.
    expect(week).toContain("Mon 15 Mar");
    expect(week).toContain("Sun 21 Mar");
    expect(week).toContain("Fri 19 MarClosed: Bottling");
    await addStaff(app, "editor@hermitage-lescours.example", "a long enough password here", "editor");
    const editor = new StaffClient(app, "10.3.0.7");
    await editor.signIn("editor@hermitage-lescours.example", "a long enough password here");
    expect((await editor.get("/admin/calendar")).statusCode).toBe(403);
    expect((await editor.get("/admin/account")).body).not.toContain('href="/admin/calendar"');
  });
});
