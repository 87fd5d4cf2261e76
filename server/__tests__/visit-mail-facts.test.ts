/**
 * The contract on a durable medium (issue 49.2, 49.3, 49.5, 49.6; the native readers of 29 November
 * 2026): every e-mail about a visit states its price as n × unit = total (a group price, a private
 * tour's price for the group), a gift voucher's deduction, the deposit paid with its receipt and the
 * balance due, the refund when a booking with a deposit paid ends, the old time of a move, and where
 * the tour meets (Château Mongiron's at Château Mongiron, in the calendar file too); a checkout the
 * payment provider reports lapsed is told as the sweep tells it; the thank-you e-mail carries the
 * health line and a link that stops it, and an address that used it gets no more. Driven at the
 * server's level (the real app, its SQLite file, an SMTP sink, the provider's stand-in); every
 * expected line is read from the catalogs.
 */
import type { FastifyInstance } from "fastify";
import type { ParsedMail } from "mailparser";
import { afterEach, describe, expect, it } from "vitest";
import { content } from "#content";
import { meetingPointOf } from "#content/meeting-point";
import { localNames } from "#content/names";
import { formatEventDate, formatPrice, formatTime } from "#core/format";
import type { Language } from "#core/languages";
import { translator } from "#locales";
import { markAttendance } from "../bookings/check-in";
import { isoWithOffset } from "../bookings/paris-time";
import { createVoucher } from "../bookings/vouchers";
import { writePackageRules, type PackageRulesRow } from "../db/tour-rules";
import { adminTestServer } from "./support/admin";
import { closedAfterEachTest, TestSmtp } from "./support/fixtures";
import { byInject, PaymentProviderStandIn } from "./support/payment-provider";
import { bookTour } from "./support/schedule";
import { calendarOf, mailsTo } from "./support/tour-mail";

const { apps, smtps } = closedAfterEachTest();
const providers = new Set<PaymentProviderStandIn>();
afterEach(async () => {
  await Promise.all([...providers].map((provider) => provider.stop()));
  providers.clear();
});

/** Monday 1 March 2027, 09:00 Paris; the tours booked are the Saturday after. */
const saturday = "2027-03-06";
const at = (time: string, date = saturday) => isoWithOffset({ date, time });
const tourOf = (id: string) => content.tours.packages.find((tour) => tour.id === id)!;
const hermitage = tourOf("hermitage");
const mongiron = tourOf("mongiron");
const money = (cents: number, lang: Language) => formatPrice(cents / 100, lang);
/** The words of a message before its first value: enough to find it, whatever the value. */
const opening = (text: string) => text.split("\u0000")[0]!;

async function estate(options: { payments?: boolean } = {}) {
  const smtp = new TestSmtp();
  smtps.add(smtp);
  await smtp.start();
  const provider = options.payments ? new PaymentProviderStandIn() : null;
  if (provider) {
    providers.add(provider);
    await provider.start();
  }
  const clock = { now: Date.parse("2027-03-01T08:00:00Z") };
  const env = provider?.siteEnv ?? {};
  const app = await adminTestServer({ SMTP_URL: smtp.url, ...env }, { now: () => new Date(clock.now) });
  apps.add(app);
  if (provider) {
    provider.deliver = byInject(app);
  }
  return { app, smtp, provider, clock };
}

const rules = (app: FastifyInstance, pkg: PackageRulesRow["package"], set: Partial<PackageRulesRow>) => {
  writePackageRules(app.db, [{ package: pkg, min_guests: 1, cutoff_hours: null, horizon_months: null, deposit_percent: 0, ...set }]);
  app.bookings.schedule.changed();
};

const visitor = (lang: Language, n: number, extra: Record<string, unknown> = {}) =>
  ({
    language: lang,
    page: lang === "en" ? "/wine-tours" : `/${lang}/wine-tours`,
    name: `Visitor ${n}`,
    email: `guest${n}@example.org`,
    guests: 2,
    package: "hermitage",
    slot: at("10:00"),
    ...extra,
  }) as never;

