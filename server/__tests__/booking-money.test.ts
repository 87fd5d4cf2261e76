/**
 * The money of a booking and the privacy of a private tour, on every path that puts a booking
 * into a time or brings one back (the outside probe's G2, G3 and G9): a private tour never shares
 * its time after an undo or a schedule change's move; a voucher given back when a booking ends is
 * taken again when it comes back, or the return is refused (or made at full price, said so); an
 * undone decline never leaves a refunded deposit on a confirmed booking; a value voucher keeps
 * what is left. Through the real server: the staff's forms posted, the ledger read back.
 */
import type { FastifyInstance } from "fastify";
import { simpleParser } from "mailparser";
import { afterEach, describe, expect, it } from "vitest";
import { content } from "#content";
import { formatPrice } from "#core/format";
import { quoteTour } from "#core/tour-price";
import { adminTranslator } from "#locales/admin";
import { isoWithOffset } from "../bookings/paris-time";
import { capacityOf } from "../bookings/schedule";
import { createVoucher } from "../bookings/vouchers";
import { writePackageRules, type PackageRulesRow } from "../db/tour-rules";
import { translator } from "#locales";
import { adminTestServer, parseHtml, signedInAdmin, siteUrl, textOf } from "./support/admin";
import { closedAfterEachTest, TestSmtp, waitFor } from "./support/fixtures";
import { byInject, PaymentProviderStandIn } from "./support/payment-provider";
import { bookTour } from "./support/schedule";

const { apps, smtps } = closedAfterEachTest();
const providers = new Set<PaymentProviderStandIn>();
afterEach(async () => {
  await Promise.all([...providers].map((provider) => provider.stop()));
  providers.clear();
});

const en = adminTranslator("en").t;
const admin = { email: "direction@hermitage-lescours.example", password: "the oldest vines face south" };
const said = (body: string) => textOf(parseHtml(body)).replace(/\s+/g, " ");
/** Saturday 6 March 2027; the server's clock is the Monday before. */
const saturday = "2027-03-06";
const at = (time: string, date = saturday) => isoWithOffset({ date, time });
const hermitage = content.tours.packages.find((tour) => tour.id === "hermitage")!;

/** A server on a clock the test moves, an SMTP sink, an admin signed in, and the payment provider's stand-in when asked. */
async function estate(options: { payments?: boolean; start?: string } = {}) {
  const smtp = new TestSmtp();
  smtps.add(smtp);
  await smtp.start();
  const provider = options.payments ? new PaymentProviderStandIn() : null;
  if (provider) {
    providers.add(provider);
    await provider.start();
  }
  const clock = { now: Date.parse(options.start ?? "2027-03-01T09:00:00Z") };
  const env = provider?.siteEnv ?? {};
  const app = await adminTestServer({ SMTP_URL: smtp.url, ...env }, { now: () => new Date(clock.now) });
  apps.add(app);
  if (provider) {
    provider.deliver = byInject(app);
  }
  const staff = await signedInAdmin(app, admin, clock.now);
  return { app, smtp, provider, clock, staff };
}

const rules = (app: FastifyInstance, pkg: PackageRulesRow["package"], set: Partial<PackageRulesRow>) => {
  writePackageRules(app.db, [{ package: pkg, min_guests: 1, cutoff_hours: null, horizon_months: null, deposit_percent: 0, ...set }]);
  app.bookings.schedule.changed();
};

const visitor = (n: number, extra: Record<string, unknown> = {}) => ({
  language: "fr",
  page: "/fr/wine-tours",
  name: `Visiteur ${n}`,
  email: `visiteur${n}@example.fr`,
  guests: 2,
  package: "hermitage",
  slot: at("10:00"),
  ...extra,
});

const booked = async (app: FastifyInstance, booking: Record<string, unknown>) => {
  const answer = await bookTour(app, booking as never);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json() as { id: string; outcome: string; checkoutUrl?: string };
};

interface Row {
  id: string;
  time: string;
  status: string;
  private: number;
  price: number | null;
  guests: number;
}
const rowOf = (app: FastifyInstance, id: string) =>
  app.db
    .prepare("SELECT booking_id AS id, slot_time AS time, status, private, price_cents AS price, guests FROM tour_slot_bookings WHERE booking_id = ?")
    .get(id) as Row;
/** The bookings holding places at a time of Saturday. */
const holding = (app: FastifyInstance, time: string, date = saturday) =>
  app.db
    .prepare(
      "SELECT booking_id AS id, slot_time AS time, status, private, price_cents AS price, guests FROM tour_slot_bookings WHERE slot_date = ? AND slot_time = ? AND status IN ('confirmed', 'pending') ORDER BY created_at",
    )
    .all(date, time) as Row[];
const paymentOf = (app: FastifyInstance, id: string) =>
  app.db.prepare("SELECT status, amount_cents AS amount FROM tour_payments WHERE booking_id = ?").get(id) as { status: string; amount: number } | undefined;
