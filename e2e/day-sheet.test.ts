import type { Page } from "@playwright/test";
import { content } from "#content";
import { formatPrice } from "#core/format";
import { quoteTour } from "#core/tour-price";
import { adminTranslator } from "#locales/admin";
import { addDays, instantOf, isoWithOffset, localOf } from "../server/bookings/paris-time";
import { newTotpSecret } from "../server/admin/shared/second-factor";
import { createVoucher } from "../server/bookings/vouchers";
import { TestSmtp } from "../server/__tests__/support/fixtures";
import { violations } from "./support/axe";
import { bookThroughApi, expect, test } from "./support/fixtures";
import { clockServer, startServer, type RunningServer } from "./support/server";
import { dataDirWithStaff, signInInFrench } from "./support/staff";
import { folded, printedOnA4 } from "./support/print";
import { screenshot } from "./support/screenshots";

/**
 * The day sheet a guide holds, in French, in Chromium on the built site and the real server (on a
 * clock the test moves, ./support/clock-server.ts), with a local SMTP server: nine bookings over a
 * day's times, each with a long note of the guest's, one paid in part with a gift voucher, one
 * guest's record with a note, one time full with someone on its waitlist.
 * - At 1280 px the sheet fits the window, each booking's price and what is left to collect are on
 *   it, and axe finds nothing; printed by Chromium it is one A4 page with every name and every
 *   note whole.
 * - Ten days ahead nobody can be checked in; on the day, at 390 px, a guest low on the page is
 *   checked in and the page comes back at their row; a no-show only once their tour has started.
 * With E2E_SCREENSHOTS set, the sheet at 390 and 1280 px and its PDF go to docs/screenshots/.
 */
const fr = adminTranslator("fr").t;
const office = { email: "accueil@hermitage-lescours.example", password: "le chai ouvre à dix heures", totpSecret: newTotpSecret() };

/** A day ten days ahead on the estate's clock: every tour runs, far from the cut-off. */
const day = addDays(localOf(new Date()).date, 10);
const paris = (time: string) => instantOf({ date: day, time });
const euros = (cents: number) => formatPrice(cents / 100, "fr");

let smtp: TestSmtp;
let server: RunningServer;
let voucher = "";

test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataDir = await dataDirWithStaff("lescours-sheet-", { ...office, role: "inbox" }, (db) => {
    voucher = createVoucher(db, { kind: "value", amountCents: 5000, validUntil: addDays(day, 60), note: "Cadeau" }, "office@example.fr", new Date());
  });
  smtp = new TestSmtp();
  await smtp.start();
  server = await startServer({ dataDir, entry: clockServer, env: { SMTP_URL: smtp.url, RATE_LIMIT_MAX: "100" } });
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

/** How far the server's clock is ahead of the wall clock, in ms: the phone's codes are for the server's time. */
let clockOffset = 0;

async function moveClock(at: Date) {
  // Each process keeps its own clock: every instance is moved (two behind nginx on PostgreSQL).
  const answers = await Promise.all(server.instances.map((instance) => fetch(`${instance}/__e2e/clock?at=${at.toISOString()}`, { method: "POST" })));
  const answer = answers[0]!;
  for (const each of answers) expect(each.status).toBe(200);
  clockOffset = Date.parse(((await answer.json()) as { now: string }).now) - Date.now();
}

const signIn = (page: Page) => signInInFrench(page, server.url, office, clockOffset);

const book = (payload: Record<string, unknown>) => bookThroughApi(server.url, { language: "fr", page: "/fr/wine-tours", ...payload });

/** A guest's long note: what a guide must read whole, ending with a word of its own to find it on paper. */
const longNote = (n: number) =>
  `Nous venons avec nos parents âgés qui marchent lentement ; merci de prévoir des chaises dans le chai et une visite sans escaliers si possible. ` +
  `Nous fêtons un anniversaire et aimerions acheter deux caisses après la dégustation. Fin${n}.`;

/** Nine bookings: eight with long notes over four times (the 10:00 full), one of them paid in part with the voucher. */
const bookings = [
  { name: "Camille Durand", guests: 4, package: "hermitage", time: "10:00" },
  { name: "Famille Laurent", guests: 4, package: "hermitage", time: "10:00" },
  { name: "Hugo Bernard", guests: 2, package: "mongiron", time: "11:30" },
  { name: "Claire Petit", guests: 2, package: "mongiron", time: "11:30", voucher: true },
  { name: "Julien Moreau", guests: 3, package: "both", time: "14:00" },
  { name: "Sophie Lefèvre", guests: 2, package: "both", time: "14:00" },
  { name: "Thomas Girard", guests: 5, package: "hermitage", time: "15:00" },
  { name: "Léa Roux", guests: 2, package: "hermitage", time: "15:00" },
  { name: "Marc Fontaine", guests: 2, package: "mongiron", time: "16:30", short: true },
];

