import { simpleParser } from "mailparser";
import type { Page } from "@playwright/test";
import { content } from "#content";
import { formatPrice, formatTime } from "#core/format";
import { quoteTour } from "#core/tour-price";
import { translator } from "#locales";
import { adminTranslator } from "#locales/admin";
import { formatClock } from "../server/admin/shared/view-context";
import { addDays, isoWithOffset, localOf } from "../server/bookings/paris-time";
import { newTotpSecret } from "../server/admin/shared/second-factor";
import { writePackageRules } from "../server/db/tour-rules";
import { TestSmtp } from "../server/__tests__/support/fixtures";
import { overHttp, PaymentProviderStandIn } from "../server/__tests__/support/payment-provider";
import { violations } from "./support/axe";
import { waitForHydration } from "./support/browser";
import { bookThroughApi, expect, test } from "./support/fixtures";
import { freePort, startServer, type RunningServer } from "./support/server";
import { dataDirWithStaff, signInInFrench } from "./support/staff";
import { folded, printedOnA4 } from "./support/print";

/**
 * The office manager's week (issue 48's "Done when"), in French, in Chromium on the built site and
 * the real server, with a local SMTP server and the payment provider's stand-in; once on a phone
 * (390 px) and once at the desk (1280 px), each in a month of its own:
 * - a phone booking from the staff form is priced as the site prices it and counted in the month's takings,
 *   the month's line and bar of the year's report alike;
 * - a private tour booked by the office stays full on the agenda, the day sheet, the staff form and the site;
 * - a visitor pays a deposit at the checkout: the booking shows it paid and the estate is mailed;
 * - a visitor buys a gift voucher online (the estate is told), and the office redeems part of it on a booking, the rest shown;
 * - closing the next day for a private event cancels the paid booking: the guest's mail gives the
 *   estate's reason, its words and the deposit's refund;
 * - the week on the agenda fits the window with no text out of its box, axe clean;
 * - the day sheet with eight bookings and long notes prints (Chromium, A4) on exactly one page.
 * Expected prices, words and reasons come from content/ and the catalogs.
 */
const fr = adminTranslator("fr").t;
const site = translator("fr").t;
const office = { email: "bureau@hermitage-lescours.example", password: "la cuvée neuf attend au chai", totpSecret: newTotpSecret() };
const view = { lang: "fr" as const };
const tour = (id: string) => content.tours.packages.find((one) => one.id === id)!;
const euros = (cents: number) => formatPrice(cents / 100, "fr");
/** A name that starts with `text`, whatever spaces the page sets in it (a clock's no-break spaces). */
const startingWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+")}`);
/** Château Mongiron's tour asks a fifth of its price online, as the tour options allow. */
const depositPercent = 20;

let smtp: TestSmtp;
let provider: PaymentProviderStandIn;
let server: RunningServer;

// One server for both widths; each runs its week in a month of its own.
test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataDir = await dataDirWithStaff("lescours-office-week-", { ...office, role: "admin" }, (db) =>
    writePackageRules(db, [{ package: "mongiron", min_guests: 1, cutoff_hours: null, horizon_months: null, deposit_percent: depositPercent }]),
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
    env: { SITE_URL: url, SMTP_URL: smtp.url, MAIL_RETRY_BASE_MS: "200", MAIL_RETRY_MAX_MS: "400", RATE_LIMIT_MAX: "100", ...provider.siteEnv },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await provider?.stop();
  await smtp?.stop();
});

/** Every mail to an address so far, once one matches `wanted`, parsed. */
async function mailTo(address: string, wanted: (mail: { subject?: string; text?: string }) => boolean, what: string) {
  const parsed = async () => Promise.all(smtp.received.filter((mail) => mail.to.includes(address)).map((mail) => simpleParser(mail.raw)));
  await expect.poll(async () => (await parsed()).some((mail) => wanted({ subject: mail.subject, text: mail.text })), { message: what }).toBe(true);
  return (await parsed()).find((mail) => wanted({ subject: mail.subject, text: mail.text }))!;
}

const signIn = (page: Page) => signInInFrench(page, server.url, office);

