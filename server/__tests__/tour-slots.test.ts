import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { content } from "#content";
import { translator } from "#locales";
import { adminTranslator } from "#locales/admin";
import { readSchedule, writeScheduleChange } from "../bookings/schedule";
import { adminTestServer, siteUrl } from "./support/admin";
import { calendarOf, filesOf, mailsTo, readEvent } from "./support/tour-mail";
import { closedAfterEachTest, TestSmtp, waitFor } from "./support/fixtures";
import { expireHolds } from "../bookings/expire";
import { sendReminders } from "../bookings/reminders";
import { Waitlist } from "../db/tour-waitlist";

const { site } = content;
const json = { "content-type": "application/json" };
const { apps, smtps } = closedAfterEachTest();

/** A clock the test moves: it starts well before the daylight-saving weeks of 2027. */
function testClock(start = "2027-03-01T09:00:00Z") {
  let now = new Date(start);
  return { now: () => now, set: (iso: string) => (now = new Date(iso)) };
}

async function server(env: Record<string, string> = {}, clock = testClock()) {
  // The inbox's test server (no rate limit, the site's address, quick mail retries) on the bookings' clock.
  const app = await adminTestServer(env, { now: clock.now });
  apps.add(app);
  return app;
}

async function smtpServer() {
  const smtp = new TestSmtp();
  smtps.add(smtp);
  await smtp.start();
  return smtp;
}

const booking = (slot: string | undefined, extra: Record<string, unknown> = {}) => ({
  language: "en",
  page: "/wine-tours",
  name: "Alex Smith",
  email: "alex@example.com",
  guests: 1,
  package: "hermitage",
  ...(slot ? { slot } : {}),
  ...extra,
});

const post = (app: FastifyInstance, payload: unknown) =>
  app.inject({ method: "POST", url: "/api/tour-bookings", headers: json, payload: JSON.stringify(payload) });
const availability = (app: FastifyInstance, query: string) => app.inject({ method: "GET", url: `/api/tours/availability?${query}` });
const placesHeld = (app: FastifyInstance, date: string, time: string) =>
  (
    app.db
      .prepare("SELECT coalesce(sum(guests), 0) AS n FROM tour_slot_bookings WHERE slot_date = ? AND slot_time = ? AND status IN ('pending', 'confirmed')")
      .get(date, time) as { n: number }
  ).n;

