import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import ICAL from "ical.js";
import { simpleParser } from "mailparser";
import { generate } from "otplib";
import type { Download, Page } from "@playwright/test";
import { adminTranslator } from "#locales/admin";
import { formatClock } from "../server/admin/shared/view-context";
import { addDays, isoWithOffset, localOf, weekdayOf } from "../server/bookings/paris-time";
import { TestSmtp } from "../server/__tests__/support/fixtures";
import { calendarOf } from "../server/__tests__/support/tour-mail";
import { violations } from "./support/axe";
import { bookThroughApi, expect, test } from "./support/fixtures";
import { startServer, type RunningServer } from "./support/server";
import { dataDirWithStaff } from "./support/staff";
import { folded, printedOnA4 } from "./support/print";
import { keepScreenshots, screenshot } from "./support/screenshots";

/**
 * The office manager's day, on a phone in French, on the built site and the real server with a
 * local SMTP server: three bookings on a Saturday; closing that day lists them and keeps them on
 * the calendar; changing 10:00 to 10:30 lists the two groups at 10:00, moves one (its visitor gets
 * the same calendar entry, one change later) and keeps the other at 10:00; a request confirmed
 * into 14:00 takes its places and appears on the calendar and in the feed; a phone booking from
 * the calendar; the day sheet printed on one A4 page, its check-in opening on the day;
 * the exports read back with the tour's time. With E2E_SCREENSHOTS set, screenshots of the calendar,
 * the day sheet and the schedule change's warning at 390 and 1280 px go to docs/screenshots/.
 */
const manager = { email: "bureau@hermitage-lescours.example", password: "la cuvée neuf attend au chai" };
const fr = adminTranslator("fr").t;
const view = { lang: "fr" as const };

/** The first Saturday at least a week ahead on the estate's clock (the visitors' cut-off is a day). */
const today = localOf(new Date()).date;
const saturday = addDays(today, 7 + ((6 - weekdayOf(addDays(today, 7)) + 7) % 7));
const at = (time: string) => isoWithOffset({ date: saturday, time });

const visitors = {
  jean: {
    language: "fr",
    page: "/fr/wine-tours",
    name: "Jean Dupont",
    email: "jean@example.fr",
    phone: "+33 6 11 22 33 44",
    guests: 4,
    package: "hermitage",
    slot: at("10:00"),
  },
  emily: {
    language: "en",
    page: "/wine-tours",
    name: "Emily Clarke",
    email: "emily@example.co.uk",
    phone: "+44 20 7946 0000",
    guests: 3,
    package: "hermitage",
    slot: at("10:00"),
  },
  wang: {
    language: "zh",
    page: "/zh/wine-tours",
    name: "王小明",
    email: "wang@example.cn",
    phone: "+86 21 5555 0000",
    guests: 2,
    package: "mongiron",
    slot: at("11:30"),
  },
  // A request without a time: the specification's own case.
  lucia: {
    language: "es",
    page: "/es/wine-tours",
    name: "Lucía García",
    email: "lucia@example.es",
    phone: "+34 600 000 000",
    guests: 3,
    package: "both",
    date: saturday,
  },
};

let smtp: TestSmtp;
let server: RunningServer;

test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataDir = await dataDirWithStaff("lescours-day-", { ...manager, role: "admin" });
  smtp = new TestSmtp();
  await smtp.start();
  server = await startServer({ dataDir, env: { SMTP_URL: smtp.url, MAIL_RETRY_BASE_MS: "200", MAIL_RETRY_MAX_MS: "400", RATE_LIMIT_MAX: "50" } });
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

const send = (payload: Record<string, unknown>) => bookThroughApi(server.url, payload);

/** Every mail to an address so far, once at least `count` have arrived, parsed. */
async function mailsTo(address: string, count: number) {
  await expect
    .poll(() => smtp.received.filter((mail) => mail.to.includes(address)).length, { message: `${count} mails to ${address}` })
    .toBeGreaterThanOrEqual(count);
  return Promise.all(smtp.received.filter((mail) => mail.to.includes(address)).map((mail) => simpleParser(mail.raw)));
}

/** The one event of a calendar file, read with its own VTIMEZONE. */
function eventOf(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
  return { uid: event.uid, sequence: event.sequence, local: event.startDate.toString(), zone: event.startDate.zone.tzid };
}

