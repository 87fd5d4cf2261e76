/**
 * The day sheet a guide holds, at the server's level: each booking with its money (price, a
 * voucher, the deposit paid online, what is left to collect), the guest's own notes and the
 * estate's record of them (tags and notes), the staff's notes, and who waits for a full time.
 * Check-in opens on the tour's day, a no-show only once the tour has started (G11), and a check-in
 * made from the sheet comes back to the guest's own row.
 */
import { afterEach, describe, expect, it } from "vitest";
import { content } from "#content";
import { formatPrice } from "#core/format";
import { quoteTour } from "#core/tour-price";
import { adminTranslator } from "#locales/admin";
import { isoWithOffset } from "../bookings/paris-time";
import { createVoucher } from "../bookings/vouchers";
import { noteGuest } from "../bookings/guests";
import { writePackageRules } from "../db/tour-rules";
import { adminTestServer, parseHtml, signedInAdmin, textOf } from "./support/admin";
import { closedAfterEachTest, TestSmtp } from "./support/fixtures";
import { byInject, PaymentProviderStandIn } from "./support/payment-provider";
import { bookedId, bookTour } from "./support/schedule";

const { apps, smtps } = closedAfterEachTest();
const providers = new Set<PaymentProviderStandIn>();
afterEach(async () => {
  await Promise.all([...providers].map((provider) => provider.stop()));
  providers.clear();
});
const en = adminTranslator("en").t;
const said = (body: string) => textOf(parseHtml(body)).replace(/\s+/g, " ");
const euros = (cents: number) => formatPrice(cents / 100, "en");
/** Saturday 6 March 2027; the server's clock starts on the Monday before. */
const saturday = "2027-03-06";
const at = (time: string) => isoWithOffset({ date: saturday, time });
const hermitage = content.tours.packages.find((tour) => tour.id === "hermitage")!;
const admin = { email: "direction@hermitage-lescours.example", password: "the oldest vines face south" };

/** A server with the payment provider's stand-in, on a clock the test moves, and an admin signed in. */
async function estate() {
  const smtp = new TestSmtp();
  smtps.add(smtp);
  await smtp.start();
  const provider = new PaymentProviderStandIn();
  providers.add(provider);
  await provider.start();
  const clock = { now: Date.parse("2027-03-01T08:00:00Z") };
  const app = await adminTestServer({ SMTP_URL: smtp.url, ...provider.siteEnv }, { now: () => new Date(clock.now) });
  apps.add(app);
  provider.deliver = byInject(app);
  const staff = await signedInAdmin(app, admin, clock.now);
  return { app, provider, clock, staff };
}

const visitor = (name: string, email: string, extra: Record<string, unknown> = {}) => ({
  language: "fr",
  page: "/fr/wine-tours",
  name,
  email,
  phone: "+33 6 12 34 56 78",
  guests: 2,
  package: "hermitage",
  slot: at("10:00"),
  ...extra,
});

