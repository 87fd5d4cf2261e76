/**
 * The tours' experiences on the booking ledger, at the server's level (the real Fastify app, a
 * real SQLite file, a local SMTP server and a local stand-in of the payment provider's API driven
 * by Stripe's own library): private tours that close their time (500 visitors at once give one
 * booking), prices per person, per group and for a private tour, a minimum group, vouchers
 * redeemed once even in parallel, deposits paid at the checkout and confirmed by the signed
 * webhook (a replay refused and changing nothing), lapsed and refunded, a package's own lead time
 * and horizon, and the thank-you e-mail the day after a visit.
 */
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { content } from "#content";
import { textIn } from "#content/text";
import { formatEventDate, formatPrice, formatTime } from "#core/format";
import { quoteTour } from "#core/tour-price";
import { translator } from "#locales";
import { isoWithOffset } from "../bookings/paris-time";
import { createVoucher } from "../bookings/vouchers";
import { writePackageRules, setAfterVisitMail, type PackageRulesRow } from "../db/tour-rules";
import { adminTestServer, siteUrl } from "./support/admin";
import { closedAfterEachTest, TestSmtp, waitFor } from "./support/fixtures";
import { byInject, PaymentProviderStandIn } from "./support/payment-provider";
import { availableSlots, bookTour } from "./support/schedule";
import { mailsTo } from "./support/tour-mail";
import { cancelByStaff } from "../bookings/cancel";
import { markAttendance } from "../bookings/check-in";

const { apps, smtps } = closedAfterEachTest();
const providers = new Set<PaymentProviderStandIn>();
afterEach(async () => {
  await Promise.all([...providers].map((provider) => provider.stop()));
  providers.clear();
});
/** Monday 1 March 2027, 09:00 Paris; the tours booked are the Saturday after. */
const saturday = "2027-03-06";
const at = (time: string, date = saturday) => isoWithOffset({ date, time });
const hermitage = content.tours.packages.find((tour) => tour.id === "hermitage")!;

/** A server on a clock the test moves, with an SMTP sink, and optionally the payment provider's stand-in. */
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

const visitor = (n: number, extra: Record<string, unknown> = {}) => ({
  language: "zh",
  page: "/zh/wine-tours",
  name: `访客${n}`,
  email: `guest${n}@example.cn`,
  guests: 2,
  package: "hermitage",
  slot: at("10:00"),
  ...extra,
});
const slotRow = (app: FastifyInstance, id: string) =>
  app.db.prepare("SELECT status, waiting_for AS waitingFor, private, price_cents AS priceCents FROM tour_slot_bookings WHERE booking_id = ?").get(id) as {
    status: string;
    waitingFor: string | null;
    private: number;
    priceCents: number;
  };

describe("private tours", () => {
  it("close their time after one booking: 500 visitors at once get exactly one, the others a 409 saying why, and the time shows as taken", async () => {
    const { app } = await estate();
    const answers = await Promise.all(Array.from({ length: 500 }, (_, n) => bookTour(app, visitor(n, { private: true, guests: 1 + (n % 4) }) as never)));
    const booked = answers.filter((answer) => answer.statusCode === 201);
    expect(booked).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(499);
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toMatchObject({
      fields: ["slot"],
      error: translator("zh").t("tourRefusal.private.taken", { contact: "https://www.hermitage-lescours.example/zh/contact" }),
    });
    const count = app.db
      .prepare("SELECT count(*) AS n FROM tour_slot_bookings WHERE slot_date = ? AND slot_time = '10:00' AND status = 'confirmed'")
      .get(saturday) as { n: number };
    expect(count.n).toBe(1);
    // The time shows as taken to everyone else, and a shared booking is refused there too.
    expect((await availableSlots(app, "hermitage", saturday)).find((slot) => slot.start === at("10:00"))).toMatchObject({ placesLeft: 0 });
    expect((await bookTour(app, visitor(900) as never)).statusCode).toBe(409);
    // Priced per group, whatever its size.
    expect(slotRow(app, booked[0]!.json().id).priceCents).toBe(hermitage.privatePrice! * 100);
  });

  it("cannot be booked at a time someone else already booked, nor for a package that offers none", async () => {
    const { app } = await estate();
    expect((await bookTour(app, visitor(1))).statusCode).toBe(201);
    const refused = await bookTour(app, visitor(2, { private: true }) as never);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(translator("zh").t("tourRefusal.private.taken", { contact: "https://www.hermitage-lescours.example/zh/contact" }));
    const notOffered = await bookTour(app, visitor(3, { private: true, package: "mongiron", slot: at("11:30") }) as never);
    expect(notOffered.json().fields).toEqual(["private"]);
  });
});