describe("availability", () => {
  it("answers each day's slots with that day's offset across the spring change of 2027", async () => {
    const app = await server();
    const response = await availability(app, "package=hermitage&from=2027-03-27&to=2027-03-29");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=5");
    expect(response.json()).toEqual({
      slots: [
        { start: "2027-03-27T10:00:00+01:00", capacity: 8, placesLeft: 8 },
        { start: "2027-03-27T15:00:00+01:00", capacity: 8, placesLeft: 8 },
        { start: "2027-03-28T10:00:00+02:00", capacity: 8, placesLeft: 8 },
        { start: "2027-03-28T15:00:00+02:00", capacity: 8, placesLeft: 8 },
        { start: "2027-03-29T10:00:00+02:00", capacity: 8, placesLeft: 8 },
        { start: "2027-03-29T15:00:00+02:00", capacity: 8, placesLeft: 8 },
      ],
      // What the tours form says above its button (server/__tests__/booking-terms.test.ts).
      cutoffHours: 24,
      instantConfirm: true,
    });
  });

  it("and across the autumn change, 31 October 2027", async () => {
    const app = await server();
    const response = await availability(app, "package=mongiron&from=2027-10-30&to=2027-10-31");
    expect(response.json().slots.map((slot: { start: string }) => slot.start)).toEqual([
      "2027-10-30T11:30:00+02:00",
      "2027-10-30T16:30:00+02:00",
      "2027-10-31T11:30:00+01:00",
      "2027-10-31T16:30:00+01:00",
    ]);
  });

  it("leaves out closed days and slots past the 24-hour cut-off, and counts held places", async () => {
    const clock = testClock("2027-03-27T08:30:00Z");
    const app = await server({}, clock);
    app.db.prepare("INSERT INTO tour_closures (first_day, last_day, note) VALUES ('2027-03-29', '2027-03-30', 'harvest')").run();
    app.bookings.schedule.changed();
    expect((await post(app, booking("2027-03-28T15:00:00+02:00", { guests: 3 }))).statusCode).toBe(201);
    const response = await availability(app, "package=hermitage&from=2027-03-27&to=2027-03-31");
    expect(response.json().slots).toEqual([
      // 27 March 10:00 and 15:00 and 28 March 10:00 are less than 24 hours away (08:30 UTC is 09:30 in Paris).
      { start: "2027-03-28T15:00:00+02:00", capacity: 8, placesLeft: 5 },
      { start: "2027-03-31T10:00:00+02:00", capacity: 8, placesLeft: 8 },
      { start: "2027-03-31T15:00:00+02:00", capacity: 8, placesLeft: 8 },
    ]);
  });

  it("refuses a bad query with a 4xx naming the field", async () => {
    const app = await server();
    const cases: [string, string[]][] = [
      ["package=cellar&from=2027-03-01&to=2027-03-02", ["package"]],
      ["package=both&from=2027-02-30&to=2027-03-02", ["from"]],
      ["package=both&from=2027-03-01", ["to"]],
      ["package=both&from=2027-03-05&to=2027-03-01", ["to"]],
      ["package=both&from=2027-03-01&to=2027-06-02", ["to"]],
    ];
    for (const [query, fields] of cases) {
      const response = await availability(app, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().fields, query).toEqual(fields);
    }
    // 93 days is the most one request covers: 1 March to 1 June 2027 is 93 days.
    expect((await availability(app, "package=both&from=2027-03-01&to=2027-06-01")).statusCode).toBe(200);
  });
});