const tokenOf = (app: FastifyInstance, id: string) =>
  (app.db.prepare("SELECT manage_token AS t FROM tour_slot_bookings WHERE booking_id = ?").get(id) as { t: string }).t;
const form = { "content-type": "application/x-www-form-urlencoded" };
const onLink = (app: FastifyInstance, token: string, fields: Record<string, string>) =>
  app.inject({ method: "POST", url: "/api/tours/booking", headers: form, payload: new URLSearchParams({ token, ...fields }).toString() });

/** An e-mail's text part on one line: wrapped lines joined (its no-break spaces kept, as the catalogs write them). */
const words = (mail: ParsedMail | undefined) => (mail?.text ?? "").replace(/[ \t\r\n]+/g, " ");

describe("the visitor's e-mails state the price", () => {
  it("per person, with what is paid on the day, and where the tour meets (fr)", async () => {
    const { app, smtp } = await estate();
    expect((await bookTour(app, visitor("fr", 1))).statusCode).toBe(201);
    const [confirmation] = await mailsTo(smtp, "guest1@example.org", 1);
    const fr = translator("fr").t;
    const total = 2 * hermitage.price * 100;
    expect(words(confirmation)).toContain(fr("tourMail.price.perPerson", { guests: 2, unit: money(hermitage.price * 100, "fr"), total: money(total, "fr") }));
    expect(words(confirmation)).toContain(fr("tourMail.price.onTheDay", { amount: money(total, "fr") }));
    const meeting = meetingPointOf(content.site, hermitage, "fr");
    expect(words(confirmation)).toContain(fr("mail.booking.where", { place: meeting.place, address: meeting.address }));
  });

  it("at the group price from its size on (es), and for a private tour as one price for the group (zh)", async () => {
    const { app, smtp } = await estate();
    const tier = hermitage.groupPrices.find((one) => "perPerson" in one)!;
    expect((await bookTour(app, visitor("es", 1, { guests: tier.from, slot: at("15:00") }))).statusCode).toBe(201);
    const [group] = await mailsTo(smtp, "guest1@example.org", 1);
    const es = translator("es").t;
    const unit = ("perPerson" in tier ? tier.perPerson : 0) * 100;
    expect(words(group)).toContain(
      es("tourMail.price.tier", { guests: tier.from, unit: money(unit, "es"), total: money(unit * tier.from, "es"), from: tier.from }),
    );

    expect((await bookTour(app, visitor("zh", 2, { guests: 3, private: true }))).statusCode).toBe(201);
    const [privateTour] = await mailsTo(smtp, "guest2@example.org", 1);
    const zh = translator("zh").t;
    expect(words(privateTour)).toContain(zh("tourMail.price.private", { total: money(hermitage.privatePrice! * 100, "zh") }));
  });

  it("less a gift voucher, and nothing to pay when it covers the visit (ja)", async () => {
    const { app, smtp, clock } = await estate();
    const code = createVoucher(app.db, { kind: "value", amountCents: 5000, validUntil: "2027-12-31", note: "" }, "office", new Date(clock.now));
    expect((await bookTour(app, visitor("ja", 1, { voucher: code }))).statusCode).toBe(201);
    const [partly] = await mailsTo(smtp, "guest1@example.org", 1);
    const ja = translator("ja").t;
    const total = 2 * hermitage.price * 100;
    expect(words(partly)).toContain(ja("tourMail.price.voucher", { code, amount: money(5000, "ja") }));
    expect(words(partly)).toContain(ja("tourMail.price.onTheDay", { amount: money(total - 5000, "ja") }));
    // No bracket inside a bracket inside a bracket (the native readers' JN6): the address's own （フランス） stands alone.
    const depth = (line: string) =>
      [...line].reduce((at, c) => ({ now: at.now + (c === "（" ? 1 : c === "）" ? -1 : 0), most: Math.max(at.most, at.now + (c === "（" ? 1 : 0)) }), {
        now: 0,
        most: 0,
      }).most;
    expect(Math.max(...(partly!.text ?? "").split("\n").map(depth))).toBeLessThanOrEqual(1);

    const whole = createVoucher(
      app.db,
      { kind: "package", package: "hermitage", guests: 2, validUntil: "2027-12-31", note: "" },
      "office",
      new Date(clock.now),
    );
    expect((await bookTour(app, visitor("ja", 2, { voucher: whole, slot: at("15:00") }))).statusCode).toBe(201);
    const [covered] = await mailsTo(smtp, "guest2@example.org", 1);
    expect(words(covered)).toContain(ja("tourMail.price.voucher", { code: whole, amount: money(total, "ja") }));
    expect(words(covered)).toContain(ja("tourMail.price.nothingDue"));
  });

  it("and the private page says it the same way (zh N1): the voucher's deduction and what is left to pay", async () => {
    const { app, clock } = await estate();
    const code = createVoucher(app.db, { kind: "value", amountCents: 5000, validUntil: "2027-12-31", note: "" }, "office", new Date(clock.now));
    const { id } = (await bookTour(app, visitor("zh", 1, { voucher: code }))).json() as { id: string };
    const page = await app.inject({ method: "GET", url: `/api/tours/booking?token=${tokenOf(app, id)}` });
    const zh = translator("zh").t;
    const total = 2 * hermitage.price * 100;
    expect(page.body).toContain(zh("tourMail.price.perPerson", { guests: 2, unit: money(hermitage.price * 100, "zh"), total: money(total, "zh") }));
    expect(page.body).toContain(zh("tourMail.price.voucher", { code, amount: money(5000, "zh") }));
    expect(page.body).toContain(zh("tourMail.price.onTheDay", { amount: money(total - 5000, "zh") }));
  });
});