describe("prices", () => {
  it("are kept per booking: per person, from a group size on, and less a voucher", async () => {
    const { app } = await estate();
    const six = await bookTour(app, visitor(1, { guests: 6, slot: at("15:00") }) as never);
    expect(six.statusCode).toBe(201);
    expect(slotRow(app, six.json().id).priceCents).toBe(quoteTour(hermitage, 6).totalCents);
    expect(quoteTour(hermitage, 6).perPersonCents).toBe(
      hermitage.groupPrices.find((tier) => tier.from === 6 && "perPerson" in tier) ? 6000 : hermitage.price * 100,
    );
    const two = await bookTour(app, visitor(2, { guests: 2 }) as never);
    expect(slotRow(app, two.json().id).priceCents).toBe(2 * hermitage.price * 100);
  });
});

describe("vouchers", () => {
  it("are redeemed once: of two bookings with the same code at the same moment, one is booked and the other refused naming the field", async () => {
    const { app, clock } = await estate();
    const code = createVoucher(app.db, { kind: "value", amountCents: 5000, validUntil: "2027-12-31", note: "Noël" }, "office@example.fr", new Date(clock.now));
    const [a, b] = await Promise.all([
      bookTour(app, visitor(1, { voucher: code.toLowerCase() }) as never),
      bookTour(app, visitor(2, { voucher: code, slot: at("15:00") }) as never),
    ]);
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([201, 409]);
    const refused = a!.statusCode === 409 ? a! : b!;
    expect(refused.json()).toMatchObject({
      fields: ["voucher"],
      error: translator("zh").t("tourRefusal.voucher.used", { contact: "https://www.hermitage-lescours.example/zh/contact" }),
    });
    const booked = a!.statusCode === 201 ? a! : b!;
    expect(slotRow(app, booked.json().id).priceCents).toBe(2 * hermitage.price * 100 - 5000);
    // Nothing of the refused booking was stored.
    expect(app.db.prepare("SELECT count(*) AS n FROM tour_bookings").get()).toEqual({ n: 1 });
  });

  it("are refused when unknown, past their day, for another tour, or without a time", async () => {
    const { app, clock } = await estate();
    const old = createVoucher(app.db, { kind: "value", amountCents: 1000, validUntil: "2027-02-28", note: "" }, "office", new Date(clock.now));
    const both = createVoucher(app.db, { kind: "package", package: "both", guests: 2, validUntil: "2027-12-31", note: "" }, "office", new Date(clock.now));
    expect((await bookTour(app, visitor(1, { voucher: "AAAA-BBBB-CCCC" }) as never)).json().fields).toEqual(["voucher"]);
    expect((await bookTour(app, visitor(2, { voucher: old }) as never)).json().error).toBe(
      translator("zh").t("tourRefusal.voucher.expired", { contact: "https://www.hermitage-lescours.example/zh/contact" }),
    );
    expect((await bookTour(app, visitor(3, { voucher: both }) as never)).json().error).toBe(
      translator("zh").t("tourRefusal.voucher.package", { contact: "https://www.hermitage-lescours.example/zh/contact" }),
    );
    const noTime = await bookTour(app, visitor(4, { voucher: both, slot: "" }) as never);
    expect(noTime.statusCode).toBe(409);
    expect(noTime.json().fields).toContain("voucher");
    // A package's voucher takes off that tour's price for its people.
    const fine = await bookTour(app, visitor(5, { voucher: both, package: "both", slot: at("14:00"), guests: 3 }) as never);
    expect(fine.statusCode).toBe(201);
    const tour = content.tours.packages.find((one) => one.id === "both")!;
    expect(slotRow(app, fine.json().id).priceCents).toBe(quoteTour(tour, 3).totalCents - quoteTour(tour, 2).totalCents);
  });
});