describe("booking a slot", () => {
  it("gives the last 8 places once under 50 parallel requests", async () => {
    const app = await server();
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address() as { port: number };
    const slot = "2027-03-29T10:00:00+02:00";
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        fetch(`http://127.0.0.1:${address.port}/api/tour-bookings`, {
          method: "POST",
          headers: json,
          body: JSON.stringify(booking(slot, { email: `guest${i}@example.com` })),
        }).then((response) => response.status),
      ),
    );
    expect(answers.filter((status) => status === 201)).toHaveLength(8);
    expect(answers.filter((status) => status === 409)).toHaveLength(42);
    expect(placesHeld(app, "2027-03-29", "10:00")).toBe(8);
    // Refused bookings leave nothing behind: no submission, no inbox row.
    expect((app.db.prepare("SELECT count(*) AS n FROM tour_bookings").get() as { n: number }).n).toBe(8);
  });

  it("answers 409 in the visitor's language, naming the places left and the contact page", async () => {
    const app = await server();
    const slot = "2027-03-29T15:00:00+02:00";
    expect((await post(app, booking(slot, { guests: 6 }))).statusCode).toBe(201);
    const ja = await post(app, booking(slot, { guests: 4, language: "ja", page: "/ja/wine-tours" }));
    expect(ja.statusCode).toBe(409);
    expect(ja.json()).toMatchObject({ fields: ["slot"], placesLeft: 2, contact: `${siteUrl}/ja/contact` });
    expect(ja.json().error).toBe(
      `この時刻の残席は2席のみです。これより多い人数でのご見学をご希望の場合は、こちらからお問い合わせください：${siteUrl}/ja/contact`,
    );
    const large = await post(app, booking("2027-03-30T10:00:00+02:00", { guests: 9, language: "fr", page: "/fr/wine-tours" }));
    expect(large.statusCode).toBe(409);
    expect(large.json().error).toBe(`Une visite accueille au plus 8 personnes. Pour un groupe plus nombreux, contactez-nous\u00a0: ${siteUrl}/fr/contact`);
    expect(placesHeld(app, "2027-03-29", "15:00")).toBe(6);
  });

  it("refuses a slot that is not on the schedule, or written with the other side's offset, naming the field", async () => {
    const app = await server();
    for (const slot of ["2027-03-28T10:00:00+01:00", "2027-03-29T10:15:00+02:00", "tomorrow", "2027-03-29T10:00:00Z"]) {
      const response = await post(app, booking(slot));
      // A time the schedule has not (10:15) is a conflict with the schedule; a malformed one is a bad field.
      expect([400, 409], slot).toContain(response.statusCode);
      expect(response.json().fields, slot).toEqual(["slot"]);
    }
    // Without a slot the form is a request as before.
    expect((await post(app, booking(undefined))).statusCode).toBe(201);
  });

  it("holds a request's places until it expires unanswered, then frees them and tells the visitor", async () => {
    const smtp = await smtpServer();
    const clock = testClock("2027-03-01T09:00:00Z");
    const app = await server({ SMTP_URL: smtp.url }, clock);
    const schedule = readSchedule(app.db);
    writeScheduleChange(app.db, { kind: "settings", settings: { ...schedule, instantConfirm: { ...schedule.instantConfirm, hermitage: false } } }, clock.now());
    app.bookings.schedule.changed();
    const slot = "2027-03-29T10:00:00+02:00";
    const first = await post(app, booking(slot, { guests: 5 }));
    expect(first.statusCode).toBe(201);
    expect((await availability(app, "package=hermitage&from=2027-03-29&to=2027-03-29")).json().slots[0].placesLeft).toBe(3);
    clock.set("2027-03-03T08:59:00Z");
    expect(await expireHolds(app.bookings)).toBe(0);
    clock.set("2027-03-03T09:00:00Z");
    expect(await expireHolds(app.bookings)).toBe(1);
    expect(await expireHolds(app.bookings)).toBe(0);
    expect((await availability(app, "package=hermitage&from=2027-03-29&to=2027-03-29")).json().slots[0].placesLeft).toBe(8);
    await waitFor(() => smtp.received.filter((mail) => mail.to.includes("alex@example.com")).length >= 2, "acknowledgement and expiry");
    const expired = await simpleParser(smtp.received.filter((mail) => mail.to.includes("alex@example.com"))[1]!.raw);
    expect(expired.subject).toBe("Your tour request at Château L’Hermitage Lescours for Monday, March 29, 2027 at 10:00 AM has expired");
    // Written by the estate in the first person.
    expect(expired.text).toContain(translator("en").t("tourMail.expiredIntro"));
    expect(calendarOf(expired).content.toString()).toContain("METHOD:CANCEL");
  });
});

