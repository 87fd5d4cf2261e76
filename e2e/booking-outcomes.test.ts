import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import type { Locator, Page } from "@playwright/test";
import { content } from "#content";
import { textIn } from "#content/text";
import { formatEventDate, formatPrice, formatTime } from "#core/format";
import type { Language } from "#core/languages";
import { quoteTour } from "#core/tour-price";
import { translator } from "#locales";
import { addDays, isoWithOffset, localOf } from "../server/bookings/paris-time";
import { createVoucher } from "../server/bookings/vouchers";
import { writePackageRules } from "../server/db/tour-rules";
import { TestSmtp } from "../server/__tests__/support/fixtures";
import { overHttp, PaymentProviderStandIn } from "../server/__tests__/support/payment-provider";
import { waitForHydration } from "./support/browser";
import { expect, test } from "./support/fixtures";
import { freePort, startServer, type RunningServer } from "./support/server";
import { openServerDatabase } from "./support/databases";

/**
 * Every outcome of the tours form, booked through the built site in Chromium in French and in
 * Chinese, and the price each visitor's e-mail states (issue 49, Done when): a firm booking, a
 * deposit paid at the payment provider's checkout (the stand-in), a private tour, a gift voucher,
 * a full time's waitlist and a request without a time. The expected lines are made from the parsed
 * tour content (prices, group tiers, private prices, the deposit's share) and formatted with Intl in
 * the visitor's language, as the e-mails' messages say them. The French firm booking ticks the box
 * that refuses the thank-you e-mail, and the refusal is recorded.
 */
const depositPercent = 20;
const voucherCents = 5_000;
const tour = (id: string) => content.tours.packages.find((one) => one.id === id)!;
const money = (cents: number, lang: Language) => formatPrice(cents / 100, lang);
/** Each language books on its own day, ten and eleven days ahead on the estate's clock: every tour runs, far from the cut-off. */
const days = { fr: addDays(localOf(new Date()).date, 10), zh: addDays(localOf(new Date()).date, 11) } as const;

let smtp: TestSmtp;
let provider: PaymentProviderStandIn;
let server: RunningServer;
const vouchers: Partial<Record<Language, string>> = {};

test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  smtp = new TestSmtp();
  await smtp.start();
  provider = new PaymentProviderStandIn();
  await provider.start();
  const dataDir = mkdtempSync(join(tmpdir(), "lescours-outcomes-"));
  // The Château Mongiron tour asks a share of its price online; the office made a gift voucher for each visitor.
  const db = openServerDatabase(dataDir);
  writePackageRules(db, [{ package: "mongiron", min_guests: 1, cutoff_hours: null, horizon_months: null, deposit_percent: depositPercent }]);
  for (const lang of ["fr", "zh"] as const)
    vouchers[lang] = createVoucher(db, { kind: "value", amountCents: voucherCents, validUntil: addDays(days[lang], 30), note: "" }, "office", new Date());
  db.close();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  provider.deliver = overHttp(`${url}/api/payments/webhook`);
  server = await startServer({
    buildDir: process.env.E2E_BUILD_DIR ?? "build",
    dataDir,
    port,
    env: {
      SITE_URL: url,
      SMTP_URL: smtp.url,
      MAIL_RETRY_BASE_MS: "200",
      MAIL_RETRY_MAX_MS: "400",
      RATE_LIMIT_MAX: "100",
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

/**
 * The line that says a shared tour's price, as the tour content makes it: the price per person, or
 * the group tier the group reaches (per person, or one price for the group).
 */
function priceLineOf(lang: Language, pkg: string, guests: number): string {
  const { t } = translator(lang);
  const prices = tour(pkg);
  const quote = quoteTour(prices, guests);
  const tier = prices.groupPrices.filter((one) => one.from <= guests).sort((a, b) => b.from - a.from)[0];
  const total = money(quote.totalCents, lang);
  if (!tier) return t("tourMail.price.perPerson", { guests, unit: money(quote.perPersonCents, lang), total });
  if ("perGroup" in tier) return t("tourMail.price.group", { total, from: tier.from });
  return t("tourMail.price.tier", { guests, unit: money(quote.perPersonCents, lang), total, from: tier.from });
}

/** A mail's text on one line, as its reader sees it (the text part may wrap). */
const flat = (mail: ParsedMail) => (mail.text ?? "").replace(/[ \t\r\n]+/g, " ");

/** Waits for an e-mail to `address` that states every one of `lines`; resolves with it. */
async function mailStating(address: string, lines: string[]): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = await Promise.all(smtp.received.filter((mail) => mail.to.includes(address)).map((mail) => simpleParser(mail.raw)));
        found = mails.find((mail) => lines.every((line) => flat(mail).includes(line)));
        return found ? "stated" : mails.map((mail) => flat(mail)).join("\n---\n");
      },
      { message: `an e-mail to ${address} stating ${lines.join(" | ")}` },
    )
    .toBe("stated");
  return found!;
}