describe("a minimum group", () => {
  it("holds the first groups until enough people booked the time, then confirms them together; short of it at the cut-off, they are told and the places freed", async () => {
    const { app, smtp, clock } = await estate();
    rules(app, "mongiron", { min_guests: 4 });
    const first = await bookTour(app, visitor(1, { package: "mongiron", slot: at("11:30") }) as never);
    expect(first.json()).toMatchObject({ outcome: "minimum", minimum: 4 });
    const zh = translator("zh").t;
    const [held] = await mailsTo(smtp, "guest1@example.cn", 1);
    expect(held!.text).toContain(zh("tourMail.minimumIntro", { minimum: 4, hours: 24 }));
    const second = await bookTour(app, visitor(2, { package: "mongiron", slot: at("11:30") }) as never);
    expect(second.json().outcome).toBe("confirmed");
    expect(slotRow(app, first.json().id).status).toBe("confirmed");
    const [, confirmed] = await mailsTo(smtp, "guest1@example.cn", 2);
    expect(confirmed!.subject).toContain(zh("mail.booking.confirmedSubject", { estate: content.site.estateNameLocal.zh!, date: "", time: "" }).slice(0, 4));
    // Another time, short of its minimum at the cut-off: expired, told, freed.
    const lonely = await bookTour(app, visitor(3, { package: "mongiron", slot: at("16:30") }) as never);
    expect(lonely.json().outcome).toBe("minimum");
    clock.now = Date.parse("2027-03-05T15:31:00Z");
    await app.sweepBookings();
    expect(slotRow(app, lonely.json().id).status).toBe("expired");
    const [, notReached] = await mailsTo(smtp, "guest3@example.cn", 2);
    expect(notReached!.text).toContain(zh("tourMail.minimumNotReachedIntro"));
  });
});

describe("a package's own lead time and horizon", () => {
  it("close online booking earlier and open fewer months ahead than the schedule", async () => {
    const { app } = await estate();
    rules(app, "hermitage", { cutoff_hours: 24 * 7, horizon_months: 2 });
    expect(await availableSlots(app, "hermitage", saturday)).toEqual([]);
    expect((await availableSlots(app, "mongiron", saturday)).length).toBeGreaterThan(0);
    expect((await bookTour(app, visitor(1))).json().error).toBe(
      translator("zh").t("wineTours.slots.conflictClosed", { contact: "https://www.hermitage-lescours.example/zh/contact" }),
    );
    const later = await bookTour(app, visitor(2, { slot: at("10:00", "2027-06-05") }) as never);
    expect(later.json().error).toBe(
      translator("zh").t("wineTours.slots.conflictHorizon", { months: 2, contact: "https://www.hermitage-lescours.example/zh/contact" }),
    );
  });
});

