/**
 * One booking ledger the estate runs its day from: a booking is the truth and the schedule a
 * template. No schedule change (a closed day, a moved or removed weekly time, a lowered capacity,
 * a change for one date) hides a guest or makes a booked place bookable again; a change that
 * touches bookings lists them first and settles each as the staff choose (keep, move, cancel),
 * each visitor told. Staff confirmations and staff bookings take their places in the same
 * ledger; the horizon, the waitlist's cap and the private link's moves hold on every path.
 */
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { simpleParser } from "mailparser";
import { content } from "#content";
import { adminTranslator } from "#locales/admin";
import { translator } from "#locales";
import { isoWithOffset } from "../bookings/paris-time";
import { addStaff, signedInAdmin, StaffClient, parseHtml, textOf } from "./support/admin";
import { adminTestServer } from "./support/admin";
import { closedAfterEachTest, TestSmtp, waitFor } from "./support/fixtures";
import { availableSlots, bookTour, scheduleFormWith } from "./support/schedule";
import { calendarOf, mailsTo, readEvent } from "./support/tour-mail";
import { days } from "../bookings/day-view";

const { apps, smtps } = closedAfterEachTest();
const en = adminTranslator("en").t;
const admin = { email: "direction@hermitage-lescours.example", password: "the oldest vines face south" };
const said = (body: string) => textOf(parseHtml(body)).replace(/\s+/g, " ");
/** Saturday 6 March 2027, the day the office runs; the server's clock is the Monday before. */
const saturday = "2027-03-06";
const at = (date: string, time: string) => isoWithOffset({ date, time });

/** A server on a clock the test moves, with a local SMTP server reading every mail, and an admin signed in. */
async function estate(env: Record<string, string> = {}) {
  const smtp = new TestSmtp();
  smtps.add(smtp);
  await smtp.start();
  const clock = { now: Date.parse("2027-03-01T09:00:00Z") };
  const app = await adminTestServer({ SMTP_URL: smtp.url, ...env }, { now: () => new Date(clock.now) });
  apps.add(app);
  const staff = await signedInAdmin(app, admin, clock.now);
  return { app, smtp, staff, clock };
}

const guests = {
  jean: { language: "fr", page: "/fr/wine-tours", name: "Jean Dupont", email: "jean@example.fr", phone: "+33 6 11 22 33 44", guests: 4, package: "hermitage" },
  emily: {
    language: "en",
    page: "/wine-tours",
    name: "Emily Clarke",
    email: "emily@example.co.uk",
    phone: "+44 20 7946 0000",
    guests: 3,
    package: "hermitage",
  },
  wang: { language: "zh", page: "/zh/wine-tours", name: "王小明", email: "wang@example.cn", guests: 2, package: "mongiron" },
};

/** Jean (4) and Emily (3) at 10:00, Wang (2) at 11:30, all on Saturday: three bookings, nine people. */
async function saturdayBookings(app: FastifyInstance) {
  const ids: Record<keyof typeof guests, string> = { jean: "", emily: "", wang: "" };
  for (const [who, booking] of Object.entries(guests) as [keyof typeof guests, (typeof guests)[keyof typeof guests]][]) {
    const answer = await bookTour(app, { ...booking, slot: at(saturday, booking.package === "mongiron" ? "11:30" : "10:00") });
    expect(answer.statusCode, who).toBe(201);
    ids[who] = answer.json().id as string;
  }
  return ids;
}

/** The places the ledger holds at a package's time that day. */
const held = (app: FastifyInstance, pkg: string, date: string, time: string) =>
  (
    app.db
      .prepare("SELECT coalesce(sum(guests), 0) AS n FROM tour_slot_bookings WHERE package = ? AND slot_date = ? AND slot_time = ? AND status = 'confirmed'")
      .get(pkg, date, time) as { n: number }
  ).n;

/** The decision fields of a warning page: every booking it lists, with the choices it offers. */
function decisionsOf(body: string): Map<string, string[]> {
  const decisions = new Map<string, string[]>();
  for (const select of body.matchAll(/<select name="decision-([0-9a-f-]{36})"[^>]*>([\s\S]*?)<\/select>/g)) {
    decisions.set(
      select[1]!,
      [...select[2]!.matchAll(/value="([^"]+)"/g)].map((option) => option[1]!),
    );
  }
  return decisions;
}