const slotAction = (id: string, action: string) => `/admin/submissions/tour-bookings/${id}/slot/${action}`;
/** A voucher's redemptions still standing: the bookings it pays for now. */
const usesOf = (app: FastifyInstance, code: string) =>
  app.db
    .prepare("SELECT booking_id AS id, amount_cents AS amount FROM tour_voucher_redemptions WHERE code = ? AND released_at IS NULL ORDER BY redeemed_at")
    .all(code) as {
    id: string;
    amount: number;
  }[];
const remainingOf = (app: FastifyInstance, code: string) =>
  (app.db.prepare("SELECT remaining_cents AS n FROM tour_vouchers WHERE code = ?").get(code) as { n: number | null }).n;

describe("a private tour keeps its time to itself (G2)", () => {
  it("an undone decline is refused when another group took the time meanwhile, even with an admin's override", async () => {
    const { app, staff } = await estate();
    const mine = await booked(app, visitor(1, { private: true }));
    await staff.get(`/admin/submissions/tour-bookings/${mine.id}`);
    expect((await staff.post(slotAction(mine.id, "decline"), { sure: "yes" })).statusCode).toBe(303);
    const other = await booked(app, visitor(2, { guests: 4 }));
    const undo = await staff.post(slotAction(mine.id, "undo"), {});
    expect(undo.headers.location).toContain("slot=private");
    const forced = await staff.post(slotAction(mine.id, "undo"), { override: "yes", reason: "Le client insiste" });
    expect(forced.headers.location).toContain("slot=private");
    expect(holding(app, "10:00").map((row) => row.id)).toEqual([other.id]);
    expect(said((await staff.get(`/admin/submissions/tour-bookings/${mine.id}?slot=private`)).body)).toContain(en("slot.private"));
  });

  it("a schedule change offers a private tour no time where others are booked, and refuses a move there", async () => {
    const { app, staff } = await estate();
    const mine = await booked(app, visitor(1, { private: true }));
    await booked(app, visitor(2, { guests: 5, slot: at("15:00") }));
    const change = { day: saturday, package: "hermitage", kind: "closed", time: "10:00", capacity: "", dateNote: "" };
    const asked = await staff.post("/admin/schedule/dates", change);
    expect(asked.statusCode).toBe(200);
    const offered = [...asked.body.matchAll(new RegExp(`<select name="decision-${mine.id}"[^>]*>([\\s\\S]*?)</select>`, "g"))]
      .flatMap((select) => [...select[1]!.matchAll(/value="([^"]+)"/g)])
      .map((option) => option[1]!);
    expect(offered).not.toContain(`move:${at("15:00")}`);
    const fields = Object.fromEntries(
      [...asked.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map((m) => [
        m[1]!,
        m[2]!.replaceAll("&amp;", "&").replaceAll("&quot;", '"'),
      ]),
    );
    const forced = await staff.post("/admin/schedule/dates", { ...fields, [`decision-${mine.id}`]: `move:${at("15:00")}` });
    expect(forced.statusCode).toBe(409);
    expect(rowOf(app, mine.id).time).toBe("10:00");
    expect(holding(app, "15:00")).toHaveLength(1);
  });
});

describe("a voucher pays for one booking at a time (G3)", () => {
  it("an undone decline takes its voucher again; used meanwhile, the undo is refused, or made at full price when the staff say so", async () => {
    const { app, staff, clock } = await estate();
    const code = createVoucher(app.db, { kind: "value", amountCents: 10_000, validUntil: "2027-12-31", note: "" }, "office", new Date(clock.now));
    const a = await booked(app, visitor(1, { voucher: code }));
    await staff.get(`/admin/submissions/tour-bookings/${a.id}`);
    await staff.post(slotAction(a.id, "decline"), { sure: "yes" });
    // Given back: A's undo takes it again at once.
    expect((await staff.post(slotAction(a.id, "undo"), {})).headers.location).toContain("slot=undo");
    expect(usesOf(app, code).map((use) => use.id)).toEqual([a.id]);
    // Declined again, and B uses it meanwhile: A's undo is refused.
    await staff.post(slotAction(a.id, "decline"), { sure: "yes" });
    const b = await booked(app, visitor(2, { voucher: code, slot: at("15:00") }));
    expect((await staff.post(slotAction(a.id, "undo"), {})).headers.location).toContain("slot=voucherUsed");
    const offered = await staff.get(`/admin/submissions/tour-bookings/${a.id}?slot=voucherUsed`);
    expect(offered.body).toMatch(/<input type="hidden" name="fullPrice" value="yes"\/>/);
    expect(said(offered.body)).toContain(en("slot.undoFullPrice"));
    expect(rowOf(app, a.id).status).toBe("declined");
    expect(usesOf(app, code).map((use) => use.id)).toEqual([b.id]);
    // The staff bring A back at its full price: the voucher stays B's.
    expect((await staff.post(slotAction(a.id, "undo"), { fullPrice: "yes" })).headers.location).toContain("slot=undo");
    expect(rowOf(app, a.id)).toMatchObject({ status: "confirmed", price: 2 * hermitage.price * 100 });
    expect(usesOf(app, code).map((use) => use.id)).toEqual([b.id]);
  });

  it("a deposit paid after its hold lapsed does not bring back a voucher used meanwhile: the deposit is refunded", async () => {
    const { app, provider, clock } = await estate({ payments: true });
    rules(app, "hermitage", { deposit_percent: 30 });
    const code = createVoucher(app.db, { kind: "value", amountCents: 5000, validUntil: "2027-12-31", note: "" }, "office", new Date(clock.now));
    const a = await booked(app, visitor(1, { voucher: code }));
    expect(a.outcome).toBe("payment");
    clock.now += 32 * 60_000;
    await app.sweepBookings();
    expect(rowOf(app, a.id).status).toBe("expired");
    const b = await booked(app, visitor(2, { voucher: code, slot: at("15:00") }));
    await provider!.pay(provider!.sessionOf(b.id)!.id);
    // A's payment arrives late: its voucher is B's now.
    await provider!.pay(provider!.sessionOf(a.id)!.id);
    expect(rowOf(app, a.id).status).toBe("expired");
    expect(usesOf(app, code).map((use) => use.id)).toEqual([b.id]);
    await waitFor(() => provider!.refunds.length === 1, "A's deposit refunded");
    expect(provider!.refunds[0]!.payment_intent).toBe(provider!.sessionOf(a.id)!.payment_intent);
  });

  it("an undone decline of a paid booking asks its deposit again instead of confirming it with the deposit refunded", async () => {
    const { app, staff, smtp, provider } = await estate({ payments: true });
    rules(app, "hermitage", { deposit_percent: 30 });
    const c = await booked(app, visitor(1));
    await provider!.pay(provider!.sessionOf(c.id)!.id);
    expect(rowOf(app, c.id).status).toBe("confirmed");
    await staff.get(`/admin/submissions/tour-bookings/${c.id}`);
    await staff.post(slotAction(c.id, "decline"), { sure: "yes" });
    await waitFor(() => paymentOf(app, c.id)?.status === "refunded", "the deposit refunded");
    expect((await staff.post(slotAction(c.id, "undo"), {})).statusCode).toBe(303);
    // Not confirmed with a refunded deposit: it waits for its deposit again, with a new checkout mailed to the guest.
    expect(rowOf(app, c.id).status).toBe("pending");
    expect(paymentOf(app, c.id)).toMatchObject({ status: "open" });
    const sessions = [...provider!.sessions.values()].filter((session) => session.client_reference_id === c.id);
    await waitFor(() => [...provider!.sessions.values()].filter((session) => session.client_reference_id === c.id).length === 2, "a second checkout");
    const second = [...provider!.sessions.values()].filter((session) => session.client_reference_id === c.id && session.status === "open").at(-1)!;
    expect(sessions.length).toBeGreaterThanOrEqual(1);
    await waitFor(() => smtp.received.some((mail) => mail.to.includes("visiteur1@example.fr") && mail.raw.includes(second.id)), "the payment link mailed");
    await provider!.pay(second.id);
    expect(rowOf(app, c.id).status).toBe("confirmed");
    expect(paymentOf(app, c.id)).toMatchObject({ status: "paid" });
    // One refund in all: the first deposit's.
    await app.sweepBookings();
    expect(provider!.refunds).toHaveLength(1);
  });
});

describe("a value voucher keeps what is left (G9)", () => {
  it("takes off what a booking costs and keeps the rest for the next, given back when a booking ends", async () => {
    const { app, staff, clock } = await estate();
    const code = createVoucher(app.db, { kind: "value", amountCents: 50_000, validUntil: "2027-12-31", note: "" }, "office", new Date(clock.now));
    const price = quoteTour(hermitage, 2).totalCents;
    const first = await booked(app, visitor(1, { voucher: code }));
    expect(rowOf(app, first.id).price).toBe(0);
    expect(remainingOf(app, code)).toBe(50_000 - price);
    const second = await booked(app, visitor(2, { voucher: code, slot: at("15:00") }));
    expect(rowOf(app, second.id).price).toBe(0);
    expect(remainingOf(app, code)).toBe(50_000 - 2 * price);
    expect(usesOf(app, code)).toEqual([
      { id: first.id, amount: price },
      { id: second.id, amount: price },
    ]);
    const page = said((await staff.get("/admin/vouchers")).body);
    expect(page).toContain(en("vouchers.left", { amount: `€${((50_000 - 2 * price) / 100).toFixed(2).replace(/\.00$/, "")}` }));
    await staff.get(`/admin/submissions/tour-bookings/${first.id}`);
    await staff.post(slotAction(first.id, "cancel"), { sure: "yes" });
    expect(remainingOf(app, code)).toBe(50_000 - price);
  });

  it("a smaller group gives the difference back to its value voucher; a larger one takes no more of it", async () => {
    const { app, staff, clock } = await estate();
    const code = createVoucher(app.db, { kind: "value", amountCents: 50_000, validUntil: "2027-12-31", note: "" }, "office", new Date(clock.now));
    const four = quoteTour(hermitage, 4).totalCents;
    const two = quoteTour(hermitage, 2).totalCents;
    const { id } = await booked(app, visitor(1, { guests: 4, voucher: code }));
    expect(remainingOf(app, code)).toBe(50_000 - four);
    await staff.get(`/admin/submissions/tour-bookings/${id}`);
    const regroup = slotAction(id, "group");
    // Two cancel: the group pays nothing still, and the voucher keeps what the two would have cost.
    expect((await staff.post(regroup, { guests: "2" })).headers.location).toContain("slot=grouped");
    expect(rowOf(app, id)).toMatchObject({ guests: 2, price: 0 });
    expect(usesOf(app, code)).toEqual([{ id, amount: two }]);
    expect(remainingOf(app, code)).toBe(50_000 - two);
    // They come back after all: the guests pay the difference on the day; the voucher is not drawn on again.
    expect((await staff.post(regroup, { guests: "4" })).headers.location).toContain("slot=grouped");
    expect(rowOf(app, id)).toMatchObject({ guests: 4, price: four - two });
    expect(remainingOf(app, code)).toBe(50_000 - two);
    // Cancelled, it gives back what it holds: the voucher whole again.
    await staff.post(slotAction(id, "cancel"), { sure: "yes", whyPreset: "guestAsked" });
    expect(remainingOf(app, code)).toBe(50_000);
  });

  it("thirty bookings at once with one voucher: exactly what it is worth is taken, never more", async () => {
    const { app, clock } = await estate();
    const price = quoteTour(hermitage, 2).totalCents;
    const worth = 2 * price + 4000;
    const code = createVoucher(app.db, { kind: "value", amountCents: worth, validUntil: "2027-12-31", note: "" }, "office", new Date(clock.now));
    const days = ["2027-03-06", "2027-03-07", "2027-03-08", "2027-03-09", "2027-03-10"];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) => bookTour(app, visitor(n, { voucher: code, slot: at(n % 2 ? "15:00" : "10:00", days[n % 5]) }) as never)),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((answer) => answer.statusCode === 409).every((answer) => (answer.json() as { fields: string[] }).fields[0] === "voucher")).toBe(true);
    expect(usesOf(app, code).reduce((sum, use) => sum + use.amount, 0)).toBe(worth);
    expect(remainingOf(app, code)).toBe(0);
  });

  it("thirty bookings at once with one tour's voucher give one", async () => {
    const { app, clock } = await estate();
    const code = createVoucher(app.db, { kind: "package", package: "hermitage", guests: 2, validUntil: "2027-12-31", note: "" }, "office", new Date(clock.now));
    const days = ["2027-03-06", "2027-03-07", "2027-03-08", "2027-03-09", "2027-03-10"];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) => bookTour(app, visitor(n, { voucher: code, slot: at(n % 2 ? "15:00" : "10:00", days[n % 5]) }) as never)),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    expect(usesOf(app, code)).toHaveLength(1);
  });
});

