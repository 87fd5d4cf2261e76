import { calendarOf } from "../server/__tests__/support/tour-mail";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ICAL from "ical.js";
import { simpleParser, type ParsedMail } from "mailparser";
import { content } from "#content";
import { localNames } from "#content/names";
import { formatEventDate, formatPrice, formatTime } from "#core/format";
import type { Language } from "#core/languages";
import { tourBookingOutcomes } from "#forms/tour-booking";
import { translator, type MessageId } from "#locales";
import { adminTranslator } from "#locales/admin";
import type { Page } from "@playwright/test";
import { TestSmtp } from "../server/__tests__/support/fixtures";
import { waitForHydration } from "./support/browser";
import { expect, test } from "./support/fixtures";
import { startServer, type RunningServer } from "./support/server";
import { openServerDatabase } from "./support/databases";
import { screenshot } from "./support/screenshots";

/**
 * Bookings in Chromium against the built site and the real server, with a local SMTP server:
 * - a visitor books a time from the Japanese tours page on 28 March 2027 (the day summer time
 *   begins): the page says the visit is booked, the Japanese e-mail comes with its calendar file;
 *   the private link (its page at 390 px in the site's own type) moves it to 31 October 2027 (the
 *   day winter time returns): the same UID, a higher SEQUENCE, 10:00 Paris time on both days;
 * - the other three outcomes, each in another language: a time waiting for the estate (French), a
 *   full time's waitlist (Spanish), a request without a time (Chinese): each page's answer and
 *   e-mail say what happened, in words of their own; the estate is told in the staff's language.
 * With E2E_SCREENSHOTS set, a visitor's and the estate's e-mail at 390 px go to docs/screenshots/.
 */
const ja = translator("ja").t;
let smtp: TestSmtp;
let server: RunningServer;