describe("the visitor's mails, private link and calendar files", () => {
  it("confirms in Japanese with a calendar file at 10:00 Paris time on 28 March and 31 October 2027, then moves and cancels by the private link", async () => {
    const smtp = await smtpServer();
    const app = await server({ SMTP_URL: smtp.url });
    const spring = await post(
      app,
      booking("2027-03-28T10:00:00+02:00", { language: "ja", page: "/ja/wine-tours", email: "hanako@example.jp", guests: 2, message: "窓際の席を希望します" }),
    );
    expect(spring.statusCode).toBe(201);
    const [confirmation] = await mailsTo(smtp, "hanako@example.jp", 1);
    expect(confirmation!.subject).toBe("【シャトー・レルミタージュ・レスクール】ご見学日時確定のお知らせ：2027年3月28日（日）10:00");
    expect(confirmation!.text).toContain("日時：2027年3月28日（日）10:00（フランス時間）");
    expect(confirmation!.text).toContain("人数：2名様");
    // Nothing the visitor typed comes back: neither the message nor the name.
    expect(confirmation!.text).not.toContain("窓際");
    expect(confirmation!.text).not.toContain("Alex");
    const ics = calendarOf(confirmation).content.toString();
    expect(ics).toContain("DTSTART;TZID=Europe/Paris:20270328T100000");
    expect(ics).toContain("BEGIN:VTIMEZONE");
    const booked = readEvent(ics);
    expect(booked).toMatchObject({
      method: "REQUEST",
      sequence: 0,
      zone: "Europe/Paris",
      local: "2027-03-28T10:00:00",
      utc: "2027-03-28T08:00:00.000Z",
      status: "CONFIRMED",
    });

    // The private link: GET shows the booking in Japanese and changes nothing.
    const link = confirmation!.text!.match(/https:\/\/www\.hermitage-lescours\.example(\/api\/tours\/booking\?token=[A-Za-z0-9_-]{43})/);
    expect(link).not.toBeNull();
    const shown = await app.inject({ method: "GET", url: link![1]! });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('<html lang="ja"');
    expect(shown.body).toContain("ご予約は確定しております。");
    const token = new URL(link![1]!, siteUrl).searchParams.get("token")!;

    // Moved to 31 October 2027, the day winter time returns: same UID, next SEQUENCE, 10:00 Paris is 09:00 UTC.
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const moved = await app.inject({
      method: "POST",
      url: "/api/tours/booking",
      headers: form,
      payload: new URLSearchParams({ token, action: "move", slot: "2027-10-31T10:00:00+01:00" }).toString(),
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.body).toContain("日時を変更いたしました。");
    const [, moveMail] = await mailsTo(smtp, "hanako@example.jp", 2);
    expect(moveMail!.text).toContain("日時：2027年10月31日（日）10:00（フランス時間）");
    const after = readEvent(calendarOf(moveMail).content.toString());
    expect(after).toMatchObject({ method: "REQUEST", uid: booked.uid, sequence: 1, local: "2027-10-31T10:00:00", utc: "2027-10-31T09:00:00.000Z" });
    expect(placesHeld(app, "2027-03-28", "10:00")).toBe(0);
    expect(placesHeld(app, "2027-10-31", "10:00")).toBe(2);

    // Cancelled: the calendar is told to drop the entry, with a higher SEQUENCE still; the places return.
    const refused = await app.inject({
      method: "POST",
      url: "/api/tours/booking",
      headers: form,
      payload: new URLSearchParams({ token, action: "cancel" }).toString(),
    });
    expect(refused.statusCode).toBe(400);
    const cancelled = await app.inject({
      method: "POST",
      url: "/api/tours/booking",
      headers: form,
      payload: new URLSearchParams({ token, action: "cancel", confirm: "yes" }).toString(),
    });
    expect(cancelled.statusCode).toBe(200);
    const [, , cancelMail] = await mailsTo(smtp, "hanako@example.jp", 3);
    expect(readEvent(calendarOf(cancelMail).content.toString())).toMatchObject({ method: "CANCEL", uid: booked.uid, sequence: 2 });
    expect(placesHeld(app, "2027-10-31", "10:00")).toBe(0);

    // The estate is told of both changes, in English, the tour and the language by name, the times in Paris time.
    const [, estateMove, estateCancel] = await mailsTo(smtp, "contact@hermitage-lescours.example", 3);
    const id = spring.json().id as string;
    // The estate's e-mails are in the staff's language: French until a member chooses another.
    const staff = adminTranslator("fr").t;
    expect(estateMove!.subject).toBe(`${staff("estateMail.subject.moved")} · Alex Smith · dim. 31 oct. 10\u00a0h`);
    expect(estateMove!.replyTo?.text).toBe("hanako@example.jp");
    expect(estateMove!.text).toContain(
      [
        staff("estateMail.intro.moved", { name: "Alex Smith" }),
        "",
        staff("estateMail.was", { when: "dim. 28 mars 2027 à 10\u00a0h" }),
        staff("estateMail.now", { when: "dim. 31 oct. 2027 à 10\u00a0h" }),
        staff("estateMail.tour", { tour: "Visite du Château L’Hermitage Lescours" }),
        staff("estateMail.group", { count: 2 }),
        staff("estateMail.language", { language: "japonais" }),
        staff("estateMail.changedAt", { when: "lun. 1er mars 2027 à 10\u00a0h" }),
        "",
        staff("estateMail.open"),
        `https://www.hermitage-lescours.example/admin/submissions/tour-bookings/${id}`,
        "",
        staff("estateMail.replyNote"),
      ].join("\n"),
    );
    expect(estateCancel!.subject).toBe(`${staff("estateMail.subject.cancelled")} · Alex Smith · dim. 31 oct. 10\u00a0h`);
    expect(estateCancel!.text).toContain(staff("estateMail.intro.cancelled", { name: "Alex Smith" }));
    expect(estateCancel!.text).toContain(staff("estateMail.was", { when: "dim. 31 oct. 2027 à 10\u00a0h" }));
    expect(estateCancel!.text).not.toContain("token=");
  });

  it("refuses changes through the link after the cut-off, and an unknown token", async () => {
    const clock = testClock("2027-03-01T09:00:00Z");
    const app = await server({}, clock);
    expect((await post(app, booking("2027-03-10T10:00:00+01:00"))).statusCode).toBe(201);
    const token = (app.db.prepare("SELECT manage_token FROM tour_slot_bookings").get() as { manage_token: string }).manage_token;
    clock.set("2027-03-09T09:30:00Z");
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const late = await app.inject({
      method: "POST",
      url: "/api/tours/booking",
      headers: form,
      payload: new URLSearchParams({ token, action: "cancel", confirm: "yes" }).toString(),
    });
    expect(late.statusCode).toBe(409);
    expect((app.db.prepare("SELECT status FROM tour_slot_bookings").get() as { status: string }).status).toBe("confirmed");
    const unknown = await app.inject({ method: "GET", url: `/api/tours/booking?token=${"A".repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("reminders", () => {
  it("sends the reminder 24 hours before, exactly once across a restart, and none for a cancelled booking", async () => {
    const smtp = await smtpServer();
    const clock = testClock("2027-03-01T09:00:00Z");
    const dataDir = mkdtempSync(join(tmpdir(), "lescours-reminders-"));
    const env = { SMTP_URL: smtp.url, DATA_DIR: dataDir };
    const first = await server(env, clock);
    expect((await post(first, booking("2027-03-10T10:00:00+01:00", { language: "fr", page: "/fr/wine-tours", email: "camille@example.fr" }))).statusCode).toBe(
      201,
    );
    expect((await post(first, booking("2027-03-10T10:00:00+01:00", { email: "gone@example.com" }))).statusCode).toBe(201);
    const gone = (
      first.db
        .prepare("SELECT b.manage_token AS token FROM tour_slot_bookings b JOIN tour_bookings t ON t.id = b.booking_id WHERE t.email = 'gone@example.com'")
        .get() as { token: string }
    ).token;
    const form = { "content-type": "application/x-www-form-urlencoded" };
    await first.inject({
      method: "POST",
      url: "/api/tours/booking",
      headers: form,
      payload: new URLSearchParams({ token: gone, action: "cancel", confirm: "yes" }).toString(),
    });
    // 10:00 in Paris on 10 March is 09:00 UTC: 24 hours before is 9 March, 09:00 UTC.
    clock.set("2027-03-09T08:59:00Z");
    expect(await sendReminders(first.bookings)).toBe(0);
    clock.set("2027-03-09T09:00:00Z");
    expect(await sendReminders(first.bookings)).toBe(1);
    await waitFor(() => smtp.received.filter((mail) => mail.to.includes("camille@example.fr")).length >= 2, "confirmation and reminder");
    await first.close();
    apps.delete(first);

    const second = await server(env, clock);
    expect(await sendReminders(second.bookings)).toBe(0);
    const toCamille = await Promise.all(smtp.received.filter((mail) => mail.to.includes("camille@example.fr")).map((mail) => simpleParser(mail.raw)));
    expect(toCamille.map((mail) => mail.subject)).toEqual([
      "Votre visite au Château L’Hermitage Lescours est confirmée\u00a0: mercredi 10 mars 2027 à 10\u00a0h",
      "Rappel\u00a0: votre visite au Château L’Hermitage Lescours le mercredi 10 mars 2027 à 10\u00a0h",
    ]);
    // The cancelled booking got its confirmation and its cancellation, and no reminder.
    const toGone = await Promise.all(smtp.received.filter((mail) => mail.to.includes("gone@example.com")).map((mail) => simpleParser(mail.raw)));
    expect(toGone.map((mail) => mail.subject)).toEqual([
      "Your visit to Château L’Hermitage Lescours is confirmed: Wednesday, March 10, 2027 at 10:00 AM",
      "Your visit to Château L’Hermitage Lescours on Wednesday, March 10, 2027 at 10:00 AM is cancelled",
    ]);
    expect((second.db.prepare("SELECT count(*) AS n FROM outbox WHERE subject LIKE 'Rappel%' OR subject LIKE 'Reminder%'").get() as { n: number }).n).toBe(1);
    // Sent when online changes close, the reminder gives the phone and no private link, in its text, its HTML and its calendar file.
    const reminder = toCamille[1]!;
    expect(reminder.text).toContain(translator("fr").t("mail.booking.change", { phone: site.contact.phone }));
    for (const part of [reminder.text ?? "", String(reminder.html), calendarOf(reminder).content.toString()])
      expect(part).not.toMatch(/api\/tours\/booking|token=/);
  });
});

describe("the waitlist", () => {
  it("offers freed places to the first in line whose group fits, holds them 12 hours, then offers them to the next, once across a restart", async () => {
    const smtp = await smtpServer();
    const clock = testClock("2027-03-01T09:00:00Z");
    const env = { SMTP_URL: smtp.url, DATA_DIR: mkdtempSync(join(tmpdir(), "lescours-waitlist-")) };
    const first = await server(env, clock);
    const slot = "2027-03-20T10:00:00+01:00";
    expect((await post(first, booking(slot, { guests: 5, email: "five@example.com" }))).statusCode).toBe(201);
    expect((await post(first, booking(slot, { guests: 3, email: "three@example.com" }))).statusCode).toBe(201);
    // Full: without asking for the waitlist the answer is 409; asking for it stores the request in line.
    expect((await post(first, booking(slot, { guests: 2, email: "yuki@example.jp" }))).statusCode).toBe(409);
    expect((await post(first, booking(slot, { guests: 2, email: "yuki@example.jp", language: "ja", page: "/ja/wine-tours", waitlist: true }))).statusCode).toBe(
      201,
    );
    expect((await post(first, booking(slot, { guests: 2, email: "sam@example.com", waitlist: true }))).statusCode).toBe(201);
    expect((await post(first, booking(slot, { guests: 9, email: "big@example.com", waitlist: true }))).statusCode).toBe(409);
    const estateNote = await mailsTo(smtp, "contact@hermitage-lescours.example", 4);
    // The estate's notice, in French (no member of the staff chose another language): the time, the group.
    const staff = adminTranslator("fr").t;
    expect(estateNote[2]!.subject).toBe(`${staff("estateMail.subject.waitlist")} · Alex Smith · sam. 20 mars 10\u00a0h`);
    expect(estateNote[2]!.text).toContain(staff("estateMail.time", { when: "sam. 20 mars 2027 à 10\u00a0h" }));
    expect(estateNote[2]!.text).toContain(staff("estateMail.group", { count: 2 }));
    // Each visitor in line is told which time they wait for, and how to leave the list.
    const [yukiJoined] = await mailsTo(smtp, "yuki@example.jp", 1);
    const ja = translator("ja").t;
    expect(yukiJoined!.subject).toBe(ja("tourMail.waitlistSubject", { estate: site.estateNameLocal.ja!, date: "2027年3月20日（土）", time: "10:00" }));
    expect(yukiJoined!.text).toContain(ja("tourMail.waitlistIntro", { hours: 12 }));
    expect(yukiJoined!.text).toContain("日時：2027年3月20日（土）10:00（フランス時間）");
    expect(yukiJoined!.text).toMatch(/\/api\/tours\/waitlist\?token=[A-Za-z0-9_-]{43}/);
    expect(yukiJoined!.text).not.toContain("Alex Smith");

    // 2 March, 09:00 in Paris: the group of three cancels. Yuki (two, first in line) is offered the places until 21:00;
    // Sam's two do not fit in the one place left.
    clock.set("2027-03-02T08:00:00Z");
    const three = (
      first.db
        .prepare("SELECT b.manage_token AS token FROM tour_slot_bookings b JOIN tour_bookings t ON t.id = b.booking_id WHERE t.email = 'three@example.com'")
        .get() as { token: string }
    ).token;
    const form = { "content-type": "application/x-www-form-urlencoded" };
    await first.inject({
      method: "POST",
      url: "/api/tours/booking",
      headers: form,
      payload: new URLSearchParams({ token: three, action: "cancel", confirm: "yes" }).toString(),
    });
    const [, offer] = await mailsTo(smtp, "yuki@example.jp", 2);
    expect(offer!.subject).toBe(ja("tourMail.offerSubject", { estate: site.estateNameLocal.ja!, elsewhere: "no", date: "2027年3月20日（土）", time: "10:00" }));
    expect(offer!.text).toContain("2027年3月2日（火）21:00（フランス時間）までお取り置きいたします。");
    expect(filesOf(offer!)).toHaveLength(0);
    const yukiLink = offer!.text!.match(/https:\/\/www\.hermitage-lescours\.example(\/api\/tours\/waitlist\?token=[A-Za-z0-9_-]{43})/)![1]!;
    // The offer holds its two places: one is left for anyone else.
    expect((await availability(first, "package=hermitage&from=2027-03-20&to=2027-03-20")).json().slots[0]).toEqual({ start: slot, capacity: 8, placesLeft: 1 });
    await first.close();
    apps.delete(first);

    // A restart sweeps again at start-up: nobody is offered twice.
    const second = await server(env, clock);
    await expireHolds(second.bookings);
    // Sam has only the e-mail that put them in line; Yuki the same and one offer.
    expect(smtp.received.filter((mail) => mail.to.includes("sam@example.com"))).toHaveLength(1);
    expect((second.db.prepare("SELECT count(*) AS n FROM outbox WHERE recipient = 'yuki@example.jp'").get() as { n: number }).n).toBe(2);
    // The estate was told of the offer: to whom, and until when the places are held.
    const offered = (await mailsTo(smtp, "contact@hermitage-lescours.example", 6)).find((mail) =>
      mail.subject?.startsWith(staff("estateMail.subject.offered")),
    );
    expect(offered!.text).toContain(staff("estateMail.intro.offered", { name: "Alex Smith", until: "mar. 2 mars 2027 à 21\u00a0h" }));

    // 12 hours later the offer has run out: the next minute's sweep offers the places to Sam, until 09:30 on 3 March.
    clock.set("2027-03-02T20:30:00Z");
    await expireHolds(second.bookings);
    const [, samOffer] = await mailsTo(smtp, "sam@example.com", 2);
    expect(samOffer!.subject).toBe("Places are free for your visit to Château L’Hermitage Lescours on Saturday, March 20, 2027 at 10:00 AM");
    expect(samOffer!.text).toContain("we are keeping them for you until 9:30 AM on Wednesday, March 3, 2027 (Paris time).");
    const lapsed = await second.inject({
      method: "POST",
      url: "/api/tours/waitlist",
      headers: form,
      payload: new URLSearchParams({ token: new URL(yukiLink, siteUrl).searchParams.get("token")! }).toString(),
    });
    expect(lapsed.statusCode).toBe(409);
    expect(lapsed.body).toContain("お取り置きの期限が過ぎたため");

    // Sam takes the places: the booking is confirmed, with its calendar file; the slot is full again.
    const samLink = samOffer!.text!.match(/(\/api\/tours\/waitlist\?token=[A-Za-z0-9_-]{43})/)![1]!;
    const shown = await second.inject({ method: "GET", url: samLink });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain("These places are kept for you until 9:30 AM on Wednesday, March 3, 2027 (Paris time).");
    const taken = await second.inject({
      method: "POST",
      url: "/api/tours/waitlist",
      headers: form,
      payload: new URLSearchParams({ token: new URL(samLink, siteUrl).searchParams.get("token")! }).toString(),
    });
    expect(taken.statusCode).toBe(200);
    expect(taken.body).toContain("Your visit is booked.");
    const [, , confirmation] = await mailsTo(smtp, "sam@example.com", 3);
    expect(confirmation!.subject).toBe("Your visit to Château L’Hermitage Lescours is confirmed: Saturday, March 20, 2027 at 10:00 AM");
    // And the estate, that the places offered were taken.
    const estateAfter = await mailsTo(smtp, "contact@hermitage-lescours.example", 8);
    expect(estateAfter.some((mail) => mail.text?.includes(staff("estateMail.intro.takenConfirmed", { name: "Alex Smith" })))).toBe(true);
    expect(readEvent(calendarOf(confirmation).content.toString())).toMatchObject({
      method: "REQUEST",
      local: "2027-03-20T10:00:00",
      utc: "2027-03-20T09:00:00.000Z",
    });
    expect(placesHeld(second, "2027-03-20", "10:00")).toBe(7);
    expect((await availability(second, "package=hermitage&from=2027-03-20&to=2027-03-20")).json().slots[0]).toEqual({
      start: slot,
      capacity: 8,
      placesLeft: 1,
    });
  });

  it("lets a visitor leave the list from the link of their e-mail: they are no longer offered places, the next in line is", async () => {
    const smtp = await smtpServer();
    const clock = testClock("2027-03-01T09:00:00Z");
    const app = await server({ SMTP_URL: smtp.url, DATA_DIR: mkdtempSync(join(tmpdir(), "lescours-leave-")) }, clock);
    const slot = "2027-03-20T15:00:00+01:00";
    expect((await post(app, booking(slot, { guests: 8, email: "eight@example.com" }))).statusCode).toBe(201);
    expect((await post(app, booking(slot, { guests: 2, email: "first@example.com", language: "fr", page: "/fr/wine-tours", waitlist: true }))).statusCode).toBe(
      201,
    );
    expect((await post(app, booking(slot, { guests: 2, email: "second@example.com", waitlist: true }))).statusCode).toBe(201);
    const [joined] = await mailsTo(smtp, "first@example.com", 1);
    const leave = joined!.text!.match(/(\/api\/tours\/waitlist\?token=[A-Za-z0-9_-]{43})/)![1]!;
    const token = new URL(leave, siteUrl).searchParams.get("token")!;
    const fr = translator("fr").t;
    // The link shows the waiting place and a button to leave; the POST takes them off the list.
    expect((await app.inject({ url: leave })).body).toContain(fr("waitlist.leave"));
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const left = await app.inject({
      method: "POST",
      url: "/api/tours/waitlist",
      headers: form,
      payload: new URLSearchParams({ token, action: "leave" }).toString(),
    });
    expect(left.statusCode).toBe(200);
    expect(left.body).toContain(fr("waitlist.left").replace(/’/g, "&#x27;").replace(/'/g, "&#x27;").slice(0, 20));
    expect(new Waitlist(app.db).byToken(token)!.status).toBe("gone");
    // Places free up: the second in line is offered them, the one who left is not.
    const eight = (
      app.db
        .prepare("SELECT b.manage_token AS token FROM tour_slot_bookings b JOIN tour_bookings t ON t.id = b.booking_id WHERE t.email = 'eight@example.com'")
        .get() as { token: string }
    ).token;
    await app.inject({
      method: "POST",
      url: "/api/tours/booking",
      headers: form,
      payload: new URLSearchParams({ token: eight, action: "cancel", confirm: "yes" }).toString(),
    });
    const [, offer] = await mailsTo(smtp, "second@example.com", 2);
    expect(offer!.subject).toContain("Places are free");
    expect(smtp.received.filter((mail) => mail.to.includes("first@example.com"))).toHaveLength(1);
  });
});