/** A phone booking as the office types it, at a time of Saturday. */
const phoneBooking = (extra: Record<string, string> = {}) => ({
  package: "hermitage",
  day: saturday,
  slot: at("15:00"),
  guests: "4",
  name: "Famille Laurent",
  phone: "+33 5 57 00 00 01",
  email: "laurent@example.fr",
  language: "fr",
  ...extra,
});
const createdId = (location: unknown) => /tour-bookings\/([0-9a-f-]{36})\?done=created/.exec(String(location))![1]!;
const euros = (cents: number) => formatPrice(cents / 100, "en");
const auditOf = (app: FastifyInstance, action: string) =>
  app.db.prepare("SELECT actor, target_id AS id, detail FROM audit_log WHERE action = ? ORDER BY id").all(action) as {
    actor: string;
    id: string;
    detail: string;
  }[];

describe("phone and walk-in bookings carry their price (items 1 and 2)", () => {
  it("priced as the visitor's: a group, a private tour less a voucher; an admin changes the price with a reason the history keeps", async () => {
    const { app, staff, clock } = await estate();
    const group = await staff.post("/admin/bookings", phoneBooking());
    expect(group.statusCode).toBe(303);
    const id = createdId(group.headers.location);
    const groupPrice = quoteTour(hermitage, 4).totalCents;
    expect(rowOf(app, id).price).toBe(groupPrice);
    expect(said((await staff.get(`/admin/submissions/tour-bookings/${id}`)).body)).toContain(en("experience.price", { price: euros(groupPrice) }));

    // A private tour at 10:00 with a gift voucher: the private price less the voucher, the time full everywhere.
    const code = createVoucher(app.db, { kind: "value", amountCents: 10_000, validUntil: "2027-12-31", note: "" }, "office", new Date(clock.now));
    const unknown = await staff.post("/admin/bookings", phoneBooking({ slot: at("10:00"), guests: "2", private: "on", voucher: "ZZZZ-ZZZZ-ZZZZ" }));
    expect(unknown.statusCode).toBe(409);
    expect(said(unknown.body)).toContain(en("newBooking.voucherRefused.unknown"));
    expect(holding(app, "10:00")).toEqual([]);
    const privateTour = await staff.post("/admin/bookings", phoneBooking({ slot: at("10:00"), guests: "2", private: "on", voucher: code.toLowerCase() }));
    expect(privateTour.statusCode).toBe(303);
    const mine = createdId(privateTour.headers.location);
    const privatePrice = quoteTour(hermitage, 2, true).totalCents;
    expect(rowOf(app, mine)).toMatchObject({ private: 1, price: privatePrice - 10_000 });
    const page = said((await staff.get(`/admin/submissions/tour-bookings/${mine}`)).body);
    expect(page).toContain(en("experience.voucherTaken", { code, amount: euros(10_000) }));
    expect(page).toContain(en("experience.balance", { amount: euros(privatePrice - 10_000) }));
    const capacity = capacityOf(app.bookings.schedule.current(), { package: "hermitage", date: saturday, time: "10:00" });
    expect(said((await staff.get(`/admin/calendar?view=day&day=${saturday}`)).body)).toContain(en("calendar.privateFull", { capacity }));
    const form = await staff.get(`/admin/bookings/new?package=hermitage&day=${saturday}&time=10:00`);
    expect(said(form.body)).toContain(en("newBooking.places", { left: 0, capacity }));

    // An admin's price, with a reason: stored, shown, in the history with both prices; without a reason or a number, refused.
    const price = `/admin/submissions/tour-bookings/${id}/price`;
    expect((await staff.post(price, { price: "cent", reason: "Geste" })).headers.location).toContain("slot=priceInvalid");
    expect((await staff.post(price, { price: "200", reason: " " })).headers.location).toContain("slot=priceReason");
    expect(rowOf(app, id).price).toBe(groupPrice);
    expect((await staff.post(price, { price: "200,50", reason: "Tarif comité d'entreprise" })).headers.location).toContain("slot=priced");
    expect(rowOf(app, id).price).toBe(20_050);
    const after = said((await staff.get(`/admin/submissions/tour-bookings/${id}`)).body);
    expect(after).toContain(en("experience.priceNote", { reason: "Tarif comité d'entreprise" }));
    const [change] = auditOf(app, "booking.price-changed");
    expect(change).toMatchObject({ actor: admin.email, id });
    expect(JSON.parse(change!.detail)).toEqual({ from: groupPrice, to: 20_050, reason: "Tarif comité d'entreprise" });

    // The guest calls: two more people. Priced again from the pricing; too many for the time, refused.
    const regroup = `/admin/submissions/tour-bookings/${id}/slot/group`;
    expect((await staff.post(regroup, { guests: "6" })).headers.location).toContain("slot=grouped");
    expect(rowOf(app, id)).toMatchObject({ guests: 6, price: quoteTour(hermitage, 6).totalCents });
    expect(JSON.parse(auditOf(app, "booking.group-changed")[0]!.detail)).toMatchObject({
      from: 4,
      to: 6,
      priceFrom: 20_050,
      priceTo: quoteTour(hermitage, 6).totalCents,
    });
    expect((await staff.post(regroup, { guests: String(capacity + 1) })).headers.location).toContain("slot=groupFull");
    expect(rowOf(app, id).guests).toBe(6);
    // The private tour grows on its own time, its voucher still taken off.
    expect((await staff.post(`/admin/submissions/tour-bookings/${mine}/slot/group`, { guests: "3" })).headers.location).toContain("slot=grouped");
    expect(rowOf(app, mine)).toMatchObject({ guests: 3, price: quoteTour(hermitage, 3, true).totalCents - 10_000 });
  });

  it("a request without a time, confirmed by the staff into one, is priced", async () => {
    const { app, staff } = await estate();
    const request = await bookTour(app, { ...visitor(4, { guests: 3 }), slot: "" } as never);
    expect(request.statusCode).toBe(201);
    const { id } = request.json() as { id: string };
    await staff.get(`/admin/submissions/tour-bookings/${id}?confirmDay=${saturday}`);
    expect((await staff.post(`/admin/submissions/tour-bookings/${id}/confirm`, { slot: at("15:00") })).statusCode).toBe(303);
    expect(rowOf(app, id)).toMatchObject({ status: "confirmed", price: quoteTour(hermitage, 3).totalCents });
  });

  it("a booking taken from a waitlist's offer is priced as the visitor's would have been", async () => {
    const { app, staff } = await estate();
    const capacity = capacityOf(app.bookings.schedule.current(), { package: "hermitage", date: saturday, time: "10:00" });
    const full = await booked(app, visitor(1, { guests: capacity }));
    const waiting = await booked(app, visitor(2, { guests: 3, waitlist: true }));
    expect(waiting.outcome).toBe("waitlist");
    await staff.get(`/admin/submissions/tour-bookings/${full.id}`);
    await staff.post(slotAction(full.id, "cancel"), { sure: "yes" });
    const { token } = app.db.prepare("SELECT token FROM tour_waitlist WHERE booking_id = ? AND status = 'offered'").get(waiting.id) as { token: string };
    const taken = await app.inject({
      method: "POST",
      url: "/api/tours/waitlist",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: siteUrl },
      payload: new URLSearchParams({ token }).toString(),
    });
    expect(taken.statusCode).toBe(200);
    expect(rowOf(app, waiting.id).price).toBe(quoteTour(hermitage, 3).totalCents);
  });

  it("a walk-in without an address is known by their phone: a no-show counts on their next booking", async () => {
    // Saturday morning: the walk-in books the afternoon's tour.
    const { staff, clock } = await estate({ start: "2027-03-06T08:00:00Z" });
    const walkIn = phoneBooking({ email: "", name: "Johnson", phone: "05 57 00 00 02", guests: "2" });
    const first = createdId((await staff.post("/admin/bookings", walkIn)).headers.location);
    const guest = await staff.get(`/admin/guests/${first}`);
    expect(guest.statusCode).toBe(200);
    expect(said(guest.body)).toContain("Johnson");
    // The tour has started; they did not come.
    clock.now = Date.parse(at("15:30"));
    expect((await staff.post(`/admin/submissions/tour-bookings/${first}/slot/absent`, {})).statusCode).toBe(303);
    // Next week, the number typed another way.
    const next = createdId(
      (await staff.post("/admin/bookings", { ...walkIn, day: "2027-03-13", slot: at("15:00", "2027-03-13"), phone: "+33 5 57 00 00 02" })).headers.location,
    );
    expect(said((await staff.get(`/admin/submissions/tour-bookings/${next}`)).body)).toContain(en("slot.record", { visits: 0, noShows: 1 }));
    expect(said((await staff.get("/admin/guests")).body)).toContain("Johnson");
  });

  it("a deposit the office asks: the booking waits for it, the guest is mailed the payment link, paying confirms it", async () => {
    const { app, staff, smtp, provider } = await estate({ payments: true });
    rules(app, "hermitage", { deposit_percent: 30 });
    const asked = await staff.post("/admin/bookings", phoneBooking({ deposit: "on" }));
    expect(asked.statusCode).toBe(303);
    const id = createdId(asked.headers.location);
    const price = quoteTour(hermitage, 4).totalCents;
    expect(rowOf(app, id)).toMatchObject({ status: "pending", price });
    expect(paymentOf(app, id)).toEqual({ status: "open", amount: Math.round(price * 0.3) });
    const session = provider!.sessionOf(id)!;
    await waitFor(() => smtp.received.some((mail) => mail.to.includes("laurent@example.fr") && mail.raw.includes(session.id)), "the payment link mailed");
    // Waiting for the guest's payment, not for the estate: no confirming it unpaid.
    expect((await staff.post(slotAction(id, "confirm"), {})).headers.location).toContain("slot=waitsForPayment");
    await provider!.pay(session.id);
    expect(rowOf(app, id).status).toBe("confirmed");
    const page = said((await staff.get(`/admin/submissions/tour-bookings/${id}`)).body);
    expect(page).toContain(en("experience.depositPaid", { amount: euros(Math.round(price * 0.3)) }));
    expect(page).toContain(en("experience.balance", { amount: euros(price - Math.round(price * 0.3)) }));
  });
});