test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  smtp = new TestSmtp();
  await smtp.start();
  const dataDir = mkdtempSync(join(tmpdir(), "lescours-tours-"));
  // The Château Mongiron tour waits for the estate's answer (its instant confirmation off), as the schedule page allows.
  const db = openServerDatabase(dataDir);
  db.prepare("UPDATE tour_package_settings SET instant_confirm = 0 WHERE package = 'mongiron'").run();
  db.close();
  server = await startServer({
    buildDir: process.env.E2E_BUILD_DIR ?? "build",
    dataDir,
    env: { SMTP_URL: smtp.url, MAIL_RETRY_BASE_MS: "200", MAIL_RETRY_MAX_MS: "400" },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

/** The event of a calendar file as ical.js reads it, with the file's own VTIMEZONE. */
function readEvent(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: event.uid,
    sequence: event.sequence,
    local: event.startDate.toString(),
    utc: event.startDate.toJSDate().toISOString(),
  };
}

/** A message as the page shows it: its tags are markup. */
const shown = (lang: Language, id: MessageId, values?: Record<string, string | number>) =>
  translator(lang)
    .t(id, values)
    .replace(/<\/?[a-z]+>/g, "");

/** The toast that answers a booking. */
const toastOf = (page: Page) => page.locator("[data-tone]").last();

/** The faces and line breaking a page's text is set in (computed: what the browser will draw with). */
const typeOf = (page: Page) =>
  page.evaluate(() => {
    const style = (selector: string) => getComputedStyle(document.querySelector(selector)!);
    return { body: style("body").fontFamily, heading: style("h1").fontFamily, lineBreak: style("body").lineBreak };
  });

/**
 * An e-mail's HTML at 390 px, its logo from the e-mail's own attachment: nothing wider than the
 * window. Kept in docs/screenshots/ when E2E_SCREENSHOTS is set.
 */
async function narrowMail(page: Page, mail: ParsedMail, file: string) {
  const logo = mail.attachments.find((attachment) => attachment.contentType === "image/png")!;
  const html = String(mail.html).replace(/cid:[^"]+/, `data:image/png;base64,${logo.content.toString("base64")}`);
  const view = await page.context().newPage();
  await view.setViewportSize({ width: 390, height: 844 });
  await view.setContent(html);
  expect(await view.evaluate(() => document.documentElement.scrollWidth), file).toBeLessThanOrEqual(390);
  await screenshot(view, file);
  await view.close();
}

async function mailsTo(address: string, count: number): Promise<ParsedMail[]> {
  await expect.poll(() => smtp.received.filter((mail) => mail.to.includes(address)).length, { message: `${count} e-mails to the visitor` }).toBe(count);
  return Promise.all(smtp.received.filter((mail) => mail.to.includes(address)).map((mail) => simpleParser(mail.raw)));
}

test("a Japanese visitor books 10:00 on 28 March 2027, gets the e-mail and calendar file, and moves to 31 October by the private link", async ({
  openPage,
}) => {
  const { page, problems } = await openPage({ locale: "ja-JP" });
  await page.goto(`${server.url}/ja/wine-tours`);
  await waitForHydration(page);
  await page.locator('li[data-package="hermitage"]').getByRole("button").click();
  const form = page.locator('form[aria-labelledby="booking-title"]');
  const email = `hanako-${Date.now()}@example.jp`;
  await form.locator('[name="name"]').fill("山田花子");
  await form.locator('[name="email"]').fill(email);
  await form.locator('[name="guests"]').fill("2");
  await form.locator('[name="date"]').fill("2027-03-28");

  // The day's times, in Japanese and Paris time, with the places left.
  const times = form.getByTestId("tour-times");
  await expect(times.locator("legend")).toHaveText(ja("wineTours.slots.legend", { date: formatEventDate("2027-03-28", "ja") }));
  await expect(times.locator("legend")).toContainText("フランス時間");
  const option = (time: string) => shown("ja", "wineTours.slots.option", { time, places: ja("wineTours.slots.placesLeft", { count: 8 }) });
  await expect(times.locator("label")).toHaveText([option("10:00"), option("15:00"), ja("wineTours.slots.any")]);
  await times.getByLabel(/^10:00/).check();
  const sent = page.waitForResponse((response) => response.url().endsWith("/api/tour-bookings"));
  await form.locator('button[type="submit"]').click();
  expect((await sent).status()).toBe(201);
  // Booked and confirmed: the page says so, never that a request was received.
  await expect(toastOf(page)).toContainText(ja("wineTours.form.confirmed.title"));
  await expect(toastOf(page)).toContainText(ja("wineTours.form.confirmed.description"));
  await expect(toastOf(page)).not.toContainText(ja("wineTours.form.success.title"));

  // The Japanese confirmation with its calendar file: 10:00 Paris time, 08:00 UTC on the first day of summer time.
  const [confirmation] = await mailsTo(email, 1);
  const estate = content.site.estateNameLocal.ja!;
  expect(confirmation!.subject).toBe(ja("mail.booking.confirmedSubject", { estate, date: formatEventDate("2027-03-28", "ja"), time: "10:00" }));
  await narrowMail(page, confirmation!, "mail-visitor-ja-390.png");
  expect(confirmation!.text).toContain(ja("mail.booking.when", { date: formatEventDate("2027-03-28", "ja"), time: "10:00" }));
  expect(confirmation!.text).not.toContain("山田花子");
  const first = readEvent(calendarOf(confirmation).content.toString("utf8"));
  expect(first).toMatchObject({ method: "REQUEST", sequence: 0, local: "2027-03-28T10:00:00", utc: "2027-03-28T08:00:00.000Z" });

  // The site's own type on a Japanese page at 390 px, to compare the private page with.
  await page.setViewportSize({ width: 390, height: 844 });
  const siteType = await typeOf(page);
  // The private link opens the visitor's own page in Japanese, set in the site's type; the visit moves to 31 October 2027.
  const link = /https?:\/\/\S+\/api\/tours\/booking\?token=[A-Za-z0-9_-]{43}/.exec(confirmation!.text!)![0];
  await page.goto(`${server.url}${new URL(link).pathname}${new URL(link).search}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await expect(page.locator("h1")).toHaveText(ja("manage.title"));
  const privateType = await typeOf(page);
  expect(privateType).toEqual(siteType);
  expect(privateType.body).not.toMatch(/^system-ui/);
  expect(privateType.lineBreak).toBe("strict");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The days to move to are listed in Japanese, month by month: on to October 2027.
  const october = new Intl.DateTimeFormat("ja", { year: "numeric", month: "long", timeZone: "UTC" }).format(new Date("2027-10-01T00:00:00Z"));
  while ((await page.locator(".months strong").textContent()) !== october) await page.getByRole("link", { name: ja("manage.nextMonth") }).click();
  await page.getByLabel(ja("manage.day")).selectOption({ label: formatEventDate("2027-10-31", "ja") });
  await page.getByRole("button", { name: ja("manage.showTimes") }).click();
  await page
    .getByLabel(new RegExp(`^${shown("ja", "wineTours.slots.option", { time: "10:00", places: ja("wineTours.slots.placesLeft", { count: 8 }) })}`))
    .check();
  await page.getByRole("button", { name: ja("manage.moveButton") }).click();
  await expect(page.getByRole("status")).toHaveText(ja("manage.moved"));

  const [, moved] = await mailsTo(email, 2);
  expect(moved!.text).toContain(ja("mail.booking.when", { date: formatEventDate("2027-10-31", "ja"), time: "10:00" }));
  const second = readEvent(calendarOf(moved).content.toString("utf8"));
  expect(second).toMatchObject({ method: "REQUEST", uid: first.uid, local: "2027-10-31T10:00:00", utc: "2027-10-31T09:00:00.000Z" });
  expect(second.sequence).toBeGreaterThan(first.sequence);
  expect(problems).toEqual([]);
});

/** A day some weeks ahead, when the default schedule runs every tour. */
const ahead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Fills the tours form on `/<lang>/wine-tours` and sends it: a time of the day, or no preference (null). */
async function bookOnPage(page: Page, lang: Language, booking: { pkg: string; date: string; time: string | null; email: string; guests: number }) {
  await page.goto(`${server.url}/${lang}/wine-tours`);
  await waitForHydration(page);
  await page.locator(`li[data-package="${booking.pkg}"]`).getByRole("button").click();
  const form = page.locator('form[aria-labelledby="booking-title"]');
  await form.locator('[name="name"]').fill("Alex Martin");
  await form.locator('[name="email"]').fill(booking.email);
  await form.locator('[name="guests"]').fill(String(booking.guests));
  await form.locator('[name="date"]').fill(booking.date);
  const times = form.getByTestId("tour-times");
  await expect(times.locator("label").first()).toBeVisible();
  if (booking.time) await times.getByLabel(new RegExp(`^${formatTime(booking.time, lang)}`)).check();
  else await times.getByLabel(translator(lang).t("wineTours.slots.any")).check();
  const sent = page.waitForResponse((response) => response.url().endsWith("/api/tour-bookings"));
  await form.locator('button[type="submit"]').click();
  return (await sent).json() as Promise<{ outcome: string }>;
}

test("the other three outcomes say what happened, on the page and in the mail, each language in its own words: waiting for the estate, on the waitlist, a request", async ({
  openPage,
}) => {
  const { page, problems } = await openPage({ viewport: { width: 390, height: 844 } });
  const estate = (lang: Language) => localNames(content.site, lang).estate;

  // Waiting for the estate, in French: the Château Mongiron tour is confirmed by the estate.
  const fr = translator("fr").t;
  const pendingDay = ahead(40);
  expect(await bookOnPage(page, "fr", { pkg: "mongiron", date: pendingDay, time: "11:30", email: "camille.pending@example.fr", guests: 2 })).toEqual(
    expect.objectContaining({ outcome: "pending" }),
  );
  await expect(toastOf(page)).toContainText(fr("wineTours.form.pending.title"));
  await expect(toastOf(page)).toContainText(fr("wineTours.form.pending.description", { hours: 48 }));
  const [pending] = await mailsTo("camille.pending@example.fr", 1);
  // The Château Mongiron tour is named where it meets, and its price stated (issue 49.2, 49.3).
  const sister = localNames(content.site, "fr").sisterEstate;
  expect(pending!.subject).toBe(
    fr("tourMail.pendingSubject", {
      estate: estate("fr"),
      place: sister,
      elsewhere: "yes",
      date: formatEventDate(pendingDay, "fr"),
      time: formatTime("11:30", "fr"),
    }),
  );
  expect(pending!.text).toContain(fr("tourMail.pendingIntro", { count: 2, hours: 48 }));
  const priceOf = (pkg: string) => content.tours.packages.find((tour) => tour.id === pkg)!.price;
  const flat = (mail: ParsedMail) => (mail.text ?? "").replace(/[ \t\r\n]+/g, " ");
  expect(flat(pending!)).toContain(
    fr("tourMail.price.perPerson", { guests: 2, unit: formatPrice(priceOf("mongiron"), "fr"), total: formatPrice(2 * priceOf("mongiron"), "fr") }),
  );
  // The estate is told in its staff's language (French until someone chooses): what happened and the time.
  const staff = adminTranslator("fr").t;
  const notices = () => smtp.received.filter((mail) => mail.to.includes(content.site.contact.email));
  await expect.poll(() => notices().length).toBeGreaterThanOrEqual(2);
  const estateMails = await Promise.all(notices().map((mail) => simpleParser(mail.raw)));
  const pendingNotice = estateMails.find((mail) => mail.subject?.startsWith(staff("estateMail.subject.pending")))!;
  expect(pendingNotice.subject).toContain("Alex Martin");
  expect(pendingNotice.text).toContain(staff("estateMail.group", { count: 2 }));
  await narrowMail(page, pendingNotice, "mail-estate-fr-390.png");

  // On the waitlist, in Spanish: 15:00 is full (eight places booked), the visitor joins its waitlist.
  const es = translator("es").t;
  const fullDay = ahead(41);
  const slots = (await (await fetch(`${server.url}/api/tours/availability?package=hermitage&from=${fullDay}&to=${fullDay}`)).json()) as {
    slots: { start: string }[];
  };
  const start = slots.slots.find((slot) => slot.start.includes("T15:00"))!.start;
  const group = { language: "en", page: "/wine-tours", name: "Full Group", email: "group@example.com", guests: 8, package: "hermitage", slot: start };
  expect(
    (await fetch(`${server.url}/api/tour-bookings`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(group) })).status,
  ).toBe(201);
  expect(await bookOnPage(page, "es", { pkg: "hermitage", date: fullDay, time: "15:00", email: "lucia.wait@example.es", guests: 2 })).toEqual(
    expect.objectContaining({ outcome: "waitlist" }),
  );
  await expect(toastOf(page)).toContainText(es("wineTours.form.waitlist.title"));
  const [waiting] = await mailsTo("lucia.wait@example.es", 1);
  expect(waiting!.subject).toBe(
    es("tourMail.waitlistSubject", { estate: estate("es"), date: formatEventDate(fullDay, "es"), time: formatTime("15:00", "es") }),
  );
  expect(waiting!.text).toContain(es("tourMail.waitlistIntro", { hours: 12 }));
  expect(flat(waiting!)).toContain(
    es("tourMail.price.perPerson", { guests: 2, unit: formatPrice(priceOf("hermitage"), "es"), total: formatPrice(2 * priceOf("hermitage"), "es") }),
  );
  expect(waiting!.text).toContain(es("tourMail.waitlistLeave"));
  expect(waiting!.text).toMatch(/\/api\/tours\/waitlist\?token=[A-Za-z0-9_-]{43}/);

  // A request without a time, in Chinese: the specification's own "Booking Request Received", and an acknowledgement.
  const zh = translator("zh").t;
  const requestDay = ahead(42);
  expect(await bookOnPage(page, "zh", { pkg: "both", date: requestDay, time: null, email: "wei.request@example.cn", guests: 3 })).toEqual(
    expect.objectContaining({ outcome: "request" }),
  );
  await expect(toastOf(page)).toContainText(zh("wineTours.form.success.title"));
  const [request] = await mailsTo("wei.request@example.cn", 1);
  expect(request!.subject).toBe(zh("tourMail.requestSubject", { estate: estate("zh") }));
  expect(request!.text).toContain(zh("tourMail.requestIntro"));
  expect(request!.text).toContain(zh("tourMail.preferredDay", { date: formatEventDate(requestDay, "zh") }));
  expect(flat(request!)).toContain(
    zh("tourMail.price.perPerson", { guests: 3, unit: formatPrice(priceOf("both"), "zh"), total: formatPrice(3 * priceOf("both"), "zh") }),
  );
  // Nothing the visitor typed is repeated.
  for (const mail of [pending!, waiting!, request!]) expect(mail.text).not.toContain("Alex Martin");

  // Each language has its own words for each outcome, and they all differ; a booked visit never reads as a request.
  for (const lang of ["en", "fr", "zh", "es", "ja"] as const) {
    const titles = Object.values(tourBookingOutcomes).map((outcome) => translator(lang).t(outcome.title));
    expect(new Set(titles).size, lang).toBe(Object.keys(tourBookingOutcomes).length);
    if (lang !== "en")
      for (const outcome of Object.values(tourBookingOutcomes)) expect(translator(lang).t(outcome.title), lang).not.toBe(translator("en").t(outcome.title));
  }
  expect(`${translator("en").t("wineTours.form.confirmed.title")} ${translator("en").t("wineTours.form.confirmed.description")}`).not.toMatch(/request/i);
  expect(problems).toEqual([]);
});