describe("deposits through the payment provider", () => {
  it("hold the places until paid; the signed webhook confirms, a replay changes nothing, an old signature is refused", async () => {
    const { app, smtp, provider } = await estate({ payments: true });
    rules(app, "hermitage", { deposit_percent: 20 });
    const answer = await bookTour(app, visitor(1, { guests: 6, language: "fr", page: "/fr/wine-tours", email: "camille@example.fr" }) as never);
    expect(answer.statusCode).toBe(201);
    const { id, outcome, checkoutUrl } = answer.json() as { id: string; outcome: string; checkoutUrl: string };
    expect(outcome).toBe("payment");
    const session = provider!.sessionOf(id)!;
    expect(checkoutUrl).toBe(session.url);
    expect(session).toMatchObject({
      amount_total: Math.round((quoteTour(hermitage, 6).totalCents * 20) / 100),
      currency: "eur",
      locale: "fr",
      client_reference_id: id,
    });
    expect(slotRow(app, id)).toMatchObject({ status: "pending", waitingFor: "payment" });
    // Held: the places count for everyone else.
    expect((await availableSlots(app, "hermitage", saturday)).find((slot) => slot.start === at("10:00"))!.placesLeft).toBe(2);
    const paid = await provider!.pay(session.id);
    expect(paid.status).toBe(200);
    expect(JSON.parse(paid.answer)).toMatchObject({ outcome: "done" });
    expect(slotRow(app, id).status).toBe("confirmed");
    const [confirmation] = await mailsTo(smtp, "camille@example.fr", 1);
    expect(confirmation!.subject).toContain(translator("fr").t("mail.booking.confirmedSubject", { estate: "", date: "", time: "" }).slice(0, 12));
    // The same event again: acknowledged, nothing changes, no second e-mail.
    const outbox = () => app.db.prepare("SELECT count(*) AS n FROM outbox").get() as { n: number };
    const before = { row: slotRow(app, id), mails: outbox() };
    const replay = await provider!.deliverSigned(paid.type, paid.payload, paid.signature);
    expect(replay.status).toBe(200);
    expect(JSON.parse(replay.answer)).toMatchObject({ outcome: "duplicate" });
    expect({ row: slotRow(app, id), mails: outbox() }).toEqual(before);
    // Signed more than five minutes ago, or with another secret, or altered: refused.
    expect((await provider!.send("checkout.session.completed", session, { timestamp: Math.floor(Date.now() / 1000) - 3600 })).status).toBe(400);
    expect((await provider!.deliverSigned(paid.type, paid.payload.replace('"paid"', '"unpaid"'), paid.signature)).status).toBe(400);
    expect(
      (await app.inject({ method: "POST", url: "/api/payments/webhook", headers: { "content-type": "application/json" }, payload: paid.payload })).statusCode,
    ).toBe(400);
  });

  it("read a signed event defensively: a malformed one is answered without a 500 and recorded, and one signed in the future is refused", async () => {
    const { app, provider } = await estate({ payments: true });
    rules(app, "hermitage", { deposit_percent: 20 });
    const { id } = (await bookTour(app, visitor(1))).json() as { id: string };
    const session = provider!.sessionOf(id)!;
    const events = () => app.db.prepare("SELECT event_id AS id, type FROM payment_events ORDER BY event_id").all() as { id: string; type: string }[];
    const malformed = [
      { id: "evt_no_object", object: "event", type: "checkout.session.completed", data: {} },
      { id: "evt_no_data", object: "event", type: "checkout.session.completed" },
      { id: "evt_object_reference", object: "event", type: "checkout.session.completed", data: { object: { ...session, client_reference_id: { id } } } },
      { id: "evt_number_status", object: "event", type: "checkout.session.expired", data: { object: { ...session, id: 42, metadata: "booking" } } },
    ];
    for (const event of malformed) {
      const answer = await provider!.sendRaw(JSON.stringify(event));
      expect(answer.status, `${event.id}: ${answer.answer}`).toBeLessThan(500);
      if (answer.status === 200) expect(JSON.parse(answer.answer)).toMatchObject({ outcome: "ignored" });
    }
    // Each is recorded, so that its retry is a duplicate, and none touched the booking.
    expect(events()).toEqual(malformed.map((event) => ({ id: event.id, type: event.type })).sort((a, b) => a.id.localeCompare(b.id)));
    expect(slotRow(app, id)).toMatchObject({ status: "pending", waitingFor: "payment" });
    // Not even an event: no id, or not an object at all.
    for (const payload of ['{"type":"checkout.session.completed"}', "[]", '"event"', "null"]) {
      const answer = await provider!.sendRaw(payload);
      expect(answer.status, payload).toBe(400);
    }
    // The signature's clock is checked both ways: an hour ahead is no more valid than an hour behind.
    session.payment_status = "paid";
    const ahead = await provider!.send("checkout.session.completed", session, { timestamp: Math.floor(Date.now() / 1000) + 3600 });
    expect(ahead.status).toBe(400);
    expect(slotRow(app, id).status).toBe("pending");
    // Within the tolerance either way, the event is acted on.
    const slightlyAhead = await provider!.send("checkout.session.completed", session, { timestamp: Math.floor(Date.now() / 1000) + 30 });
    expect(JSON.parse(slightlyAhead.answer)).toMatchObject({ outcome: "done" });
    expect(slotRow(app, id).status).toBe("confirmed");
  });

  it("lapse unpaid: the places come back at the sweep and the visitor is told; a deposit paid just after takes them back if still free", async () => {
    const { app, smtp, provider, clock } = await estate({ payments: true });
    rules(app, "hermitage", { deposit_percent: 100 });
    const { id } = (await bookTour(app, visitor(1, { guests: 8 }) as never)).json() as { id: string };
    expect((await availableSlots(app, "hermitage", saturday)).find((slot) => slot.start === at("10:00"))!.placesLeft).toBe(0);
    clock.now += 32 * 60_000;
    await app.sweepBookings();
    expect(slotRow(app, id).status).toBe("expired");
    expect((await availableSlots(app, "hermitage", saturday)).find((slot) => slot.start === at("10:00"))!.placesLeft).toBe(8);
    const [lapsed] = await mailsTo(smtp, "guest1@example.cn", 1);
    expect(lapsed!.text).toContain(translator("zh").t("tourMail.paymentLapsedIntro"));
    // The provider's late word: paid. The places are still free: the booking stands.
    await provider!.pay(provider!.sessionOf(id)!.id);
    expect(slotRow(app, id).status).toBe("confirmed");
  });

  it("are refunded, once, when the booking is cancelled through the private link", async () => {
    const { app, provider } = await estate({ payments: true });
    rules(app, "hermitage", { deposit_percent: 30 });
    const { id } = (await bookTour(app, visitor(1))).json() as { id: string };
    await provider!.pay(provider!.sessionOf(id)!.id);
    const token = (app.db.prepare("SELECT manage_token AS t FROM tour_slot_bookings WHERE booking_id = ?").get(id) as { t: string }).t;
    const cancel = await app.inject({
      method: "POST",
      url: "/api/tours/booking",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ token, action: "cancel", confirm: "yes" }).toString(),
    });
    expect(cancel.statusCode).toBeLessThan(400);
    await waitFor(() => provider!.refunds.length >= 1, "the refund");
    await app.sweepBookings();
    expect(provider!.refunds).toHaveLength(1);
    expect(provider!.refunds[0]).toMatchObject({ payment_intent: provider!.sessionOf(id)!.payment_intent });
    await waitFor(
      () => (app.db.prepare("SELECT status FROM tour_payments WHERE booking_id = ?").get(id) as { status: string }).status === "refunded",
      "refunded",
    );
  });

  it("are not asked, and nothing calls the provider, without its keys", async () => {
    const { app } = await estate();
    const provider = new PaymentProviderStandIn();
    await provider.start();
    rules(app, "hermitage", { deposit_percent: 50 });
    const answer = await bookTour(app, visitor(1));
    expect(answer.json().outcome).toBe("confirmed");
    expect(app.bookings.payments).toBeNull();
    expect(provider.calls).toEqual([]);
    await provider.stop();
  });
});