/** The database as the server wrote it, read only. */
function read<T>(sql: string, ...values: unknown[]): T[] {
  const db = openServerDatabase(server.dataDir, { readonly: true });
  try {
    return db.prepare(sql).all(...values) as T[];
  } finally {
    db.close();
  }
}

/** The tours page in `lang`: the package chosen, the visitor, the group and the day typed; the time chosen (null: any time, a request). */
async function fill(page: Page, lang: Language, booking: { pkg: string; time: string | null; email: string; guests: number }): Promise<Locator> {
  await page.goto(`${server.url}/${lang}/wine-tours`);
  await waitForHydration(page);
  await page.locator(`li[data-package="${booking.pkg}"]`).getByRole("button").click();
  const form = page.locator('form[aria-labelledby="booking-title"]');
  await form.locator('[name="name"]').fill(lang === "zh" ? "王小明" : "Camille Roux");
  await form.locator('[name="email"]').fill(booking.email);
  await form.locator('[name="guests"]').fill(String(booking.guests));
  await form.locator('[name="date"]').fill(days[lang as keyof typeof days]);
  const times = form.getByTestId("tour-times");
  await expect(times.locator("label").first()).toBeVisible();
  if (booking.time) await times.getByLabel(new RegExp(`^${formatTime(booking.time, lang)}`)).check();
  else await times.getByLabel(translator(lang).t("wineTours.slots.any")).check();
  return form;
}

async function send(page: Page): Promise<{ outcome: string }> {
  const sent = page.waitForResponse((response) => response.url().endsWith("/api/tour-bookings"));
  await page.locator('form[aria-labelledby="booking-title"] button[type="submit"]').click();
  const answer = await sent;
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()) as { outcome: string };
}