describe("a deposit", () => {
  it("paid: its receipt and the balance due; cancelled: its refund, in the cancellation e-mail", async () => {
    const { app, smtp, provider, clock } = await estate({ payments: true });
    rules(app, "hermitage", { deposit_percent: 20 });
    const { id } = (await bookTour(app, visitor("fr", 1))).json() as { id: string };
    await provider!.pay(provider!.sessionOf(id)!.id);
    const [confirmation] = await mailsTo(smtp, "guest1@example.org", 1);
    const fr = translator("fr").t;
    const total = 2 * hermitage.price * 100;
    const deposit = Math.round(total * 0.2);
    const meeting = meetingPointOf(content.site, hermitage, "fr");
    expect(words(confirmation)).toContain(fr("tourMail.depositIntro", { place: meeting.place }));
    expect(words(confirmation)).toContain(fr("tourMail.price.receipt", { amount: money(deposit, "fr"), date: formatEventDate("2027-03-01", "fr") }));
    expect(words(confirmation)).toContain(fr("tourMail.price.depositPaid", { deposit: money(deposit, "fr"), balance: money(total - deposit, "fr") }));

    clock.now += 60_000;
    expect((await onLink(app, tokenOf(app, id), { action: "cancel", confirm: "yes" })).statusCode).toBe(200);
    const [, cancelled] = await mailsTo(smtp, "guest1@example.org", 2);
    expect(cancelled!.subject).toBe(
      fr("tourMail.cancelledSubject", {
        estate: meeting.place,
        place: meeting.place,
        elsewhere: "no",
        date: formatEventDate(saturday, "fr"),
        time: formatTime("10:00", "fr"),
      }),
    );
    expect(words(cancelled)).toContain(fr("tourMail.price.refund", { amount: money(deposit, "fr") }));
  });

  it("left unpaid and reported lapsed by the provider: the visitor gets the same e-mail as from the sweep (N6)", async () => {
    const { app, smtp, provider } = await estate({ payments: true });
    rules(app, "hermitage", { deposit_percent: 20 });
    const { id } = (await bookTour(app, visitor("es", 1))).json() as { id: string };
    const expired = await provider!.expire(provider!.sessionOf(id)!.id);
    expect(expired.status).toBe(200);
    const [lapsed] = await mailsTo(smtp, "guest1@example.org", 1);
    expect(words(lapsed)).toContain(translator("es").t("tourMail.paymentLapsedIntro"));
    // No refund is promised for what was never paid.
    expect(words(lapsed)).not.toContain(opening(translator("es").t("tourMail.price.refund", { amount: "\u0000" })));
  });
});