async function downloadBy(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const [download]: [Download, void] = await Promise.all([page.waitForEvent("download"), click()]);
  return readFileSync(await download.path());
}

/** A screenshot of the whole page at 390 px, then at 1280 px, into docs/screenshots/, when the run keeps them. */
async function screenshots(page: Page, name: string) {
  if (!keepScreenshots) return;
  await screenshot(page, `${name}-fr-390.png`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, `${name}-fr-1280.png`);
  await page.setViewportSize({ width: 390, height: 844 });
}

test("the office manager's Saturday, on a phone in French: bookings never hidden, changes that ask first, a request and a phone booking placed, the day sheet printed, guests checked in, exports with the time", async ({
  openPage,
}) => {
  test.setTimeout(480_000);
  const ids = { jean: await send(visitors.jean), emily: await send(visitors.emily), wang: await send(visitors.wang), lucia: await send(visitors.lucia) };
  const { page } = await openPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "fr-FR" });

  // Signs in; an admin's first sign-in sets up the second factor.
  await page.goto(`${server.url}/admin`);
  await page.getByLabel(fr("signIn.email")).fill(manager.email);
  await page.getByLabel(fr("signIn.password")).fill(manager.password);
  await page.getByRole("button", { name: fr("signIn.submit"), exact: true }).click();
  const secret = (await page.locator(".secret-key code").innerText()).replace(/\s/g, "");
  await page.getByLabel(fr("secondFactor.code")).fill(await generate({ secret }));
  await page.getByRole("button", { name: fr("enrol.submit") }).click();
  await page.getByRole("link", { name: fr("recovery.continue") }).click();

  // On the phone the day's work starts on the first screen: the inbox and the calendar stay in
  // view, the other pages, the account and signing out fold into the menu.
  const nav = page.getByRole("navigation", { name: fr("layout.navigation") });
  await expect(nav.getByRole("link", { name: fr("layout.nav.inbox") })).toBeVisible();
  await expect(nav.getByRole("link", { name: fr("layout.nav.calendar") })).toBeVisible();
  await expect(nav.getByRole("link", { name: fr("layout.nav.schedule") })).toBeHidden();
  await expect(nav.getByRole("button", { name: fr("layout.signOut") })).toBeHidden();
  expect((await page.locator("main h1").boundingBox())!.y).toBeLessThan(844 / 3);
  // On a desk every page is in view, without the menu.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(nav.getByRole("link", { name: fr("layout.nav.schedule") })).toBeVisible();
  await expect(nav.getByText(fr("layout.menu"), { exact: true })).toBeHidden();
  await page.setViewportSize({ width: 390, height: 844 });
  await nav.getByText(fr("layout.menu"), { exact: true }).click();
  await expect(nav.getByRole("button", { name: fr("layout.signOut") })).toBeVisible();
  await nav.getByRole("link", { name: fr("layout.nav.schedule") }).click();
  // The menu folds again on the new page, which it names as the one in view.
  await expect(nav.getByRole("link", { name: fr("layout.nav.schedule"), includeHidden: true })).toHaveAttribute("aria-current", "page");
  // The weekly times' day boxes are targets of 24 px at least, on the phone as on the desk (WCAG 2.2 target size).
  expect(await violations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await violations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });

  // Closing the Saturday for a private wedding lists the three bookings first.
  const closures = page.locator('form[action="/admin/schedule/closures"]');
  await closures.getByLabel(fr("schedule.firstDay")).fill(saturday);
  await closures.getByLabel(fr("schedule.note")).fill("Mariage privé au château");
  await closures.getByRole("button", { name: fr("schedule.addClosure") }).click();
  await expect(page.locator("h1")).toHaveText(fr("scheduleChange.title", { count: 3 }));
  for (const who of [visitors.jean, visitors.emily, visitors.wang]) await expect(page.locator(".affected")).toContainText(who.name);
  expect(await violations(page)).toEqual([]);
  await screenshots(page, "schedule-change");
  // Kept, all three (the default): the calendar still shows them, on the closed day.
  await page.getByRole("button", { name: fr("scheduleChange.apply") }).click();
  // The notice says what the change did: the three bookings kept, nobody mailed.
  await expect(page.getByRole("status")).toHaveText(`${fr("schedule.closureAdded")} ${fr("schedule.summary", { moved: 0, cancelled: 0, kept: 3, mails: 0 })}`);
  await page.goto(`${server.url}/admin/calendar?view=day&day=${saturday}`);
  await expect(page.locator(".calendar-day")).toContainText(fr("calendar.closedNote", { note: "Mariage privé au château" }));
  for (const who of [visitors.jean, visitors.emily, visitors.wang]) await expect(page.locator(".calendar-day")).toContainText(who.name);

  // The wedding moves elsewhere: the day opens again, nothing to ask.
  await page.goto(`${server.url}/admin/schedule`);
  await page
    .locator('form[action^="/admin/schedule/closures/"]')
    .getByRole("button", { name: fr("schedule.removeClosure") })
    .click();
  await expect(page.getByRole("status")).toHaveText(fr("schedule.closureRemoved"));

  // Saturday's 10:00 becomes 10:30: the two groups at 10:00 are listed; Jean moves, Emily stays at 10:00.
  const hermitage = page.locator("fieldset.package-times").first();
  await hermitage.getByLabel(`${fr("schedule.timeRow", { time: formatClock(view, "10:00") })} · samedi`, { exact: true }).uncheck();
  await hermitage.locator('input[name="time-hermitage-2"]').fill("10:30");
  await hermitage.locator('input[name="day-hermitage-2-6"]').check();
  await page.getByRole("button", { name: fr("schedule.save") }).click();
  await expect(page.locator("h1")).toHaveText(fr("scheduleChange.title", { count: 2 }));
  const jean = page.locator(".affected > li", { hasText: visitors.jean.name });
  await jean.getByLabel(fr("scheduleChange.choose")).selectOption(`move:${at("10:30")}`);
  await expect(page.locator(".affected > li", { hasText: visitors.emily.name }).getByLabel(fr("scheduleChange.choose"))).toHaveValue("keep");
  await page.getByRole("button", { name: fr("scheduleChange.apply") }).click();
  await expect(page.getByRole("status")).toHaveText(`${fr("schedule.saved")} ${fr("schedule.summary", { moved: 1, cancelled: 0, kept: 1, mails: 1 })}`);
  // Jean's mail: the same calendar entry, one change later, at 10:30 Paris time.
  const [booked, moved] = await mailsTo(visitors.jean.email, 2);
  const before = eventOf(calendarOf(booked).content.toString("utf8"));
  const after = eventOf(calendarOf(moved).content.toString("utf8"));
  expect(after.uid).toBe(before.uid);
  expect(after.sequence).toBeGreaterThan(before.sequence);
  expect([after.local, after.zone]).toEqual([`${saturday}T10:30:00`, "Europe/Paris"]);

  // Lucía's request without a time, confirmed into 14:00 from the inbox: her places are taken.
  await page.goto(`${server.url}/admin/submissions/tour-bookings/${ids.lucia}`);
  await page.getByLabel(fr("booking.confirm.date"), { exact: true }).fill(saturday);
  await page.getByRole("button", { name: fr("slot.move.show") }).click();
  await page.getByRole("radio", { name: formatClock(view, "14:00") }).check();
  await page.getByRole("button", { name: fr("booking.confirm.submit") }).click();
  await expect(page.getByRole("status")).toHaveText(fr("done.confirmed"));

  // A phone booking from the calendar's 15:00.
  await page.goto(`${server.url}/admin/calendar?view=day&day=${saturday}`);
  await page
    .getByRole("link", { name: fr("calendar.addHere", { time: formatClock(view, "15:00") }) })
    .first()
    .click();
  await page.getByLabel(fr("newBooking.guests")).fill("2");
  await page.getByLabel(fr("newBooking.name")).fill("Marie Laurent");
  await page.getByLabel(fr("newBooking.phone")).fill("+33 5 57 00 00 01");
  await page.getByLabel(fr("newBooking.note")).fill("Appel du matin, vient à vélo");
  await page.getByLabel(fr("newBooking.notify")).uncheck();
  await page.getByRole("button", { name: fr("newBooking.submit") }).click();
  await expect(page.getByRole("status")).toHaveText(fr("done.created"));

  // The calendar: every booking where it is, Emily at 10:00 off the schedule, with phones and notes.
  await page.goto(`${server.url}/admin/calendar?view=day&day=${saturday}`);
  const day = page.locator(".calendar-day");
  await expect(day.locator(".calendar-slot.off-schedule")).toContainText(visitors.emily.name);
  await expect(day.locator(".calendar-slot", { hasText: formatClock(view, "10:30") })).toContainText(visitors.jean.name);
  await expect(day.locator(".calendar-slot", { hasText: formatClock(view, "14:00") })).toContainText(visitors.lucia.name);
  await expect(day).toContainText("Marie Laurent");
  await expect(day).toContainText("Appel du matin, vient à vélo");
  await expect(day.getByRole("link", { name: visitors.wang.phone })).toHaveAttribute("href", "tel:+862155550000");
  expect(await violations(page)).toEqual([]);
  await screenshots(page, "calendar-day");
  await page.goto(`${server.url}/admin/calendar?view=week&day=${saturday}`);
  await screenshots(page, "calendar-week");
  // The week on a phone stays short: the times with bookings, the free ones on a line.
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(4234);

  // The staff's calendar feed lists Lucía at 14:00 Paris time.
  await page.goto(`${server.url}/admin/account`);
  const feedUrl = /\/admin\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics/.exec(await page.content())![0];
  const feed = await (await fetch(`${server.url}${feedUrl}`)).text();
  expect(feed).toContain(visitors.lucia.name);
  expect(feed).toContain(`DTSTART;TZID=Europe/Paris:${saturday.replaceAll("-", "")}T140000`);

  // The day sheet: one A4 page, names and phones on it; then one guest arrives, one does not come.
  await page.goto(`${server.url}/admin/calendar?view=day&day=${saturday}`);
  await page.getByRole("link", { name: fr("calendar.sheet") }).click();
  await expect(page.locator("h1")).toContainText(fr("sheet.title", { day: "" }).trim());
  expect(await violations(page)).toEqual([]);
  const { pages, text } = await printedOnA4(page);
  expect(pages).toBe(1);
  for (const who of [visitors.jean, visitors.emily, visitors.wang, visitors.lucia]) {
    expect(text).toContain(folded(who.name));
    expect(text).toContain(folded(who.phone));
  }
  expect(text).toContain(folded("Marie Laurent"));
  // A week ahead, nobody is checked in yet: that opens on the day (e2e/day-sheet.test.ts checks guests in).
  const sheetRows = page.locator(".sheet-table tbody tr");
  await expect(sheetRows.filter({ hasText: visitors.jean.name })).toContainText(fr("checkIn.onTheDay"));
  await expect(page.getByRole("button", { name: new RegExp(`— ${visitors.jean.name}$`) })).toHaveCount(0);
  await screenshots(page, "day-sheet");

  // The exports read back with the tour's day and time, as real date cells in the workbook.
  await page.goto(`${server.url}/admin?type=tour-bookings`);
  const exportForm = page.locator(".export-form");
  await exportForm.locator('select[name="format"]').selectOption("csv");
  const csv = await downloadBy(page, () => exportForm.getByRole("button", { name: fr("inbox.export.submit") }).click());
  const records = parse(csv.subarray(3).toString("utf8"), { columns: true, delimiter: ";" }) as Record<string, string>[];
  const timeOf = (name: string) => records.find((record) => record[fr("field.name")] === name)?.[fr("field.tourTime")];
  expect([timeOf(visitors.jean.name), timeOf(visitors.emily.name), timeOf(visitors.lucia.name)]).toEqual([
    formatClock(view, "10:30"),
    formatClock(view, "10:00"),
    formatClock(view, "14:00"),
  ]);
  await exportForm.locator('select[name="format"]').selectOption("xlsx");
  const xlsx = await downloadBy(page, () => exportForm.getByRole("button", { name: fr("inbox.export.submit") }).click());
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(xlsx).buffer);
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const rows = Array.from({ length: sheet.rowCount - 1 }, (_, index) => sheet.getRow(index + 2));
  const jeanRow = rows.find((row) => row.getCell(header.indexOf(fr("field.name")) + 1).value === visitors.jean.name)!;
  expect(jeanRow.getCell(header.indexOf(fr("field.tourDay")) + 1).value).toEqual(new Date(`${saturday}T00:00:00.000Z`));
  expect(jeanRow.getCell(header.indexOf(fr("field.tourTime")) + 1).value).toBe(formatClock(view, "10:30"));
});