for (const lang of ["fr", "zh"] as const) {
  test(`every outcome booked in ${lang === "fr" ? "French" : "Chinese"}, and the price each e-mail states`, async ({ openPage }) => {
    test.setTimeout(300_000);
    const { t } = translator(lang);
    const day = days[lang];
    const address = (outcome: string) => `${outcome}.${lang}@example.org`;
    const { page, problems } = await openPage({ viewport: { width: 390, height: 844 } });
    const hermitage = tour("hermitage");

    // Firm: two people at the price per person, paid on the day.
    let form = await fill(page, lang, { pkg: "hermitage", time: "10:00", email: address("firm"), guests: 2 });
    if (lang === "fr") await form.getByLabel(t("wineTours.form.noThanks")).check();
    expect(await send(page)).toMatchObject({ outcome: "confirmed" });
    const firm = quoteTour(hermitage, 2);
    await mailStating(address("firm"), [priceLineOf(lang, "hermitage", 2), t("tourMail.price.onTheDay", { amount: money(firm.totalCents, lang) })]);
    // Refused when booking: recorded with the booking, for that address only.
    expect(read<{ email: string }>("SELECT email FROM tour_thanks_refusals WHERE email = ?", address("firm"))).toHaveLength(lang === "fr" ? 1 : 0);

    // Deposit: the checkout names what is paid, the deposit is paid there, and the e-mail states it and the balance.
    // (On a page of its own: the stand-in's checkout page is not the site's.)
    const { page: payer } = await openPage({ viewport: { width: 390, height: 844 } });
    const mongiron = tour("mongiron");
    await fill(payer, lang, { pkg: "mongiron", time: "11:30", email: address("deposit"), guests: 2 });
    const whole = quoteTour(mongiron, 2).totalCents;
    const deposit = Math.round((whole * depositPercent) / 100);
    await payer.locator('form[aria-labelledby="booking-title"] button[type="submit"]').click();
    await payer.waitForURL(`${provider.url}/pay/**`);
    await expect(payer.locator("p").first()).toHaveText(
      t("checkout.depositItem", { tour: textIn(mongiron.selectedLabel, lang), date: formatEventDate(day, lang), time: formatTime("11:30", lang), count: 2 }),
    );
    await payer.getByRole("button", { name: "Pay" }).click();
    await payer.waitForURL((url) => url.origin === server.url && url.pathname === "/api/tours/booking");
    await mailStating(address("deposit"), [
      priceLineOf(lang, "mongiron", 2),
      t("tourMail.price.depositPaid", { deposit: money(deposit, lang), balance: money(whole - deposit, lang) }),
    ]);

    // Private: the time for the group alone, at the private price.
    form = await fill(page, lang, { pkg: "hermitage", time: "15:00", email: address("private"), guests: 2 });
    const privateTour = quoteTour(hermitage, 2, true).totalCents;
    await form.getByLabel(t("wineTours.private.label", { price: money(privateTour, lang) })).check();
    expect(await send(page)).toMatchObject({ outcome: "confirmed" });
    await mailStating(address("private"), [
      t("tourMail.price.private", { total: money(privateTour, lang) }),
      t("tourMail.price.onTheDay", { amount: money(privateTour, lang) }),
    ]);

    // A gift voucher: its value taken off the price, the rest paid on the day.
    const both = tour("both");
    form = await fill(page, lang, { pkg: "both", time: "14:00", email: address("voucher"), guests: 2 });
    await form.getByLabel(t("wineTours.voucher.label")).fill(vouchers[lang]!.toLowerCase());
    expect(await send(page)).toMatchObject({ outcome: "confirmed" });
    const withVoucher = quoteTour(both, 2);
    const taken = Math.min(voucherCents, withVoucher.totalCents);
    await mailStating(address("voucher"), [
      priceLineOf(lang, "both", 2),
      t("tourMail.price.voucher", { code: vouchers[lang]!, amount: money(taken, lang) }),
      withVoucher.totalCents > taken ? t("tourMail.price.onTheDay", { amount: money(withVoucher.totalCents - taken, lang) }) : t("tourMail.price.nothingDue"),
    ]);

    // The waitlist: 10:00 filled by a group, the visitor waits in line for it; the price they would pay.
    const availability = (await (await fetch(`${server.url}/api/tours/availability?package=hermitage&from=${day}&to=${day}`)).json()) as {
      slots: { start: string; placesLeft: number }[];
    };
    const ten = availability.slots.find((slot) => slot.start === isoWithOffset({ date: day, time: "10:00" }))!;
    const group = {
      language: "en",
      page: "/wine-tours",
      name: "Full Group",
      email: `group.${lang}@example.org`,
      guests: ten.placesLeft,
      package: "hermitage",
      slot: ten.start,
    };
    expect(
      (await fetch(`${server.url}/api/tour-bookings`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(group) })).status,
    ).toBe(201);
    // Another visitor's browser (this one keeps the day's times it was sent, for the minute they are fresh).
    const { page: later, problems: laterProblems } = await openPage({ viewport: { width: 390, height: 844 } });
    const waiting = await fill(later, lang, { pkg: "hermitage", time: "10:00", email: address("waitlist"), guests: 3 });
    await expect(waiting.getByTestId("tour-times").locator("label").first()).toContainText(t("wineTours.slots.waitlist"));
    expect(await send(later)).toMatchObject({ outcome: "waitlist" });
    await mailStating(address("waitlist"), [priceLineOf(lang, "hermitage", 3)]);

    // A request without a time, for a group large enough for the tour's group price: what the group would pay.
    const large = Math.max(...both.groupPrices.map((one) => one.from), 2);
    await fill(later, lang, { pkg: "both", time: null, email: address("request"), guests: large });
    expect(await send(later)).toMatchObject({ outcome: "request" });
    await mailStating(address("request"), [priceLineOf(lang, "both", large)]);

    expect(problems).toEqual([]);
    expect(laterProblems).toEqual([]);
  });
}