describe("Château Mongiron's tour", () => {
  it("is named and met at Château Mongiron in the subject, the text and the calendar file", async () => {
    const { app, smtp } = await estate();
    expect((await bookTour(app, visitor("fr", 1, { package: "mongiron", slot: at("11:30") }))).statusCode).toBe(201);
    const [confirmation] = await mailsTo(smtp, "guest1@example.org", 1);
    const fr = translator("fr").t;
    const meeting = meetingPointOf(content.site, mongiron, "fr");
    const estateName = localNames(content.site, "fr").estate;
    expect(meeting.place).not.toBe(estateName);
    expect(confirmation!.subject).toBe(
      fr("mail.booking.confirmedSubject", {
        estate: estateName,
        place: meeting.place,
        elsewhere: "yes",
        date: formatEventDate(saturday, "fr"),
        time: formatTime("11:30", "fr"),
      }),
    );
    expect(words(confirmation)).toContain(fr("mail.booking.confirmedIntro", { place: meeting.place }));
    expect(words(confirmation)).toContain(fr("mail.booking.where", { place: meeting.place, address: meeting.address }));
    expect(words(confirmation)).toContain(meeting.directions);
    expect(words(confirmation)).not.toContain(fr("mail.booking.confirmedIntro", { place: estateName }));
    const ics = calendarOf(confirmation)
      .content.toString("utf8")
      .replace(/\r?\n[ \t]/g, "");
    expect(ics).toContain(`LOCATION:${meeting.place}\\, ${meeting.address.replace(/,/g, "\\,")}`);
    // The private page names it too.
    const id = (app.db.prepare("SELECT booking_id AS id FROM tour_slot_bookings").get() as { id: string }).id;
    const page = await app.inject({ method: "GET", url: `/api/tours/booking?token=${tokenOf(app, id)}` });
    expect(page.body).toContain(fr("mail.booking.where", { place: meeting.place, address: meeting.address }));
  });
});

describe("a moved visit's e-mail", () => {
  it("gives the time it had before the move (zh N13)", async () => {
    const { app, smtp } = await estate();
    const { id } = (await bookTour(app, visitor("zh", 1))).json() as { id: string };
    expect((await onLink(app, tokenOf(app, id), { action: "move", slot: at("15:00") })).statusCode).toBeLessThan(400);
    const [, moved] = await mailsTo(smtp, "guest1@example.org", 2);
    const zh = translator("zh").t;
    expect(words(moved)).toContain(zh("tourMail.movedFrom", { date: formatEventDate(saturday, "zh"), time: formatTime("10:00", "zh") }));
    expect(words(moved)).toContain(zh("mail.booking.when", { date: formatEventDate(saturday, "zh"), time: formatTime("15:00", "zh") }));
  });
});