/** The staff's booking form at a tour's time of a day, filled and sent; the booking's page then. */
async function bookByPhone(
  page: Page,
  booking: {
    pkg: string;
    day: string;
    time: string;
    guests: number;
    name: string;
    phone?: string;
    email?: string;
    note: string;
    private?: boolean;
    voucher?: string;
  },
) {
  await page.goto(`${server.url}/admin/bookings/new?package=${booking.pkg}&day=${booking.day}&time=${booking.time}`);
  const form = page.locator("form.new-booking");
  await expect(form.getByRole("radio", { name: startingWith(formatClock(view, booking.time)) })).toBeChecked();
  await form.getByLabel(fr("newBooking.guests")).fill(String(booking.guests));
  if (booking.private) await form.getByLabel(fr("newBooking.private", { price: formatPrice(tour(booking.pkg).privatePrice!, "fr") })).check();
  if (booking.voucher) await form.getByLabel(fr("newBooking.voucher")).fill(booking.voucher);
  await form.getByLabel(fr("newBooking.name")).fill(booking.name);
  if (booking.phone) await form.getByLabel(fr("newBooking.phone")).fill(booking.phone);
  if (booking.email) await form.getByLabel(fr("newBooking.email")).fill(booking.email);
  await form.getByLabel(fr("newBooking.note")).fill(booking.note);
  await form.getByLabel(fr("newBooking.notify")).uncheck();
  await form.getByRole("button", { name: fr("newBooking.submit") }).click();
  await expect(page.getByRole("status")).toHaveText(fr("done.created"));
  return /\/admin\/submissions\/tour-bookings\/([^/?#]+)/.exec(page.url())![1]!;
}

/** A visitor's booking through the public API, with their own words for the guide. */
const bookOnline = (payload: Record<string, unknown>) => bookThroughApi(server.url, { language: "fr", page: "/fr/wine-tours", ...payload });

/** The tours page in French with a package, a day and a group chosen: the form, its times listed. */
async function toursForm(page: Page, booking: { pkg: string; day: string; name: string; email: string; guests: number }) {
  await page.goto(`${server.url}/fr/wine-tours`);
  await waitForHydration(page);
  await page.locator(`li[data-package="${booking.pkg}"]`).getByRole("button").click();
  const form = page.locator('form[aria-labelledby="booking-title"]');
  await form.locator('[name="name"]').fill(booking.name);
  await form.locator('[name="email"]').fill(booking.email);
  await form.locator('[name="guests"]').fill(String(booking.guests));
  await form.locator('[name="date"]').fill(booking.day);
  return form;
}

/**
 * How wide the page is laid out, and every box of the main column whose content runs out of it
 * (wider than the box: text spilling into the next column, or cut off), by class and first words.
 * Boxes of a pixel or clipped out of sight (text for screen readers only) and a chart's drawing (scaled as a whole)
 * are left out.
 */
const spills = (page: Page) =>
  page.evaluate(() => {
    const spilling: string[] = [];
    function* ancestorsOf(element: Element) {
      for (let box = element.parentElement; box && box.tagName !== "MAIN"; box = box.parentElement) yield box;
    }
    for (const element of document.querySelectorAll("main *")) {
      const style = getComputedStyle(element);
      if (element instanceof SVGElement || style.display === "inline" || style.display === "none" || element.clientWidth <= 1) continue;
      // Inside a box clipped out of sight (a table's headings on a phone, read by screen readers only).
      if ([...ancestorsOf(element)].some((box) => getComputedStyle(box).clipPath !== "none")) continue;
      if (element.scrollWidth > element.clientWidth + 1)
        spilling.push(`${element.tagName.toLowerCase()}.${element.className}: ${element.textContent?.trim().slice(0, 40)}`);
    }
    return { width: document.documentElement.scrollWidth, spilling };
  });

/** A guest's long note, ending with a word of its own to find it on paper. */
const longNote = (n: number) =>
  `Nous venons avec nos parents âgés qui marchent lentement ; merci de prévoir des chaises dans le chai et une visite sans escaliers si possible. ` +
  `Nous fêtons un anniversaire et aimerions acheter deux caisses après la dégustation. Fin${n}.`;

/** The 10th of the month `ahead` months after this one, on the estate's clock: far from the cut-off and inside the horizon. */
function tenthOf(ahead: number): string {
  const [year, month] = localOf(new Date()).date.split("-").map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 1 + ahead, 1));
  return `${first.toISOString().slice(0, 8)}10`;
}