const unescape = (text: string) => text.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'");

/** A warning page's form as the browser sends it untouched: its hidden fields, and each choice as shown (keep, by default). */
function hiddenFields(body: string): Record<string, string> {
  const fields = Object.fromEntries(
    [...body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map((match) => [match[1]!, unescape(match[2]!)]),
  );
  for (const select of body.matchAll(/<select name="(decision-[0-9a-f-]{36})"[^>]*>([\s\S]*?)<\/select>/g)) {
    const options = [...select[2]!.matchAll(/<option([^>]*)>/g)].map((option) => option[1]!);
    const chosen = options.find((option) => /selected/.test(option)) ?? options[0]!;
    fields[select[1]!] = unescape(/value="([^"]+)"/.exec(chosen)![1]!);
  }
  return fields;
}

describe("closing a day", () => {
  it("lists the bookings it touches before anything changes, keeps them on the calendar and frees none of their places", async () => {
    const { app, staff } = await estate();
    const ids = await saturdayBookings(app);
    const asked = await staff.post("/admin/schedule/closures", { firstDay: saturday, lastDay: "", note: "Mariage privé au château" });
    // Nothing is changed yet: the warning lists the three bookings, keeping them by default.
    expect(asked.statusCode).toBe(200);
    expect(said(asked.body)).toContain(en("scheduleChange.title", { count: 3 }));
    for (const name of ["Jean Dupont", "Emily Clarke", "王小明"]) expect(said(asked.body)).toContain(name);
    expect([...decisionsOf(asked.body).keys()].sort()).toEqual(Object.values(ids).sort());
    expect(app.bookings.schedule.current().closures).toEqual([]);
    // Kept, all three: the day is closed to new bookings, the guests stay where they were.
    const done = await staff.post("/admin/schedule/closures", hiddenFields(asked.body));
    expect(done.statusCode).toBe(303);
    expect(await availableSlots(app, "hermitage", saturday)).toEqual([]);
    const day = said((await staff.get(`/admin/calendar?view=day&day=${saturday}`)).body);
    expect(day).toContain(en("calendar.closedNote", { note: "Mariage privé au château" }));
    for (const name of ["Jean Dupont", "Emily Clarke", "王小明"]) expect(day).toContain(name);
    expect(day).toContain(en("calendar.offSchedule"));
    expect(held(app, "hermitage", saturday, "10:00") + held(app, "mongiron", saturday, "11:30")).toBe(9);
    // Each choice is in the booking's history and the change's entry names them all.
    const kept = app.db.prepare("SELECT target_id FROM audit_log WHERE action = 'booking.slot-kept'").all() as { target_id: string }[];
    expect(kept.map((row) => row.target_id).sort()).toEqual(Object.values(ids).sort());
    const closure = app.db.prepare("SELECT detail FROM audit_log WHERE action = 'schedule.closure-added'").get() as { detail: string };
    expect((JSON.parse(closure.detail) as { bookings: unknown[] }).bookings).toHaveLength(3);
  });

  it("asks again when a booking arrives after the warning, and changes nothing until then", async () => {
    const { app, staff } = await estate();
    await bookTour(app, { ...guests.jean, slot: at(saturday, "10:00") });
    const asked = await staff.post("/admin/schedule/closures", { firstDay: saturday, lastDay: "", note: "" });
    expect(decisionsOf(asked.body).size).toBe(1);
    // A visitor books meanwhile.
    await bookTour(app, { ...guests.emily, slot: at(saturday, "15:00") });
    const again = await staff.post("/admin/schedule/closures", hiddenFields(asked.body));
    expect(again.statusCode).toBe(409);
    expect(said(again.body)).toContain(en("scheduleChange.stale"));
    expect(decisionsOf(again.body).size).toBe(2);
    expect(app.bookings.schedule.current().closures).toEqual([]);
    expect((await staff.post("/admin/schedule/closures", hiddenFields(again.body))).statusCode).toBe(303);
    expect(app.bookings.schedule.current().closures).toHaveLength(1);
  });
});