describe("a minimum group", () => {
  it("says why a held group is now confirmed (N19), and promises no refund to a group that paid none (N13)", async () => {
    const { app, smtp, clock } = await estate();
    rules(app, "mongiron", { min_guests: 4 });
    const es = translator("es").t;
    expect((await bookTour(app, visitor("es", 1, { package: "mongiron", slot: at("11:30") }))).json().outcome).toBe("minimum");
    expect((await bookTour(app, visitor("es", 2, { package: "mongiron", slot: at("11:30") }))).json().outcome).toBe("confirmed");
    const [, reached] = await mailsTo(smtp, "guest1@example.org", 2);
    expect(words(reached)).toContain(es("tourMail.minimumReachedIntro"));

    expect((await bookTour(app, visitor("es", 3, { package: "mongiron", slot: at("16:30") }))).json().outcome).toBe("minimum");
    clock.now = Date.parse("2027-03-05T15:31:00Z");
    await app.sweepBookings();
    const [, notReached] = await mailsTo(smtp, "guest3@example.org", 2);
    expect(words(notReached)).toContain(es("tourMail.minimumNotReachedIntro"));
    expect(words(notReached)).not.toContain(opening(es("tourMail.price.refund", { amount: "\u0000" })));
  });
});

describe("the thank-you e-mail after a visit", () => {
  it("carries the health line and a link that stops it; an address that used it gets no more, its bookings' e-mails still go", async () => {
    const { app, smtp, clock } = await estate();
    const first = (await bookTour(app, visitor("es", 1))).json().id as string;
    // Its confirmation gone before the visit, as days before one it is: on a busy machine a sender
    // still handing it over could otherwise see the thank-you queued meanwhile reach the visitor first.
    await mailsTo(smtp, "guest1@example.org", 1);
    clock.now = Date.parse("2027-03-06T09:30:00Z");
    await markAttendance(app.bookings, first, "arrived", "office");
    clock.now = Date.parse("2027-03-07T09:05:00Z");
    await app.sweepBookings();
    const [, thanks] = await mailsTo(smtp, "guest1@example.org", 2);
    const es = translator("es").t;
    // The French health line the law asks of alcohol advertising (CSP L. 3323-4), and the reader's own under it.
    const health = [`${translator("fr").t("footer.healthMessage")}.`, ...es("footer.healthMeaning").split("\n")];
    for (const line of health) expect(words(thanks)).toContain(line);
    expect(words(thanks)).toContain(es("tourMail.thanksStop"));
    const header = thanks!.headerLines.find((line) => line.key === "list-unsubscribe")?.line ?? "";
    const stop = /<([^>]+)>/.exec(header)?.[1] ?? "";
    expect(stop).toMatch(/^https:\/\/www\.hermitage-lescours\.example\/api\/tours\/thanks\?token=[A-Za-z0-9_-]{43}$/);
    expect(thanks!.text).toContain(stop);
    expect(thanks!.headerLines.find((line) => line.key === "list-unsubscribe-post")?.line).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");

    // Opening the link changes nothing; its button (or a provider's one-click POST) stops them.
    const path = new URL(stop).pathname + new URL(stop).search;
    const asked = await app.inject({ method: "GET", url: path });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain(es("thanksStop.button"));
    const stopped = await app.inject({ method: "POST", url: path, headers: form, payload: "List-Unsubscribe=One-Click" });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.body).toContain(es("thanksStop.doneText"));
    expect((await app.inject({ method: "POST", url: "/api/tours/thanks?token=nonsense", headers: form, payload: "" })).statusCode).toBe(404);

    // A second visit the week after: booked and confirmed by e-mail, and no thank-you after it.
    const second = (await bookTour(app, visitor("es", 1, { slot: at("10:00", "2027-03-13") }))).json().id as string;
    await mailsTo(smtp, "guest1@example.org", 3);
    clock.now = Date.parse("2027-03-13T09:30:00Z");
    await markAttendance(app.bookings, second, "arrived", "office");
    clock.now = Date.parse("2027-03-14T09:05:00Z");
    await app.sweepBookings();
    const queued = app.db.prepare("SELECT subject FROM outbox WHERE recipient = ?").all("guest1@example.org") as { subject: string }[];
    expect(queued.filter((row) => row.subject === thanks!.subject)).toHaveLength(1);
    expect(queued).toHaveLength(3);
  });
});