describe("the day sheet", () => {
  it("shows each booking's price, voucher, deposit paid and balance, the guest's notes and tags, the staff's notes and the waitlist", async () => {
    const { app, provider, clock, staff } = await estate();
    // A deposit of 20 % on the Hermitage tour, paid online by Camille's group of six.
    writePackageRules(app.db, [{ package: "hermitage", min_guests: 1, cutoff_hours: null, horizon_months: null, deposit_percent: 20 }]);
    app.bookings.schedule.changed();
    const camille = await bookedId(
      app,
      visitor("Camille Durand", "camille@example.fr", { guests: 6, message: "Nous viendrons à vélo, merci de garder une place pour les attacher." }),
    );
    expect((await provider.pay(provider.sessionOf(camille)!.id)).status).toBe(200);
    const price = quoteTour(hermitage, 6).totalCents;
    const deposit = Math.round((price * 20) / 100);
    // A value voucher pays part of Claire's tour, on another time (no deposit asked on that package).
    const code = createVoucher(app.db, { kind: "value", amountCents: 5000, validUntil: "2027-12-31", note: "Noël" }, "office@example.fr", new Date(clock.now));
    const claire = await bookedId(app, visitor("Claire Laurent", "claire@example.fr", { package: "mongiron", slot: at("11:30"), voucher: code }));
    await noteGuest(
      app.bookings,
      { key: "claire@example.fr", bookingId: claire },
      { notes: "Souhaite acheter une caisse de 2015 après la visite", tags: ["VIP", "Famille"], country: null },
      admin.email,
    );
    const claireUrl = `/admin/submissions/tour-bookings/${claire}`;
    await staff.get(claireUrl);
    await staff.post(`${claireUrl}/note`, { note: "Table au fond, près de la fenêtre" });
    // The 10:00 is full: Agnès waits in line for it.
    await bookedId(app, visitor("Famille Martin", "martin@example.fr", { guests: 2 }));
    const line = await bookTour(app, visitor("Agnès Blanc", "agnes@example.fr", { guests: 2, waitlist: true }) as never);
    expect(line.statusCode).toBe(201);

    const sheet = said((await staff.get(`/admin/calendar/sheet?day=${saturday}`)).body);
    const mongiron = content.tours.packages.find((tour) => tour.id === "mongiron")!;
    const claireFull = quoteTour(mongiron, 2).totalCents;
    for (const text of [
      en("sheet.money.price", { amount: euros(price) }),
      en("sheet.money.deposit", { amount: euros(deposit) }),
      en("sheet.money.balance", { amount: euros(price - deposit) }),
      en("sheet.money.price", { amount: euros(claireFull - 5000) }),
      en("sheet.money.voucher", { code, amount: euros(5000) }),
      en("sheet.money.balance", { amount: euros(claireFull - 5000) }),
      "Nous viendrons à vélo, merci de garder une place pour les attacher.",
      `${en("sheet.notes.guest")} Souhaite acheter une caisse de 2015 après la visite`,
      `${en("sheet.notes.staff")} Table au fond, près de la fenêtre`,
      // Tags read apart, not run together.
      `${en("guest.tagShort.VIP")} Famille`,
      en("calendar.waitlist.title"),
      "Agnès Blanc",
    ])
      expect(sheet).toContain(text);
    // The day's total to collect: the balances of the confirmed bookings (the Martins have not paid their deposit yet).
    expect(sheet).toContain(en("sheet.toCollect", { amount: euros(price - deposit + claireFull - 5000) }));

    // An admin sets Claire's price (a gesture on the rest): the voucher still took what its use recorded.
    const agreed = claireFull - 1000;
    expect((await staff.post(`${claireUrl}/price`, { price: (agreed / 100).toFixed(2), reason: "Geste commercial" })).statusCode).toBe(303);
    const after = said((await staff.get(`/admin/calendar/sheet?day=${saturday}`)).body);
    expect(after).toContain(en("sheet.money.price", { amount: euros(agreed) }));
    expect(after).toContain(en("sheet.money.voucher", { code, amount: euros(5000) }));
  });
});

describe("check-in (G11)", () => {
  it("opens on the tour's day, takes a no-show only once the tour has started, and comes back to the guest's row", async () => {
    const { app, clock, staff: early } = await estate();
    let staff = early;
    const id = await bookedId(app, visitor("Jean Dupont", "jean@example.fr", { package: "mongiron", slot: at("11:30") }));
    const page = `/admin/submissions/tour-bookings/${id}`;
    const sheetUrl = `/admin/calendar/sheet?day=${saturday}`;
    const attendance = () => app.db.prepare("SELECT attendance FROM tour_slot_bookings WHERE booking_id = ?").get(id);
    // Five days ahead: neither arrived nor absent, from the sheet or the booking's page.
    expect(said((await staff.get(sheetUrl)).body)).toContain(en("checkIn.onTheDay"));
    expect((await staff.post(`${page}/slot/arrived`, { back: sheetUrl })).headers.location).toBe(`${sheetUrl}&note=early`);
    expect((await staff.post(`${page}/slot/absent`, {})).headers.location).toBe(`${page}?slot=checkInEarly`);
    expect(attendance()).toEqual({ attendance: null });
    expect(said((await staff.get(`${sheetUrl}&note=early`)).body)).toContain(en("checkIn.early"));
    expect(app.db.prepare("SELECT count(*) AS n FROM audit_log WHERE action IN ('booking.arrived', 'booking.no-show')").get()).toEqual({ n: 0 });
    // The morning of the tour: arrived, yes; absent, not before 11:30.
    clock.now = Date.parse(`${saturday}T08:00:00Z`);
    // (A colleague on duty that morning: a session lasts 12 hours.)
    staff = await signedInAdmin(app, { email: "accueil@hermitage-lescours.example", password: admin.password }, clock.now);
    expect(said((await staff.get(page)).body)).toContain(en("checkIn.noShowLater"));
    expect((await staff.post(`${page}/slot/absent`, { back: sheetUrl })).headers.location).toBe(`${sheetUrl}&note=early`);
    expect(attendance()).toEqual({ attendance: null });
    const arrived = await staff.post(`${page}/slot/arrived`, { back: sheetUrl });
    expect(arrived.headers.location).toBe(`${sheetUrl}#booking-${id}`);
    expect(attendance()).toEqual({ attendance: "arrived" });
    expect((await staff.get(sheetUrl)).body).toContain(`id="booking-${id}"`);
    // Undone, then absent once the tour started.
    expect((await staff.post(`${page}/slot/clear`, { back: sheetUrl })).statusCode).toBe(303);
    clock.now = Date.parse(`${saturday}T10:31:00Z`);
    expect((await staff.post(`${page}/slot/absent`, { back: sheetUrl })).headers.location).toBe(`${sheetUrl}#booking-${id}`);
    expect(attendance()).toEqual({ attendance: "no-show" });
  });
});