/** The gift card's address in a mail, and its page as a visitor opens it. */
const cardLinkOf = (raw: string) => /https:\/\/[^\s"<>]*\/api\/gift-card\?token=[A-Za-z0-9_-]{43}/.exec(raw.replace(/=\r?\n/g, "").replaceAll("=3D", "="))![0];
const openCard = (app: FastifyInstance, link: string) => app.inject({ method: "GET", url: link.slice(siteUrl.length) });

describe("vouchers as gift cards (item 6)", () => {
  it("the office mails the card in its language, changes and voids the voucher, each in the history; the card prints; who used it is listed", async () => {
    const { app, staff, smtp } = await estate();
    const made = await staff.post("/admin/vouchers", { kind: "value", amount: "150", validUntil: "2027-12-31", note: "Noël" });
    const code = decodeURIComponent(/created=([A-Z0-9-]+)/.exec(String(made.headers.location))![1]!);
    const page = `/admin/vouchers/${code}`;
    const edit = {
      valid_until: "2028-01-31",
      language: "ja",
      buyer_name: "Marie Laurent",
      recipient: "山田 健二",
      message: "お誕生日おめでとう",
      note: "Noël",
    };
    expect((await staff.post(`${page}/edit`, { ...edit, valid_until: "31/01/2028" })).statusCode).toBe(400);
    expect((await staff.post(`${page}/edit`, edit)).headers.location).toContain("done=edited");
    const [edited] = auditOf(app, "voucher.edited");
    expect(JSON.parse(edited!.detail)).toMatchObject({ valid_until: { from: "2027-12-31", to: "2028-01-31" }, language: { from: "fr", to: "ja" } });

    // Mailed in the card's language, with the link of its printable page.
    expect((await staff.post(`${page}/mail`, { to: "kenji@example.jp" })).headers.location).toContain("done=mailed");
    await waitFor(() => smtp.received.some((mail) => mail.to.includes("kenji@example.jp")), "the gift card mailed");
    const ja = translator("ja").t;
    const mail = smtp.received.find((one) => one.to.includes("kenji@example.jp"))!;
    const card = await openCard(app, cardLinkOf(mail.raw));
    expect(card.statusCode).toBe(200);
    const printed = said(card.body);
    for (const line of [ja("giftCard.code", { code }), ja("giftCard.worthValue", { amount: formatPrice(150, "ja") }), "山田 健二", "お誕生日おめでとう"])
      expect(printed).toContain(line);
    expect(auditOf(app, "voucher.card-mailed")).toHaveLength(1);

    // A visitor uses it: the voucher's page says who, when and how much.
    const price = quoteTour(hermitage, 2).totalCents;
    const used = await booked(app, visitor(1, { voucher: code }));
    const listed = said((await staff.get(page)).body);
    expect(listed).toContain("Visiteur 1");
    expect(listed).toContain(euros(price));
    expect(listed).toContain(euros(15_000 - price));

    // Voided with a reason: nobody can use it, the card says so, the booking keeps what it took.
    const noReason = await staff.post(`${page}/void`, { reason: "", sure: "yes" });
    expect(noReason.statusCode).toBe(400);
    expect(said(noReason.body)).toContain(en("voucher.error.reason"));
    expect((await staff.post(`${page}/void`, { reason: "Carte perdue, remplacée", sure: "yes" })).headers.location).toContain("done=voided");
    const refused = await bookTour(app, visitor(2, { voucher: code, slot: at("15:00") }) as never);
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as { fields: string[] }).fields).toEqual(["voucher"]);
    expect(said((await openCard(app, cardLinkOf(mail.raw))).body)).toContain(ja("giftCard.voided"));
    expect(rowOf(app, used.id).price).toBe(0);
    expect(JSON.parse(auditOf(app, "voucher.voided")[0]!.detail)).toEqual({ reason: "Carte perdue, remplacée" });
  });

  it("a visitor buys one online through the provider's checkout, gets the card in their language, and it pays part of a tour", async () => {
    const { app, smtp, provider } = await estate({ payments: true });
    const es = translator("es").t;
    const order = (fields: Record<string, string>) =>
      app.inject({
        method: "POST",
        url: "/api/gift-vouchers",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: siteUrl },
        payload: new URLSearchParams(fields).toString(),
      });
    // The page the tours page links to, in the visitor's language, with its form.
    const shown = await app.inject({ method: "GET", url: "/api/gift-vouchers?lang=es" });
    expect(shown.statusCode).toBe(200);
    expect(said(shown.body)).toContain(es("giftBuy.title"));
    expect(shown.body).toContain('name="buyerEmail"');
    // Its form's answer sends the browser on to the checkout, another site: the page's policy lets the form go there, and nowhere else.
    const formAction = /form-action ([^;]*)/.exec(String(shown.headers["content-security-policy"]))![1]!.split(" ");
    expect(formAction).toEqual(["'self'", new URL(provider!.url).origin]);
    const form = {
      language: "es",
      kind: "value",
      amount: "200",
      buyerName: "Ana López",
      buyerEmail: "ana@example.es",
      recipient: "Lucía",
      message: "¡Feliz cumpleaños!",
    };
    // Refused at its field, in the buyer's language, everything typed kept; nothing sold.
    const wrong = await order({ ...form, amount: "5" });
    expect(wrong.statusCode).toBe(400);
    expect(said(wrong.body)).toContain(es("giftBuy.error.amount"));
    expect(wrong.body).toContain("¡Feliz cumpleaños!");
    expect(provider!.sessions.size).toBe(0);

    const sent = await order(form);
    expect(sent.statusCode).toBe(303);
    const session = [...provider!.sessions.values()].find((one) => one.metadata.voucher_order)!;
    expect(sent.headers.location).toBe(session.url);
    expect(session.amount_total).toBe(20_000);
    await provider!.pay(session.id);
    await waitFor(() => smtp.received.some((mail) => mail.to.includes("ana@example.es")), "the gift card mailed");
    const mail = smtp.received.find((one) => one.to.includes("ana@example.es"))!;
    const code = /[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/.exec(said((await openCard(app, cardLinkOf(mail.raw))).body))![0];
    expect(said((await openCard(app, cardLinkOf(mail.raw))).body)).toContain(
      es("giftCard.worthValue", { amount: formatPrice(200, "es") }).replace(/\s+/g, " "),
    );
    expect(auditOf(app, "voucher.sold")).toHaveLength(1);
    // The estate hears of the sale, in the staff's language (French until someone chooses): who, what, the code, until when.
    const staffFr = adminTranslator("fr").t;
    const estateAddress = content.site.contact.email;
    await waitFor(() => smtp.received.some((one) => one.to.includes(estateAddress)), "the estate told of the sale");
    const notice = await simpleParser(smtp.received.find((one) => one.to.includes(estateAddress))!.raw);
    const price = formatPrice(200, "fr");
    expect(notice.subject).toBe(staffFr("estateMail.voucherSold.subject", { name: "Ana López", amount: price }));
    const noticeText = (notice.text ?? "").replace(/\s+/g, " ");
    for (const line of [
      staffFr("estateMail.voucherSold.intro", { name: "Ana López", amount: price }),
      staffFr("estateMail.voucherSold.code", { code }),
      staffFr("estateMail.voucherSold.for", { name: "Lucía" }),
    ])
      expect(noticeText).toContain(line.replace(/\s+/g, " "));
    expect(noticeText).toContain(`${siteUrl}/admin/vouchers/${code}`);
    // The provider tells twice: one voucher all the same, and one notice.
    await provider!.pay(session.id);
    expect(app.db.prepare("SELECT count(*) AS n FROM tour_vouchers").get()).toEqual({ n: 1 });
    expect(app.db.prepare("SELECT count(*) AS n FROM outbox WHERE recipient = ?").get(estateAddress)).toEqual({ n: 1 });

    // It pays for a tour of two, and keeps the rest.
    const tourPrice = quoteTour(hermitage, 2).totalCents;
    const tour = await booked(app, visitor(3, { voucher: code }));
    expect(rowOf(app, tour.id).price).toBe(0);
    expect(remainingOf(app, code)).toBe(20_000 - tourPrice);
  });
});