describe("changing a weekly time", () => {
  it("lists the groups at the old time: one moved (same UID, higher SEQUENCE, mailed), one kept at 10:00, one cancelled (METHOD:CANCEL)", async () => {
    const { app, smtp, staff } = await estate();
    const ids = await saturdayBookings(app);
    const third = (await bookTour(app, { ...guests.jean, name: "Paul Martin", email: "paul@example.fr", guests: 1, slot: at(saturday, "10:00") })).json()
      .id as string;
    await waitFor(() => smtp.received.filter((mail) => mail.to.includes(guests.jean.email)).length >= 1, "Jean's confirmation");
    // Saturday's 10:00 becomes 10:30 with 10 places: untick Saturday on the 10:00 row, add a 10:30 row for Saturday.
    const form = await scheduleFormWith(staff, {
      "day-hermitage-0-6": undefined,
      "time-hermitage-2": "10:30",
      "day-hermitage-2-6": "on",
      "capacity-hermitage": "10",
    });
    const asked = await staff.post("/admin/schedule", form);
    expect(asked.statusCode).toBe(200);
    const decisions = decisionsOf(asked.body);
    expect([...decisions.keys()].sort()).toEqual([ids.jean, ids.emily, third].sort());
    // The times it offers are under the new schedule: 10:30 is one of them.
    const to1030 = decisions.get(ids.jean)!.find((value) => value === `move:${at(saturday, "10:30")}`);
    expect(to1030).toBeDefined();
    const done = await staff.post("/admin/schedule", {
      ...hiddenFields(asked.body),
      [`decision-${ids.jean}`]: to1030!,
      [`decision-${ids.emily}`]: "keep",
      [`decision-${third}`]: "cancel",
    });
    expect(done.statusCode).toBe(303);

    // Jean at 10:30 (4 of 10), Emily still at 10:00, shown off the schedule; Paul cancelled.
    expect(held(app, "hermitage", saturday, "10:30")).toBe(4);
    expect(held(app, "hermitage", saturday, "10:00")).toBe(3);
    expect((await availableSlots(app, "hermitage", saturday)).map((slot) => [slot.start, slot.placesLeft])).toEqual([
      [at(saturday, "10:30"), 6],
      [at(saturday, "15:00"), 10],
    ]);
    const day = said((await staff.get(`/admin/calendar?view=day&day=${saturday}`)).body);
    expect(day).toMatch(/10:00 Château L’Hermitage Lescours tour off schedule.*Emily Clarke/);
    expect(day).toMatch(/10:30 Château L’Hermitage Lescours tour.*Jean Dupont/);
    expect(day).not.toContain("Paul Martin");

    // Jean's mail: the same calendar entry, one change later, at 10:30 Paris time, in French.
    const [, moved] = await mailsTo(smtp, guests.jean.email, 2);
    const event = readEvent(calendarOf(moved).content.toString("utf8"));
    expect(event).toMatchObject({
      method: "REQUEST",
      uid: expect.stringContaining(ids.jean),
      sequence: 1,
      zone: "Europe/Paris",
      local: `${saturday}T10:30:00`,
    });
    // Paul's: the entry removed.
    const [, cancelled] = await mailsTo(smtp, "paul@example.fr", 2);
    expect(readEvent(calendarOf(cancelled).content.toString("utf8"))).toMatchObject({ method: "CANCEL", uid: expect.stringContaining(third) });
    // Emily, kept, is not written to.
    await app.mailSender!.idle();
    expect(smtp.received.filter((mail) => mail.to.includes(guests.emily.email))).toHaveLength(1);
    // Her private page still says 10:00, and the staff feed lists both at their own times.
    const emilyToken = (app.db.prepare("SELECT manage_token FROM tour_slot_bookings WHERE booking_id = ?").get(ids.emily) as { manage_token: string })
      .manage_token;
    expect(said((await app.inject({ method: "GET", url: `/api/tours/booking?token=${emilyToken}` })).body)).toContain("10:00");
    const history = said((await staff.get(`/admin/submissions/tour-bookings/${ids.jean}`)).body);
    expect(history).toContain(en("history.slotMovedBySchedule", { from: "Sat 6 Mar 10:00", to: "Sat 6 Mar 10:30" }));
  });

  it("refuses the whole change when a chosen time filled up meanwhile, and says for whom", async () => {
    const { app, staff } = await estate();
    const ids = await saturdayBookings(app);
    const asked = await staff.post("/admin/schedule", await scheduleFormWith(staff, { "day-hermitage-0-6": undefined }));
    const toThree = `move:${at(saturday, "15:00")}`;
    expect(decisionsOf(asked.body).get(ids.jean)).toContain(toThree);
    // Eight people take 15:00 meanwhile.
    expect((await bookTour(app, { ...guests.emily, email: "group@example.com", guests: 8, slot: at(saturday, "15:00") })).statusCode).toBe(201);
    const refused = await staff.post("/admin/schedule", { ...hiddenFields(asked.body), [`decision-${ids.jean}`]: toThree, [`decision-${ids.emily}`]: "keep" });
    expect(refused.statusCode).toBe(409);
    expect(said(refused.body)).toContain(en("scheduleChange.moveRefused", { name: "Jean Dupont", when: "Sat 6 Mar 15:00" }));
    // Nothing changed: the schedule still runs Saturday at 10:00, Jean is still there.
    expect(app.bookings.schedule.current().times.hermitage[6]).toEqual(["10:00", "15:00"]);
    expect(held(app, "hermitage", saturday, "10:00")).toBe(7);
  });
});