describe("the thank-you e-mail after a visit", () => {
  it("goes the next day from 10:00, in the guest's language, with the wines tasted: once, never to a no-show or a cancelled booking, and not when the estate turned it off", async () => {
    const { app, smtp, clock } = await estate();
    const came = (await bookTour(app, visitor(1))).json().id as string;
    // The same guest's second tour that afternoon: one thank-you for the day, with both tours' wines.
    const cameAgain = (await bookTour(app, visitor(1, { package: "both", slot: at("14:00") }) as never)).json().id as string;
    const absent = (await bookTour(app, visitor(2))).json().id as string;
    const cancelled = (await bookTour(app, visitor(3))).json().id as string;
    await cancelByStaff(app.bookings, cancelled, "office");
    clock.now = Date.parse("2027-03-06T09:30:00Z");
    await markAttendance(app.bookings, came, "arrived", "office");
    await markAttendance(app.bookings, cameAgain, "arrived", "office");
    await markAttendance(app.bookings, absent, "no-show", "office");
    // The evening of the visit, then the next morning before 10:00: nothing yet.
    clock.now = Date.parse("2027-03-07T08:59:00Z");
    await app.sweepBookings();
    const thanksSent = () =>
      app.db
        .prepare("SELECT count(*) AS n FROM outbox WHERE subject = ?")
        .get(translator("zh").t("tourMail.thanksSubject", { estate: content.site.estateNameLocal.zh! })) as { n: number };
    expect(thanksSent().n).toBe(0);
    clock.now = Date.parse("2027-03-07T09:05:00Z");
    await app.sweepBookings();
    await app.sweepBookings();
    expect(thanksSent().n).toBe(1);
    const mails = await mailsTo(smtp, "guest1@example.cn", 3);
    const thanks = mails.find((mail) => mail.subject === translator("zh").t("tourMail.thanksSubject", { estate: content.site.estateNameLocal.zh! }))!;
    const both = content.tours.packages.find((tour) => tour.id === "both")!;
    for (const wine of new Set([...hermitage.wines, ...both.wines]))
      expect((thanks.text ?? "").split(`https://www.hermitage-lescours.example/zh/shop/${wine}`)).toHaveLength(2);
    // Only the guest who came: not the no-show, not the cancelled booking.
    const thanked = app.db.prepare("SELECT recipient FROM outbox WHERE subject = ?").all(thanks.subject) as { recipient: string }[];
    expect(thanked.map((row) => row.recipient)).toEqual(["guest1@example.cn"]);

    // Turned off: the next day's visit gets none.
    const sunday = (await bookTour(app, visitor(4, { slot: at("10:00", "2027-03-14") }) as never)).json().id as string;
    setAfterVisitMail(app.db, false);
    clock.now = Date.parse("2027-03-14T09:30:00Z");
    await markAttendance(app.bookings, sunday, "arrived", "office");
    clock.now = Date.parse("2027-03-15T10:30:00Z");
    await app.sweepBookings();
    expect(thanksSent().n).toBe(1);
  });
});