describe("statuses that say what a booking waits for (item 3)", () => {
  it("its group (n of the minimum) or its deposit (until when), with a Confirm button only for the estate's answer", async () => {
    const { app, staff, provider } = await estate({ payments: true });
    rules(app, "hermitage", { min_guests: 4 });
    const short = await booked(app, visitor(1));
    expect(short.outcome).toBe("minimum");
    const buttons = (body: string) => [...body.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((match) => match[1]!);
    const shortPage = await staff.get(`/admin/submissions/tour-bookings/${short.id}`);
    expect(said(shortPage.body)).toContain(en("slot.status.waitingMinimum", { people: 2, minimum: 4 }));
    expect(buttons(shortPage.body)).toContain(en("slot.confirmAnyway"));
    expect(buttons(shortPage.body)).not.toContain(en("slot.confirm"));
    const day = said((await staff.get(`/admin/calendar?view=day&day=${saturday}`)).body);
    expect(day).toContain(en("slot.status.waitingMinimum", { people: 2, minimum: 4 }));
    expect(day).not.toContain(en("calendar.pending"));

    rules(app, "hermitage", { deposit_percent: 20 });
    const paying = await booked(app, visitor(2, { slot: at("15:00") }));
    expect(paying.outcome).toBe("payment");
    const payPage = await staff.get(`/admin/submissions/tour-bookings/${paying.id}`);
    const [before] = en("slot.status.waitingPayment", { until: "\u0000" }).split("\u0000");
    expect(said(payPage.body)).toContain(before!);
    expect(buttons(payPage.body)).not.toContain(en("slot.confirm"));
    expect(buttons(payPage.body)).not.toContain(en("slot.confirmAnyway"));
    await provider!.pay(provider!.sessionOf(paying.id)!.id);
    expect(said((await staff.get(`/admin/submissions/tour-bookings/${paying.id}`)).body)).toContain(en("slot.status.confirmed"));
  });
});

describe("buying a gift voucher without a payment provider", () => {
  it("the page says to contact the estate, and a post sells nothing", async () => {
    const { app } = await estate();
    const fr = translator("fr").t;
    const page = await app.inject({ method: "GET", url: "/api/gift-vouchers?lang=fr" });
    expect(page.statusCode).toBe(200);
    expect(said(page.body)).toContain(fr("giftBuy.closed", { contact: `${siteUrl}/fr/contact` }).replace(/\s+/g, " "));
    expect(page.body).not.toContain('name="buyerEmail"');
    const order = await app.inject({
      method: "POST",
      url: "/api/gift-vouchers",
      headers: { "content-type": "application/json", origin: siteUrl },
      payload: JSON.stringify({ language: "fr", kind: "value", amount: "100", buyerName: "Paul", buyerEmail: "paul@example.fr" }),
    });
    expect(order.statusCode).toBe(503);
    expect(app.db.prepare("SELECT count(*) AS n FROM voucher_orders").get()).toEqual({ n: 0 });
  });
});
