import { simpleParser } from "mailparser";
import type { Page } from "@playwright/test";
import { content } from "#content";
import { formatPrice, formatTime } from "#core/format";
import type { Language } from "#core/languages";
import { quoteTour } from "#core/tour-price";
import { translator } from "#locales";
import { adminTranslator } from "#locales/admin";
import { addDays, instantOf, isoWithOffset, localOf } from "../server/bookings/paris-time";
import { newTotpSecret } from "../server/admin/shared/second-factor";
import { writePackageRules } from "../server/db/tour-rules";
import { TestSmtp } from "../server/__tests__/support/fixtures";
import { overHttp, PaymentProviderStandIn } from "../server/__tests__/support/payment-provider";
import { violations } from "./support/axe";
import { waitForHydration } from "./support/browser";
import { expect, test } from "./support/fixtures";
import { clockServer, freePort, startServer, type RunningServer } from "./support/server";
import { dataDirWithStaff, signInInFrench } from "./support/staff";
import { openServerDatabase } from "./support/databases";
import { keepScreenshots, screenshot } from "./support/screenshots";

/**
 * The experiences as the best winery platforms sell them, in Chromium at 390 px on the built site
 * and the real server, with a local SMTP server and a local stand-in of the payment provider's API
 * (driven by Stripe's own library, its webhooks signed with the library's helper), the server on
 * a clock the test moves (./support/clock-server.ts):
 * - a private tour booked in Chinese closes its time to others;
 * - a shared tour for 6 shows its price per person and in total as the group is typed;
 * - a deposit paid at the checkout confirms its booking through the webhook, a replayed webhook
 *   changes nothing, and an unpaid hold lapses and frees its places;
 * - a gift voucher made by the office is redeemed once: a second redemption at the same moment
 *   is refused;
 * - the office checks the guests in on the day sheet, the Chinese guest gets the thank-you
 *   e-mail in Chinese the next day, their record shows two visits and a tag, and the month's
 *   report counts what happened.
 * With E2E_SCREENSHOTS set, the new staff pages at 390 and 1280 px go to docs/screenshots/.
 */
const zh = translator("zh").t;
const en = translator("en").t;
const frSite = translator("fr").t;
const fr = adminTranslator("fr").t;
// The inbox opens visitors' personal data: the account signs in with a second factor.
const office = { email: "accueil@hermitage-lescours.example", password: "le chai ouvre à dix heures", totpSecret: newTotpSecret() };
const wang = { name: "王小明", email: "wang.xiaoming@example.cn" };

/** A day ten days ahead on the estate's clock: every tour runs, far from the cut-off. */
const day = addDays(localOf(new Date()).date, 10);
const paris = (time: string, date = day) => instantOf({ date, time });
const tour = (id: string) => content.tours.packages.find((one) => one.id === id)!;
const price = (cents: number, lang: Language) => formatPrice(cents / 100, lang);

let smtp: TestSmtp;
let provider: PaymentProviderStandIn;
let server: RunningServer;