describe("the booking form's box that refuses the thank-you e-mail (CPCE L. 34-5, LSSI art. 21.2: an objection offered when the address is collected)", () => {
  const thanksSubject = translator("zh").t("tourMail.thanksSubject", { estate: content.site.estateNameLocal.zh! });
  const refused = (app: FastifyInstance) =>
    (app.db.prepare("SELECT email FROM tour_thanks_refusals ORDER BY email").all() as { email: string }[]).map((row) => row.email);

  it("is recorded with the booking when ticked, and the guest who ticked it gets no thank-you e-mail after the visit", async () => {
    const { app, clock } = await estate();
    const ticked = await bookTour(app, visitor(1, { noThanks: true }) as never);
    expect(ticked.statusCode).toBe(201);
    const unticked = await bookTour(app, visitor(2, { noThanks: false }) as never);
    expect(unticked.statusCode).toBe(201);
    // Recorded at once, in the booking's transaction: before any visit, only the guest who ticked it.
    expect(refused(app)).toEqual(["guest1@example.cn"]);
    clock.now = Date.parse("2027-03-06T09:30:00Z");
    for (const answer of [ticked, unticked]) await markAttendance(app.bookings, answer.json().id as string, "arrived", "office");
    clock.now = Date.parse("2027-03-07T10:05:00Z");
    await app.sweepBookings();
    const thanked = app.db.prepare("SELECT recipient FROM outbox WHERE subject = ?").all(thanksSubject) as { recipient: string }[];
    expect(thanked.map((row) => row.recipient)).toEqual(["guest2@example.cn"]);
  });

  it("is recorded for a request without a time too, and nothing else is asked of it", async () => {
    const { app } = await estate();
    const answer = await bookTour(app, visitor(3, { slot: "", noThanks: true }) as never);
    expect(answer.json()).toMatchObject({ outcome: "request" });
    expect(refused(app)).toEqual(["guest3@example.cn"]);
    const bad = await bookTour(app, visitor(4, { noThanks: "perhaps" }) as never);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual(["noThanks"]);
    expect(refused(app)).toEqual(["guest3@example.cn"]);
  });
});

describe("what the payment provider's checkout says is paid (the native readers' N15)", () => {
  const itemOf = (provider: PaymentProviderStandIn, session: { sent: Record<string, string> } | undefined) => {
    expect(session, "a checkout session").toBeDefined();
    expect(provider.calls.length).toBeGreaterThan(0);
    return session!.sent["line_items[0][price_data][product_data][name]"];
  };

  it("names a deposit, its tour, day, time and group, in the visitor's language", async () => {
    const { app, provider } = await estate({ payments: true });
    rules(app, "hermitage", { deposit_percent: 30 });
    for (const [n, lang, time] of [
      [1, "fr", "10:00"],
      [2, "zh", "15:00"],
    ] as const) {
      const answer = await bookTour(app, visitor(n, { language: lang, page: `/${lang}/wine-tours`, slot: at(time) }) as never);
      expect(answer.json()).toMatchObject({ outcome: "payment" });
      const { t } = translator(lang);
      const expected = t("checkout.depositItem", {
        tour: textIn(hermitage.selectedLabel, lang),
        date: formatEventDate(saturday, lang),
        time: formatTime(time, lang),
        count: 2,
      });
      expect(itemOf(provider!, provider!.sessionOf(answer.json().id as string)), lang).toBe(expected);
    }
  });

  it("names a gift card and what it is worth: an amount, or a tour for a group", async () => {
    const { app, provider } = await estate({ payments: true });
    const order = async (fields: Record<string, string>) => {
      const sent = await app.inject({
        method: "POST",
        url: "/api/gift-vouchers",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: siteUrl },
        payload: new URLSearchParams({ buyerName: "Julien Roy", buyerEmail: "julien@example.fr", ...fields }).toString(),
      });
      expect(sent.statusCode).toBe(303);
      return [...provider!.sessions.values()].find((one) => one.url === sent.headers.location);
    };
    const fr = translator("fr").t;
    expect(itemOf(provider!, await order({ language: "fr", kind: "value", amount: "80" }))).toBe(
      fr("checkout.voucherValueItem", { amount: formatPrice(80, "fr") }),
    );
    const mongiron = content.tours.packages.find((tour) => tour.id === "mongiron")!;
    expect(itemOf(provider!, await order({ language: "zh", kind: "package", package: "mongiron", guests: "3" }))).toBe(
      translator("zh").t("checkout.voucherTourItem", { tour: textIn(mongiron.selectedLabel, "zh"), count: 3 }),
    );
  });
});