test("the day sheet: money and long notes at 1280 px, printed on one A4 page, checked in on the day at 390 px", async ({ openPage }) => {
  test.setTimeout(300_000);
  const ids = new Map<string, string>();
  for (const [n, booking] of bookings.entries()) {
    const id = await book({
      name: booking.name,
      email: `guest${n}@example.fr`,
      phone: `+33 6 12 34 56 ${String(10 + n)}`,
      guests: booking.guests,
      package: booking.package,
      slot: isoWithOffset({ date: day, time: booking.time }),
      ...("short" in booking ? { message: "Vient à vélo." } : { message: longNote(n) }),
      ...("voucher" in booking ? { voucher } : {}),
    });
    ids.set(booking.name, id);
  }
  // The 10:00 is full: Agnès waits for it.
  await book({
    name: "Agnès Blanc",
    email: "agnes@example.fr",
    guests: 2,
    package: "hermitage",
    slot: isoWithOffset({ date: day, time: "10:00" }),
    waitlist: true,
  });

  // At the desk, 1280 px: the office notes Claire's wish on her record.
  const { page: desk } = await openPage({ viewport: { width: 1280, height: 900 }, locale: "fr-FR" });
  await signIn(desk);
  await desk.goto(`${server.url}/admin/guests/${ids.get("Claire Petit")!}`);
  await desk.getByLabel(fr("guest.notes")).fill("Souhaite acheter une caisse de 2015 après la visite");
  await desk.getByRole("button", { name: fr("guest.save") }).click();
  await expect(desk.getByRole("status")).toHaveText(fr("guest.saved"));

  const sheetUrl = `${server.url}/admin/calendar/sheet?day=${day}`;
  await desk.goto(sheetUrl);
  await expect(desk.locator("h1")).toContainText(fr("sheet.title", { day: "" }).trim());
  // Nothing spills past the window, and the notes column is the widest.
  expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  const widths = await desk.locator(".sheet-table thead th").evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().width));
  expect(Math.max(...widths)).toBe(widths[3]);
  const claire = desk.locator(`#booking-${ids.get("Claire Petit")!}`);
  const mongiron = content.tours.packages.find((tour) => tour.id === "mongiron")!;
  const claireOwes = quoteTour(mongiron, 2).totalCents - 5000;
  await expect(claire).toContainText(fr("sheet.money.voucher", { code: voucher, amount: euros(5000) }));
  await expect(claire).toContainText(fr("sheet.money.balance", { amount: euros(claireOwes) }));
  await expect(claire).toContainText("Souhaite acheter une caisse de 2015 après la visite");
  await expect(desk.locator(".sheet-waitlist")).toContainText("Agnès Blanc");
  expect(await violations(desk)).toEqual([]);
  await screenshot(desk, "day-sheet-money-fr-1280.png");

  // Printed by Chromium: one A4 page, every name, every note to its last word, every balance.
  const { pages, text } = await printedOnA4(desk);
  expect(pages).toBe(1);
  for (const [n, booking] of bookings.entries()) {
    expect(text).toContain(folded(booking.name));
    if (!("short" in booking)) expect(text).toContain(folded(longNote(n)));
  }
  expect(text).toContain(folded(fr("sheet.money.balance", { amount: euros(claireOwes) })));
  expect(text).toContain(folded("Souhaite acheter une caisse de 2015 après la visite"));

  // Ten days ahead: no check-in at all.
  await expect(desk.getByRole("button", { name: new RegExp(` — ${bookings[0]!.name}$`) })).toHaveCount(0);
  await expect(desk.locator(`#booking-${ids.get("Camille Durand")!}`)).toContainText(fr("checkIn.onTheDay"));

  // The day itself, 10:05, on the guide's phone.
  await moveClock(paris("10:05"));
  const { page: phone } = await openPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "fr-FR" });
  await signIn(phone);
  await phone.goto(sheetUrl);
  expect(await violations(phone)).toEqual([]);
  // Léa, at 15:00, low on the page: arrived, and the page comes back at her row.
  const lea = ids.get("Léa Roux")!;
  const leaArrived = phone.getByRole("button", { name: `${fr("checkIn.markArrivedGroup", { count: 2 })} — Léa Roux` });
  await leaArrived.scrollIntoViewIfNeeded();
  // Her tour has not started: no « Absent » for her yet, while the 10:00 guests can be marked so.
  await expect(phone.getByRole("button", { name: `${fr("checkIn.markNoShowGroup", { count: 2 })} — Léa Roux` })).toHaveCount(0);
  await expect(phone.getByRole("button", { name: `${fr("checkIn.markNoShowGroup", { count: 4 })} — Camille Durand` })).toHaveCount(1);
  await leaArrived.click();
  await expect(phone).toHaveURL(new RegExp(`#booking-${lea}$`));
  const row = phone.locator(`#booking-${lea}`);
  await expect(row.getByRole("button", { name: `${fr("checkIn.undo")} — Léa Roux` })).toBeInViewport();
  expect(await phone.evaluate(() => window.scrollY)).toBeGreaterThan(844);
  await screenshot(phone, "day-sheet-checked-in-fr-390.png");
});