describe("no schedule change makes a booked place bookable again", () => {
  /**
   * Each kind of change, applied keeping the bookings: Jean (4) and Emily (3) hold 7 of the 8
   * places at Saturday 10:00. Afterwards the two still hold their places, the calendar still lists
   * them, the availability never offers more at 10:00 than the capacity left over them, and ten
   * visitors trying for one place each at 10:00 never bring it past its capacity.
   */
  const changes: [string, (staff: StaffClient) => Promise<{ url: string; fields: Record<string, string> }>, number][] = [
    ["close the day", async () => ({ url: "/admin/schedule/closures", fields: { firstDay: saturday, lastDay: "", note: "" } }), 7],
    ["move the time", async (staff) => ({ url: "/admin/schedule", fields: await scheduleFormWith(staff, { "time-hermitage-0": "10:30" }) }), 7],
    ["remove the time", async (staff) => ({ url: "/admin/schedule", fields: await scheduleFormWith(staff, { "day-hermitage-0-6": undefined }) }), 7],
    ["lower the capacity", async (staff) => ({ url: "/admin/schedule", fields: await scheduleFormWith(staff, { "capacity-hermitage": "5" }) }), 7],
    [
      "close the time that date",
      async () => ({
        url: "/admin/schedule/dates",
        fields: { day: saturday, package: "hermitage", kind: "closed", time: "10:00", capacity: "", dateNote: "" },
      }),
      7,
    ],
    [
      "lower the places that date",
      async () => ({
        url: "/admin/schedule/dates",
        fields: { day: saturday, package: "hermitage", kind: "capacity", time: "10:00", capacity: "6", dateNote: "" },
      }),
      7,
    ],
    ["raise the capacity", async (staff) => ({ url: "/admin/schedule", fields: await scheduleFormWith(staff, { "capacity-hermitage": "9" }) }), 9],
  ];
  for (const [kind, change, most] of changes) {
    it(kind, async () => {
      const { app, staff } = await estate();
      const ids = await saturdayBookings(app);
      const { url, fields } = await change(staff);
      const asked = await staff.post(url, fields);
      const done = asked.statusCode === 200 ? await staff.post(url, hiddenFields(asked.body)) : asked;
      expect(done.statusCode, said(done.body).slice(0, 300)).toBe(303);
      // The bookings hold their places at their own time, and the calendar lists them.
      expect(held(app, "hermitage", saturday, "10:00")).toBe(7);
      const [day] = days(app.bookings, saturday, saturday);
      const ten = day!.slots.find((slot) => slot.package === "hermitage" && slot.time === "10:00")!;
      expect(ten.bookings.map((booking) => booking.bookingId).sort()).toEqual([ids.jean, ids.emily].sort());
      expect(ten.taken).toBe(7);
      // The availability never offers at 10:00 more than the capacity left over them.
      const offered = (await availableSlots(app, "hermitage", saturday)).find((slot) => slot.start === at(saturday, "10:00"));
      if (offered) expect(offered.placesLeft).toBeLessThanOrEqual(Math.max(0, offered.capacity - 7));
      // Ten visitors at once for one place each: 10:00 never goes past what the schedule now allows.
      await Promise.all(
        Array.from({ length: 10 }, (_, i) => bookTour(app, { ...guests.emily, email: `walk${i}@example.com`, guests: 1, slot: at(saturday, "10:00") })),
      );
      expect(held(app, "hermitage", saturday, "10:00")).toBe(most);
    });
  }
});