const widths = [
  { name: "phone", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, ahead: 1, tag: "p" },
  { name: "desk", viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false, ahead: 2, tag: "d" },
] as const;

for (const width of widths) {
  test(`the office manager's week at ${width.viewport.width} px in French: priced, private, paid, a gift voucher, a closure with its reason, one printed page`, async ({
    openPage,
  }) => {
    test.setTimeout(300_000);
    const day = tenthOf(width.ahead);
    const closed = addDays(day, 1);
    const { page } = await openPage({ viewport: width.viewport, isMobile: width.isMobile, hasTouch: width.hasTouch, locale: "fr-FR" });
    await signIn(page);
    const hermitage = tour("hermitage");
    const mongiron = tour("mongiron");

    // A phone booking, priced as the site prices it, and counted in the month's takings.
    const phonePrice = quoteTour(hermitage, 3).totalCents;
    const phoneId = await bookByPhone(page, {
      pkg: "hermitage",
      day,
      time: "10:00",
      guests: 3,
      name: `Famille Laurent ${width.tag}`,
      phone: "+33 6 12 34 56 01",
      note: longNote(1),
    });
    await expect(page.locator("main")).toContainText(fr("experience.price", { price: euros(phonePrice) }));
    await page.goto(`${server.url}/admin/reports?period=month&day=${day}`);
    await expect(page.locator('.report-totals [data-column="revenue"] dd')).toHaveText(euros(phonePrice));
    await expect(page.locator('.report-totals [data-column="bookings"] dd')).toHaveText("1");
    // The year's report: the month's line and its bar in the takings drawn per month say the same, readable and axe clean.
    const month = `${day.slice(0, 7)}-01`;
    await page.goto(`${server.url}/admin/reports?period=year&day=${day}`);
    await expect(page.locator(`tr[data-key="${month}"] [data-column="revenue"]`)).toHaveText(euros(phonePrice));
    await expect(page.locator(`#chart-takings-title + svg g[data-key="${month}"]`)).toHaveAttribute("data-value", String(phonePrice));
    await expect(page.locator(`#chart-takings-title + svg g[data-key="${month}"] .chart-value`)).toHaveText(euros(phonePrice));
    expect(await spills(page)).toEqual({ width: width.viewport.width, spilling: [] });
    expect(await violations(page)).toEqual([]);

    // A private tour at 15:00: the whole time, full everywhere.
    const privateName = `Yuki Tanaka ${width.tag}`;
    await bookByPhone(page, {
      pkg: "hermitage",
      day,
      time: "15:00",
      guests: 2,
      name: privateName,
      email: `yuki.${width.tag}@example.jp`,
      note: longNote(2),
      private: true,
    });
    await expect(page.locator("main")).toContainText(fr("experience.price", { price: euros(quoteTour(hermitage, 2, true).totalCents) }));
    const capacity = 8;
    const privateFull = fr("calendar.privateFull", { capacity });
    await page.goto(`${server.url}/admin/calendar?view=day&day=${day}`);
    await expect(page.locator(".calendar-slot", { hasText: privateName })).toContainText(privateFull);
    await page.goto(`${server.url}/admin/bookings/new?package=hermitage&day=${day}`);
    await expect(page.locator("label.check", { hasText: formatClock(view, "15:00") })).toContainText(fr("newBooking.places", { left: 0, capacity }));
    await expect(page.locator("label.check", { hasText: formatClock(view, "15:00") })).toHaveClass(/no-room/);
    const { page: visitor } = await openPage({ viewport: width.viewport, isMobile: width.isMobile, hasTouch: width.hasTouch, locale: "fr-FR" });
    const form = await toursForm(visitor, { pkg: "hermitage", day, name: "Paul Vidal", email: "paul@example.fr", guests: 2 });
    await expect(form.getByTestId("tour-times").locator("label", { hasText: formatTime("15:00", "fr") })).toContainText(site("wineTours.slots.waitlist"));
    await expect(form.getByTestId("tour-times").locator("label", { hasText: formatTime("10:00", "fr") })).not.toContainText(site("wineTours.slots.waitlist"));

    // A deposit paid at the checkout, the next day: the booking shows it paid, the estate is told.
    const payerName = `Camille Roux ${width.tag}`;
    const payer = { name: payerName, email: `camille.${width.tag}@example.fr` };
    const depositForm = await toursForm(visitor, { pkg: "mongiron", day: closed, guests: 2, ...payer });
    await depositForm
      .getByTestId("tour-times")
      .getByLabel(startingWith(formatTime("11:30", "fr")))
      .check();
    const deposit = Math.round((quoteTour(mongiron, 2).totalCents * depositPercent) / 100);
    await depositForm.locator("button[type=submit]").click();
    await visitor.waitForURL(`${provider.url}/pay/**`);
    await visitor.getByRole("button", { name: "Pay" }).click();
    await visitor.waitForURL((url) => url.origin === server.url && url.pathname === "/api/tours/booking");
    await expect(visitor.locator("[data-status]")).toHaveAttribute("data-status", "confirmed");
    const notice = await mailTo(
      content.site.contact.email,
      (mail) => mail.subject?.startsWith(`${fr("estateMail.subject.depositPaid")} · ${payerName}`) === true,
      "the estate's notice of the deposit",
    );
    expect(notice.text).toContain(fr("estateMail.intro.depositConfirmed", { name: payerName, amount: euros(deposit) }));
    const payerId = [...provider.sessions.values()].find((session) => session.customer_email === payer.email)!.client_reference_id!;
    await page.goto(`${server.url}/admin/submissions/tour-bookings/${payerId}`);
    await expect(page.locator("main")).toContainText(fr("experience.depositPaid", { amount: euros(deposit) }));
    await expect(page.locator("main")).toContainText(fr("slot.status.confirmed"));

    // A gift voucher bought online through the checkout; its card comes by mail with the code.
    const buyer = { name: `Hélène Martin ${width.tag}`, email: `helene.${width.tag}@example.fr` };
    await visitor.goto(`${server.url}/api/gift-vouchers?lang=fr`);
    await visitor.locator('input[name="kind"][value="value"]').check();
    await visitor.locator('input[name="amount"]').fill("200");
    await visitor.locator('input[name="recipient"]').fill("Sophie");
    await visitor.locator('textarea[name="message"]').fill("Joyeux anniversaire !");
    await visitor.locator('input[name="buyerName"]').fill(buyer.name);
    await visitor.locator('input[name="buyerEmail"]').fill(buyer.email);
    await visitor.getByRole("button", { name: site("giftBuy.submit") }).click();
    await visitor.waitForURL(`${provider.url}/pay/**`);
    await visitor.getByRole("button", { name: "Pay" }).click();
    await visitor.waitForURL((url) => url.origin === server.url);
    const card = await mailTo(buyer.email, (mail) => /[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/.test(mail.text ?? ""), "the gift card");
    const code = /[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/.exec(card.text ?? "")![0];
    // The estate hears of the sale, as of a deposit paid.
    const sold = await mailTo(
      content.site.contact.email,
      (mail) => mail.subject === fr("estateMail.voucherSold.subject", { name: buyer.name, amount: euros(20_000) }),
      "the estate's notice of the sale",
    );
    expect(sold.text).toContain(fr("estateMail.voucherSold.code", { code }));
    // Redeemed in part on a booking: the tour is paid by it, the rest is kept and shown.
    const voucherPrice = quoteTour(mongiron, 2).totalCents;
    const voucherName = `Claire Petit ${width.tag}`;
    const voucherId = await bookByPhone(page, {
      pkg: "mongiron",
      day,
      time: "11:30",
      guests: 2,
      name: voucherName,
      email: `claire.${width.tag}@example.fr`,
      note: longNote(3),
      voucher: code,
    });
    await expect(page.locator("main")).toContainText(fr("experience.voucherTaken", { code, amount: euros(voucherPrice) }));
    await expect(page.locator("main")).toContainText(fr("experience.price", { price: euros(0) }));
    await page.goto(`${server.url}/admin/vouchers/${code}`);
    await expect(page.locator("main")).toContainText(fr("vouchers.left", { amount: euros(20_000 - voucherPrice) }));
    await expect(page.locator("main")).toContainText(voucherName);

    // Closing the next day for a private event cancels the paid booking: the mail gives the estate's reason, its words, the refund.
    await page.goto(`${server.url}/admin/schedule`);
    const closures = page.locator('form[action="/admin/schedule/closures"]');
    await closures.getByLabel(fr("schedule.firstDay")).fill(closed);
    await closures.getByLabel(fr("schedule.note")).fill("Mariage au château");
    await closures.getByRole("button", { name: fr("schedule.addClosure") }).click();
    await expect(page.locator("h1")).toHaveText(fr("scheduleChange.title", { count: 1 }));
    await page.locator(".affected > li", { hasText: payerName }).getByLabel(fr("scheduleChange.choose")).selectOption("cancel");
    await page.getByLabel(fr("estateReason.label")).selectOption("privateEvent");
    const words = "Toutes nos excuses, nous serons ravis de vous accueillir un autre jour.";
    await page.getByLabel(fr("estateReason.note")).fill(words);
    await page.getByRole("button", { name: fr("scheduleChange.apply") }).click();
    await expect(page.getByRole("status")).toContainText(fr("schedule.summary", { moved: 0, cancelled: 1, kept: 0, mails: 1 }));
    const cancelled = await mailTo(payer.email, (mail) => (mail.text ?? "").includes(site("tourMail.estateCancelledIntro")), "the guest's cancellation");
    const oneLine = (text: string) => text.replace(/\s+/g, " ");
    const said = oneLine(cancelled.text ?? "");
    expect(said).toContain(oneLine(site("tourMail.estateReason.privateEvent")));
    expect(said).toContain(oneLine(`${site("tourMail.estateNote")} ${words}`));
    // The deposit's refund: its amount, to the card, within days.
    expect(said).toContain(oneLine(site("tourMail.depositRefunded", { amount: euros(deposit) })));
    expect(said).not.toContain(oneLine(site("tourMail.cancelledIntro")));
    await expect.poll(() => provider.refunds.filter((refund) => refund.metadata.booking === payerId).length, { message: "the deposit refunded" }).toBe(1);

    // Five more visitors on the day, with long notes: eight bookings on the sheet.
    const more = [
      { name: `Hugo Bernard ${width.tag}`, package: "hermitage", time: "10:00", guests: 2 },
      { name: `Julien Moreau ${width.tag}`, package: "both", time: "14:00", guests: 3 },
      { name: `Sophie Lefèvre ${width.tag}`, package: "both", time: "14:00", guests: 2 },
      { name: `Thomas Girard ${width.tag}`, package: "mongiron", time: "16:30", guests: 4 },
      { name: `Léa Roux ${width.tag}`, package: "mongiron", time: "11:30", guests: 2 },
    ];
    for (const [n, guest] of more.entries())
      await bookOnline({
        name: guest.name,
        email: `guest${n}.${width.tag}@example.fr`,
        phone: `+33 6 12 34 57 ${String(10 + n)}`,
        guests: guest.guests,
        package: guest.package,
        slot: isoWithOffset({ date: day, time: guest.time }),
        message: longNote(10 + n),
      });
    const names = [`Famille Laurent ${width.tag}`, privateName, voucherName, ...more.map((guest) => guest.name)];

    // The week on the agenda: every booking of the day, nothing wider than the window, no text spilling out of its box, axe clean.
    await page.goto(`${server.url}/admin/calendar?view=week&day=${day}`);
    for (const name of names) await expect(page.locator("main")).toContainText(name);
    expect(await spills(page)).toEqual({ width: width.viewport.width, spilling: [] });
    expect(await violations(page)).toEqual([]);

    await page.goto(`${server.url}/admin/calendar/sheet?day=${day}`);
    await expect(page.locator(".sheet-slot tr[id^='booking-']")).toHaveCount(8);
    await expect(page.locator(".sheet-slot", { hasText: privateName })).toContainText(privateFull);
    await expect(page.locator(`#booking-${phoneId}`)).toContainText(fr("sheet.money.balance", { amount: euros(phonePrice) }));
    await expect(page.locator(`#booking-${voucherId}`)).toContainText(fr("sheet.money.voucher", { code, amount: euros(voucherPrice) }));
    // Printed by Chromium on A4: exactly one page, every name and every note whole.
    const { pages, text } = await printedOnA4(page);
    expect(pages).toBe(1);
    for (const name of names) expect(text).toContain(folded(name));
    for (const n of [1, 2, 3, 10, 11, 12, 13, 14]) expect(text).toContain(folded(longNote(n)));
  });
}