test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // The Château Mongiron tour asks a fifth of its price online, as the tour options page allows.
  const dataDir = await dataDirWithStaff("lescours-experiences-", { ...office, role: "inbox" }, (db) =>
    writePackageRules(db, [{ package: "mongiron", min_guests: 1, cutoff_hours: null, horizon_months: null, deposit_percent: 20 }]),
  );
  smtp = new TestSmtp();
  await smtp.start();
  provider = new PaymentProviderStandIn();
  await provider.start();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  provider.deliver = overHttp(`${url}/api/payments/webhook`);
  server = await startServer({
    dataDir,
    port,
    entry: clockServer,
    env: {
      SITE_URL: url,
      SMTP_URL: smtp.url,
      MAIL_RETRY_BASE_MS: "200",
      MAIL_RETRY_MAX_MS: "400",
      RATE_LIMIT_MAX: "50",
      STRIPE_SECRET_KEY: provider.secretKey,
      STRIPE_WEBHOOK_SECRET: provider.webhookSecret,
      STRIPE_API_URL: provider.url,
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await provider?.stop();
  await smtp?.stop();
});

/** How far the server's clock is ahead of the wall clock, in ms: the phone's codes are for the server's time. */
let clockOffset = 0;

/** Moves the server's clock to `at` and runs its minute's sweep there. */
async function moveClock(at: Date) {
  // Each process keeps its own clock: every instance is moved (two behind nginx on PostgreSQL).
  const answers = await Promise.all(server.instances.map((instance) => fetch(`${instance}/__e2e/clock?at=${at.toISOString()}`, { method: "POST" })));
  const answer = answers[0]!;
  for (const each of answers) expect(each.status).toBe(200);
  clockOffset = Date.parse(((await answer.json()) as { now: string }).now) - Date.now();
}

/** The database as the server wrote it, read only. */
function read<T>(sql: string, ...values: unknown[]): T {
  const db = openServerDatabase(server.dataDir, { readonly: true });
  try {
    return db.prepare(sql).get(...values) as T;
  } finally {
    db.close();
  }
}

const placesLeft = async (pkg: string, time: string) => {
  const answer = (await (await fetch(`${server.url}/api/tours/availability?package=${pkg}&from=${day}&to=${day}`)).json()) as {
    slots: { start: string; placesLeft: number }[];
  };
  return answer.slots.find((slot) => slot.start === isoWithOffset({ date: day, time }))?.placesLeft;
};

/** Opens the tours page in `lang`, chooses the package, types the visitor and the day, and chooses the time. */
async function fillBooking(page: Page, lang: Language, booking: { pkg: string; time: string; name: string; email: string; guests: number }) {
  await page.goto(`${server.url}${lang === "en" ? "" : `/${lang}`}/wine-tours`);
  await waitForHydration(page);
  await page.locator(`li[data-package="${booking.pkg}"]`).getByRole("button").click();
  const form = page.locator('form[aria-labelledby="booking-title"]');
  await form.locator('[name="name"]').fill(booking.name);
  await form.locator('[name="email"]').fill(booking.email);
  await form.locator('[name="guests"]').fill(String(booking.guests));
  await form.locator('[name="date"]').fill(day);
  await form
    .getByTestId("tour-times")
    .getByLabel(new RegExp(`^${formatTime(booking.time, lang)}`))
    .check();
  return form;
}

async function send(page: Page) {
  const sent = page.waitForResponse((response) => response.url().endsWith("/api/tour-bookings"));
  await page.locator('form[aria-labelledby="booking-title"] button[type="submit"]').click();
  return sent;
}

/**
 * A request sent again while the server answers 503: the database was busy (on two instances, the
 * other one's write held the shared lock past the request's budget on a saturated machine), nothing
 * was stored, and the answer asks to come back, as the booking page tells its visitor, whose form
 * keeps what was typed.
 */
async function untilNotBusy<T extends { status(): number }>(first: Promise<T>, again: () => Promise<T>): Promise<T> {
  let response = await first;
  for (let tries = 0; response.status() === 503 && tries < 5; tries++) response = await again();
  return response;
}

const signIn = (page: Page) => signInInFrench(page, server.url, office, clockOffset);

/** The whole page at 390 px, then at 1280 px, into docs/screenshots/, when asked. */
async function screenshots(page: Page, name: string) {
  if (!keepScreenshots) return;
  await screenshot(page, `${name}-390.png`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, `${name}-1280.png`);
  await page.setViewportSize({ width: 390, height: 844 });
}

test("private, shared, paid and gift-voucher tours booked at 390 px, checked in, thanked in Chinese the next day, the guest's record and the month's report", async ({
  openPage,
}) => {
  test.setTimeout(300_000);
  const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

  // A private tour in Chinese: the whole time for the group, at the group's price.
  const { page: visitor, problems } = await openPage({ ...phone, locale: "zh-CN" });
  const hermitage = tour("hermitage");
  let form = await fillBooking(visitor, "zh", { pkg: "hermitage", time: "10:00", ...wang, guests: 2 });
  const privateTotal = quoteTour(hermitage, 2, true);
  await form.getByLabel(zh("wineTours.private.label", { price: price(privateTotal.totalCents, "zh") })).check();
  await expect(form.getByTestId("tour-price")).toHaveText(
    zh("wineTours.price.private", { total: price(privateTotal.totalCents, "zh"), perPerson: price(privateTotal.perPersonCents, "zh") }),
  );
  const privateBooking = await send(visitor);
  expect(privateBooking.status()).toBe(201);
  expect(await privateBooking.json()).toMatchObject({ outcome: "confirmed" });
  await expect(visitor.locator("[data-tone]").last()).toContainText(zh("wineTours.form.confirmed.title"));

  // The time then shows as taken to others; a shared tour for 6 at 15:00 shows its price per person and in total.
  const { page: other } = await openPage({ ...phone, locale: "en-GB" });
  form = await fillBooking(other, "en", { pkg: "hermitage", time: "15:00", name: "Alex Martin", email: "alex@example.co.uk", guests: 6 });
  await expect(form.getByTestId("tour-times").locator("label").first()).toContainText(en("wineTours.slots.waitlist"));
  const six = quoteTour(hermitage, 6);
  const tier = hermitage.groupPrices.find((one) => one.from <= 6)!;
  await expect(form.getByTestId("tour-price")).toContainText(
    en("wineTours.price.line", { count: 6, perPerson: price(six.perPersonCents, "en"), total: price(six.totalCents, "en") }),
  );
  await expect(form.getByTestId("tour-price")).toContainText(en("wineTours.price.tier", { from: tier.from, perPerson: price(six.perPersonCents, "en") }));
  expect((await send(other)).status()).toBe(201);

  // A deposit, in French: the checkout's page, paid, back to the private page, confirmed by the webhook.
  const { page: payer } = await openPage({ ...phone, locale: "fr-FR" });
  const mongiron = tour("mongiron");
  form = await fillBooking(payer, "fr", { pkg: "mongiron", time: "11:30", name: "Camille Roux", email: "camille@example.fr", guests: 2 });
  const deposit = Math.round((quoteTour(mongiron, 2).totalCents * 20) / 100);
  await expect(form.getByText(frSite("wineTours.price.deposit", { deposit: price(deposit, "fr") }))).toBeVisible();
  await send(payer);
  await payer.waitForURL(`${provider.url}/pay/**`);
  await expect(payer.locator("h1")).toContainText(new Intl.NumberFormat("en", { style: "currency", currency: "EUR" }).format(deposit / 100));
  await payer.getByRole("button", { name: "Pay" }).click();
  await payer.waitForURL((url) => url.origin === server.url && url.pathname === "/api/tours/booking");
  await expect(payer.locator("[data-status]")).toHaveAttribute("data-status", "confirmed");
  // The private page states the price as the e-mails do: the deposit paid and the balance due on the day.
  await expect(
    payer.getByText(frSite("tourMail.price.depositPaid", { deposit: price(deposit, "fr"), balance: price(quoteTour(mongiron, 2).totalCents - deposit, "fr") })),
  ).toBeVisible();
  // The same webhook again: acknowledged, and nothing changes (the booking, the e-mails queued).
  const paid = provider.deliveries.find((delivery) => delivery.type === "checkout.session.completed")!;
  const before = read<{ status: string; mails: number }>(
    "SELECT (SELECT status FROM tour_slot_bookings WHERE price_cents = ?) AS status, (SELECT count(*) FROM outbox) AS mails",
    quoteTour(mongiron, 2).totalCents,
  );
  const replay = await provider.deliverSigned(paid.type, paid.payload, paid.signature);
  expect([replay.status, JSON.parse(replay.answer)]).toEqual([200, { received: true, outcome: "duplicate" }]);
  expect(
    read(
      "SELECT (SELECT status FROM tour_slot_bookings WHERE price_cents = ?) AS status, (SELECT count(*) FROM outbox) AS mails",
      quoteTour(mongiron, 2).totalCents,
    ),
  ).toEqual(before);
  // An unpaid hold lapses and frees its places.
  const unpaid = await fetch(`${server.url}/api/tour-bookings`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      language: "fr",
      page: "/fr/wine-tours",
      name: "Paul Vidal",
      email: "paul@example.fr",
      guests: 8,
      package: "mongiron",
      slot: isoWithOffset({ date: day, time: "16:30" }),
    }),
  });
  expect((await unpaid.json()) as unknown).toMatchObject({ outcome: "payment" });
  expect(await placesLeft("mongiron", "16:30")).toBe(0);
  await moveClock(new Date(Date.now() + 32 * 60_000));
  expect(await placesLeft("mongiron", "16:30")).toBe(8);

  // The office makes a gift voucher; the Chinese guest redeems it, while a second redemption of the same code comes at the same moment.
  const { page: desk } = await openPage({ ...phone, locale: "fr-FR" });
  await signIn(desk);
  await desk.goto(`${server.url}/admin/vouchers`);
  await desk.getByLabel(fr("vouchers.amount")).fill("50");
  await desk.getByLabel(fr("vouchers.note")).fill("Cadeau de Noël — M. Wang");
  await desk.getByRole("button", { name: fr("vouchers.create") }).click();
  const code = (await desk.locator(".notice .voucher-code").innerText()).trim();
  expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  await screenshots(desk, "vouchers-fr");
  form = await fillBooking(visitor, "zh", { pkg: "both", time: "14:00", ...wang, guests: 2 });
  await form.getByLabel(zh("wineTours.voucher.label")).fill(code.toLowerCase());
  const viaApiAgain = () =>
    visitor.request.post(`${server.url}/api/tour-bookings`, {
      headers: { origin: server.url },
      data: { language: "zh", page: "/zh/wine-tours", ...wang, guests: 2, package: "both", slot: isoWithOffset({ date: day, time: "14:00" }), voucher: code },
    });
  const [viaPage, viaApi] = await Promise.all([untilNotBusy(send(visitor), () => send(visitor)), untilNotBusy(viaApiAgain(), viaApiAgain)]);
  expect([viaPage.status(), viaApi.status()].sort()).toEqual([201, 409]);
  const refused = viaPage.status() === 409 ? await viaPage.json() : await viaApi.json();
  expect(refused).toMatchObject({ fields: ["voucher"] });
  // One booking uses it (a value voucher's uses are rows of their own: migration 92), and nothing is left of its €50.
  expect(read("SELECT count(*) AS n FROM tour_voucher_redemptions WHERE code = ? AND released_at IS NULL", code)).toEqual({ n: 1 });
  expect(read("SELECT remaining_cents AS left FROM tour_vouchers WHERE code = ?", code)).toEqual({ left: 0 });

  // The day of the visits: the office checks the guests in on the day sheet.
  await moveClock(paris("09:00"));
  await signIn(desk);
  await desk.goto(`${server.url}/admin/calendar/sheet?day=${day}`);
  const wangArrived = `${fr("checkIn.markArrivedGroup", { count: 2 })} — ${wang.name}`;
  for (let left = 2; left > 0; left--) {
    await desk.getByRole("button", { name: wangArrived }).first().click();
    await expect(desk.getByRole("button", { name: wangArrived })).toHaveCount(left - 1);
  }
  // Alex's group is a no-show once their 15:00 tour has started, not before.
  const alexAbsent = `${fr("checkIn.markNoShowGroup", { count: 6 })} — Alex Martin`;
  await expect(desk.getByRole("button", { name: alexAbsent })).toHaveCount(0);
  await moveClock(paris("15:05"));
  await desk.reload();
  await desk.getByRole("button", { name: alexAbsent }).click();
  await expect(desk.getByRole("button", { name: `${fr("checkIn.undo")} — Alex Martin` })).toBeVisible();
  // The guest's record, from the sheet: tagged as a VIP.
  await desk
    .getByRole("link", { name: fr("guest.attendance", { visits: 2, noShows: 0 }) })
    .first()
    .click();
  await desk.getByLabel(fr("guest.tag.VIP")).check();
  await desk.getByRole("button", { name: fr("guest.save") }).click();
  await expect(desk.getByRole("status")).toHaveText(fr("guest.saved"));

  // The next morning, on the estate's clock: the thank-you e-mail in Chinese, with the wines poured.
  await moveClock(paris("10:05", addDays(day, 1)));
  const thanksSubject = zh("tourMail.thanksSubject", { estate: content.site.estateNameLocal.zh! });
  await expect
    .poll(
      async () =>
        (await Promise.all(smtp.received.filter((mail) => mail.to.includes(wang.email)).map((mail) => simpleParser(mail.raw)))).filter(
          (mail) => mail.subject === thanksSubject,
        ).length,
    )
    .toBe(1);
  const thanks = (await Promise.all(smtp.received.filter((mail) => mail.to.includes(wang.email)).map((mail) => simpleParser(mail.raw)))).find(
    (mail) => mail.subject === thanksSubject,
  )!;
  expect(thanks.text).toContain(zh("tourMail.thanksWines"));
  // One e-mail for the day's two tours, with the wines of both.
  for (const wine of new Set([...hermitage.wines, ...tour("both").wines])) expect(thanks.text).toContain(`${server.url}/zh/shop/${wine}`);
  // Nothing to the no-show.
  expect(
    read(
      "SELECT count(*) AS n FROM outbox WHERE recipient = 'alex@example.co.uk' AND subject = ?",
      en("tourMail.thanksSubject", { estate: content.site.estateName }),
    ),
  ).toEqual({ n: 0 });

  // The guest's record: two visits and the tag.
  await signIn(desk);
  await desk.goto(`${server.url}/admin/guests?q=${encodeURIComponent(wang.name)}`);
  await desk.getByRole("link", { name: wang.name }).click();
  await expect(desk.locator("main")).toContainText(fr("guest.attendance", { visits: 2, noShows: 0 }));
  await expect(desk.locator(".tag", { hasText: "VIP" }).first()).toBeVisible();
  expect(await violations(desk)).toEqual([]);
  await screenshots(desk, "guest-fr");

  // The month's report: four bookings of twelve people, four who came, one group of six absent, nothing cancelled.
  await desk.goto(`${server.url}/admin/reports?period=month&day=${day}`);
  const total = (column: string) => desk.locator(`.report-totals [data-column="${column}"] dd`);
  await expect(total("bookings")).toHaveText("4");
  await expect(total("guests")).toHaveText("12");
  await expect(total("visitors")).toHaveText("4");
  await expect(total("noShows")).toHaveText(fr("reports.withPeople", { count: 1, people: 6 }));
  await expect(total("cancellations")).toHaveText("0");
  expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await violations(desk)).toEqual([]);
  await screenshots(desk, "reports-fr");
  // The one error the visitor's console may show: the refused redemption's 409, when the page's was the one refused.
  const refusedOnPage = viaPage.status() === 409 ? ["error: Failed to load resource: the server responded with a status of 409 (Conflict)"] : [];
  expect(problems).toEqual(refusedOnPage);
});