describe("a request without a time, confirmed by the staff", () => {
  it("takes its places in the calendar and the feed, at a time of its own tour chosen from that day's", async () => {
    const { app, staff } = await estate();
    const request = await app.inject({
      method: "POST",
      url: "/api/tour-bookings",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({
        language: "es",
        page: "/es/wine-tours",
        name: "Lucía García",
        email: "lucia@example.es",
        phone: "+34 600 000 000",
        guests: 3,
        package: "both",
      }),
    });
    const id = request.json().id as string;
    const page = await staff.get(`/admin/submissions/tour-bookings/${id}?confirmDay=${saturday}`);
    // Only the package's own time that day (14:00), in Paris time, with its places.
    expect([...page.body.matchAll(/name="slot" value="([^"]+)"/g)].map((match) => match[1])).toEqual([at(saturday, "14:00")]);
    expect((await staff.post(`/admin/submissions/tour-bookings/${id}/confirm`, { slot: at(saturday, "14:00") })).statusCode).toBe(303);
    expect(held(app, "both", saturday, "14:00")).toBe(3);
    expect(said((await staff.get(`/admin/calendar?view=day&day=${saturday}`)).body)).toMatch(/14:00 Both châteaux tour3 places taken, 5 left of 8Lucía García/);
    const feedPath = /\/admin\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics/.exec((await staff.get("/admin/account")).body)![0];
    const feed = (await app.inject({ method: "GET", url: feedPath })).body;
    expect(feed).toContain("Lucía García");
    expect(feed).toContain(`DTSTART;TZID=Europe/Paris:${saturday.replaceAll("-", "")}T140000`);
  });
});

describe("a booking the staff enter for a phone or walk-in visitor", () => {
  it("is confirmed in the ledger, mailed when asked, refused over the places unless an admin gives a reason", async () => {
    const { app, smtp, staff } = await estate();
    await addStaff(app, "office@hermitage-lescours.example", "a long enough password here", "inbox");
    const office = new StaffClient(app, "10.3.0.9");
    await office.signIn("office@hermitage-lescours.example", "a long enough password here");
    // From the calendar: the form opens at the time chosen.
    const form = await office.get(`/admin/bookings/new?package=hermitage&day=${saturday}&time=15:00`);
    expect(form.statusCode).toBe(200);
    const radios = [...form.body.matchAll(/<input([^>]*name="slot"[^>]*)>/g)].map((match) => match[1]!);
    expect(radios.filter((radio) => /checked/.test(radio)).map((radio) => /value="([^"]+)"/.exec(radio)![1])).toEqual([at(saturday, "15:00")]);
    const booking = {
      package: "hermitage",
      day: saturday,
      slot: at(saturday, "15:00"),
      guests: "5",
      name: "Marie Laurent",
      phone: "+33 5 57 00 00 01",
      email: "marie@example.fr",
      language: "fr",
      note: "Au téléphone, deux enfants",
      notify: "on",
    };
    // A box to mail without an address, a name missing: named at the field, everything kept.
    const refused = await office.post("/admin/bookings", { ...booking, email: "", name: "" });
    expect(refused.statusCode).toBe(400);
    expect(said(refused.body)).toContain(en("newBooking.error.notify"));
    expect(said(refused.body)).toContain(en("newBooking.error.name"));
    expect(refused.body).toContain('value="+33 5 57 00 00 01"');
    const saved = await office.post("/admin/bookings", booking);
    expect(saved.statusCode).toBe(303);
    const id = /tour-bookings\/([0-9a-f-]{36})\?done=created/.exec(saved.headers.location as string)![1]!;
    expect(held(app, "hermitage", saturday, "15:00")).toBe(5);
    const [mail] = await mailsTo(smtp, "marie@example.fr", 1);
    expect(mail!.text).toMatch(/\/api\/tours\/booking\?token=/);
    expect(readEvent(calendarOf(mail).content.toString("utf8"))).toMatchObject({ method: "REQUEST", local: `${saturday}T15:00:00`, zone: "Europe/Paris" });
    const bookingPage = said((await office.get(`/admin/submissions/tour-bookings/${id}`)).body);
    expect(bookingPage).toContain(en("slot.byStaff"));
    expect(bookingPage).toContain("Au téléphone, deux enfants");
    // A walk-in with no address: no mail. Four more do not fit for the office…
    const walkIn = { ...booking, email: "", notify: "", name: "Famille Roux", guests: "4" };
    delete (walkIn as Partial<typeof walkIn>).notify;
    const full = await office.post("/admin/bookings", walkIn);
    expect(full.statusCode).toBe(409);
    expect(said(full.body)).toContain(en("error.slotFull", { count: 3 }));
    // …and do for an admin who says why.
    expect((await staff.post("/admin/bookings", { ...walkIn, reason: "Famille du régisseur" })).statusCode).toBe(303);
    expect(held(app, "hermitage", saturday, "15:00")).toBe(9);
    expect(said((await staff.get(`/admin/calendar?view=day&day=${saturday}`)).body)).toContain(en("calendar.over", { taken: 9, capacity: 8, over: 1 }));
    expect(app.db.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'booking.slot-confirmed-over-capacity'").get()).toEqual({ n: 1 });
  });
});

describe("running the day", () => {
  it("a day sheet with phones, notes and colleagues, and a check-in kept in the history and counted per person", async () => {
    const { app, staff: monday, clock } = await estate();
    const ids = await saturdayBookings(app);
    const jean = `/admin/submissions/tour-bookings/${ids.jean}`;
    await monday.get(jean);
    await monday.post(`${jean}/note`, { note: "Allergique aux sulfites" });
    // Saturday, half an hour into the 10:00 tour, a colleague on duty (a session lasts 12 hours).
    clock.now = Date.parse(`${saturday}T09:30:00Z`);
    const staff = await signedInAdmin(app, { email: "accueil@hermitage-lescours.example", password: admin.password }, clock.now);
    const sheetUrl = `/admin/calendar/sheet?day=${saturday}`;
    const sheet = said((await staff.get(sheetUrl)).body);
    expect(sheet).toContain(en("sheet.summary", { bookings: 3, people: 9 }));
    for (const text of ["Jean Dupont", guests.jean.phone, "Allergique aux sulfites", "Emily Clarke", guests.emily.phone, "王小明"])
      expect(sheet).toContain(text);
    expect((await staff.post(`${jean}/slot/arrived`, { back: sheetUrl })).headers.location).toBe(`${sheetUrl}#booking-${ids.jean}`);
    expect((await staff.post(`/admin/submissions/tour-bookings/${ids.emily}/slot/absent`, { back: sheetUrl })).headers.location).toBe(
      `${sheetUrl}#booking-${ids.emily}`,
    );
    const after = said((await staff.get(sheetUrl)).body);
    // Both marked, each with its undo (none before).
    expect(sheet).not.toContain(en("checkIn.undo"));
    expect(after.split(en("checkIn.undo"))).toHaveLength(3);
    const page = said((await staff.get(jean)).body);
    expect(page).toContain(en("action.slotArrived"));
    expect(page).toContain(en("slot.record", { visits: 1, noShows: 0 }));
    // A way back from a mistake.
    expect((await staff.post(`${jean}/slot/clear`, {})).headers.location).toBe(`${jean}?slot=checkIn-clear`);
    expect(app.db.prepare("SELECT attendance FROM tour_slot_bookings WHERE booking_id = ?").get(ids.jean)).toEqual({ attendance: null });
  });
});

describe("limits that hold everywhere", () => {
  /** The clock's Monday 1 March 2027: a year and a day ahead is 2 March 2028, beyond the 12-month horizon. */
  const tooFar = "2028-03-02";

  it("a slot a year and a day ahead is refused by every path", async () => {
    const { app, staff } = await estate();
    expect(await availableSlots(app, "hermitage", "2028-02-28", tooFar)).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ start: at(tooFar, "10:00") })]),
    );
    expect((await availableSlots(app, "hermitage", "2028-03-01")).length).toBe(2);
    const visitor = await bookTour(app, { ...guests.jean, slot: at(tooFar, "10:00") });
    expect(visitor.statusCode).toBe(409);
    expect(visitor.json().error).toBe(
      translator("fr").t("wineTours.slots.conflictHorizon", { months: 12, contact: "https://www.hermitage-lescours.example/fr/contact" }),
    );
    expect((await bookTour(app, { ...guests.jean, slot: at(tooFar, "10:00"), waitlist: true })).statusCode).toBe(409);
    // A booking's private link and the staff cannot move one there either.
    const id = (await bookTour(app, { ...guests.jean, slot: at(saturday, "10:00") })).json().id as string;
    const token = (app.db.prepare("SELECT manage_token FROM tour_slot_bookings WHERE booking_id = ?").get(id) as { manage_token: string }).manage_token;
    const move = await app.inject({
      method: "POST",
      url: "/api/tours/booking",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `token=${token}&action=move&slot=${encodeURIComponent(at(tooFar, "10:00"))}`,
    });
    expect(move.statusCode).toBe(409);
    const page = `/admin/submissions/tour-bookings/${id}`;
    await staff.get(page);
    expect((await staff.post(`${page}/slot/move`, { slot: at(tooFar, "10:00") })).headers.location).toBe(`${page}?slot=moveHorizon`);
    expect(
      (
        await staff.post("/admin/bookings", {
          package: "hermitage",
          day: tooFar,
          slot: at(tooFar, "10:00"),
          guests: "2",
          name: "Loin",
          email: "",
          phone: "",
          language: "fr",
          note: "",
        })
      ).statusCode,
    ).toBe(409);
    expect(app.db.prepare("SELECT count(*) AS n FROM tour_slot_bookings WHERE slot_date > '2028-03-01'").get()).toEqual({ n: 0 });
  });

  it("a package with a horizon of its own: every path that refuses a day beyond it states the package's months, not the schedule's", async () => {
    const { app, staff } = await estate();
    // The Hermitage tour opens two months ahead (the schedule: twelve); saved from the staff's page as the office does.
    const packageForm = Object.fromEntries(
      ["hermitage", "mongiron", "both"].flatMap((pkg) => [
        [`${pkg}-minGuests`, "1"],
        [`${pkg}-cutoffHours`, ""],
        [`${pkg}-horizonMonths`, pkg === "hermitage" ? "2" : ""],
        [`${pkg}-depositPercent`, "0"],
      ]),
    );
    expect((await staff.post("/admin/experiences", packageForm)).statusCode).toBe(303);
    // A Saturday nine weeks ahead: within the schedule's year, beyond the package's two months (1 May 2027).
    const beyond = "2027-05-08";
    const months = { months: 2 };
    const visitorWords = translator("fr").t("wineTours.slots.conflictHorizon", { ...months, contact: "https://www.hermitage-lescours.example/fr/contact" });
    // The booking form.
    expect((await bookTour(app, { ...guests.jean, slot: at(beyond, "10:00") })).json().error).toBe(visitorWords);
    // The visitor's own page, moving a booking there.
    const id = (await bookTour(app, { ...guests.jean, slot: at(saturday, "10:00") })).json().id as string;
    const token = (app.db.prepare("SELECT manage_token FROM tour_slot_bookings WHERE booking_id = ?").get(id) as { manage_token: string }).manage_token;
    const move = await app.inject({
      method: "POST",
      url: "/api/tours/booking",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `token=${token}&action=move&slot=${encodeURIComponent(at(beyond, "10:00"))}`,
    });
    expect(move.statusCode).toBe(409);
    expect(said(move.body)).toContain(visitorWords.replace(/\s+/g, " "));
    // The staff's new booking.
    const staffBooking = await staff.post("/admin/bookings", {
      package: "hermitage",
      day: beyond,
      slot: at(beyond, "10:00"),
      guests: "2",
      name: "Loin",
      email: "",
      phone: "",
      language: "fr",
      note: "",
    });
    expect(staffBooking.statusCode).toBe(409);
    expect(said(staffBooking.body)).toContain(en("error.slotHorizon", months));
    // A request without a time, confirmed by the staff into a time.
    const request = (await bookTour(app, { ...guests.emily } as never)).json().id as string;
    const confirm = await staff.post(`/admin/submissions/tour-bookings/${request}/confirm`, { slot: at(beyond, "10:00") });
    expect(confirm.statusCode).toBe(409);
    expect(said(confirm.body)).toContain(en("error.slotHorizon", months));
    expect(app.db.prepare("SELECT count(*) AS n FROM tour_slot_bookings WHERE slot_date = ?").get(beyond)).toEqual({ n: 0 });
  });

  it("a full slot's waitlist takes at most twice its capacity in people", async () => {
    const { app } = await estate();
    expect((await bookTour(app, { ...guests.jean, guests: 8, slot: at(saturday, "10:00") })).statusCode).toBe(201);
    const join = (i: number, people: number) =>
      bookTour(app, { ...guests.emily, email: `line${i}@example.com`, guests: people, slot: at(saturday, "10:00"), waitlist: true });
    for (let i = 0; i < 4; i++) expect((await join(i, 4)).statusCode).toBe(201);
    const refused = await join(9, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(translator("en").t("wineTours.slots.waitlistFull", { contact: "https://www.hermitage-lescours.example/contact" }));
    expect(app.db.prepare("SELECT sum(guests) AS n FROM tour_waitlist").get()).toEqual({ n: 16 });
  });

  it("a private link moves a booking three times a day at most (each move mails the estate)", async () => {
    const { app, smtp } = await estate();
    const id = (await bookTour(app, { ...guests.jean, slot: at(saturday, "10:00") })).json().id as string;
    const token = (app.db.prepare("SELECT manage_token FROM tour_slot_bookings WHERE booking_id = ?").get(id) as { manage_token: string }).manage_token;
    const move = (time: string) =>
      app.inject({
        method: "POST",
        url: "/api/tours/booking",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: `token=${token}&action=move&slot=${encodeURIComponent(at(saturday, time))}`,
      });
    for (const time of ["15:00", "10:00", "15:00"]) expect((await move(time)).statusCode).toBe(200);
    const fourth = await move("10:00");
    expect(fourth.statusCode).toBe(429);
    expect(said(fourth.body)).toContain(
      translator("fr").t("manage.moveLimit", { count: 3, contact: "https://www.hermitage-lescours.example/fr/contact" }).replace(/\s+/g, " "),
    );
    expect(held(app, "hermitage", saturday, "15:00")).toBe(4);
    await app.mailSender!.idle();
    const estateMails = await Promise.all(smtp.received.filter((mail) => mail.to.includes(content.site.contact.email)).map((mail) => simpleParser(mail.raw)));
    // In the staff's language: French until a member chooses another.
    expect(estateMails.filter((mail) => mail.subject?.startsWith(adminTranslator("fr").t("estateMail.subject.moved")))).toHaveLength(3);
  });

  it("a private link's move to the booking's own time is not a move: nothing mailed, recorded or counted (G10)", async () => {
    const { app } = await estate();
    const id = (await bookTour(app, { ...guests.jean, slot: at(saturday, "10:00") })).json().id as string;
    const token = (app.db.prepare("SELECT manage_token FROM tour_slot_bookings WHERE booking_id = ?").get(id) as { manage_token: string }).manage_token;
    const move = (time: string) =>
      app.inject({
        method: "POST",
        url: "/api/tours/booking",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: `token=${token}&action=move&slot=${encodeURIComponent(at(saturday, time))}`,
      });
    const outbox = () => app.db.prepare("SELECT count(*) AS n FROM outbox").get();
    const sequence = () => app.db.prepare("SELECT sequence FROM tour_slot_bookings WHERE booking_id = ?").get(id);
    const before = { outbox: outbox(), sequence: sequence() };
    for (let attempt = 0; attempt < 4; attempt++) {
      const same = await move("10:00");
      expect(same.statusCode).toBe(409);
      expect(said(same.body)).toContain(translator("fr").t("manage.sameTime").replace(/\s+/g, " "));
    }
    expect({ outbox: outbox(), sequence: sequence() }).toEqual(before);
    expect(app.db.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'booking.slot-moved-by-visitor'").get()).toEqual({ n: 0 });
    // The day's moves are all still there.
    for (const time of ["15:00", "10:00", "15:00"]) expect((await move(time)).statusCode).toBe(200);
  });

  it("availability has its own limit, far above the forms'", async () => {
    const { app } = await estate({ RATE_LIMIT_MAX: "2" });
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => app.inject({ method: "GET", url: `/api/tours/availability?package=hermitage&from=${saturday}&to=${saturday}` })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(30).fill(200));
    const forms = await Promise.all(
      Array.from({ length: 3 }, (_, i) => bookTour(app, { ...guests.jean, email: `f${i}@example.fr`, slot: at(saturday, "15:00") })),
    );
    expect(forms.map((answer) => answer.statusCode)).toContain(429);
  });
});
