import { calendarOf } from "../server/__tests__/support/tour-mail";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ICAL from "ical.js";
import { simpleParser, type ParsedMail } from "mailparser";
import { content } from "#content";
import { formatEventDate } from "#core/format";
import { translator } from "#locales";
import { TestSmtp } from "../server/__tests__/support/fixtures";
import { waitForHydration } from "./support/browser";
import { expect, test } from "./support/fixtures";
import { startServer, type RunningServer } from "./support/server";

/**
 * Issue 23's "Done when" in Chromium against the built site and the real server: a visitor books
 * a time from the Japanese tours page on 28 March 2027 (the day summer time begins), gets the
 * Japanese e-mail with its calendar file at a local SMTP server, moves the booking through the
 * private link to 31 October 2027 (the day winter time returns), and the new calendar file has
 * the same UID, a higher SEQUENCE and 10:00 Paris time on both days, read back with ical.js.
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
  server = await startServer({ buildDir: process.env.E2E_BUILD_DIR ?? "build", dataDir, env: { SMTP_URL: smtp.url, MAIL_RETRY_BASE_MS: "200", MAIL_RETRY_MAX_MS: "400" } });
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
  return { method: calendar.getFirstPropertyValue("method"), uid: event.uid, sequence: event.sequence, local: event.startDate.toString(), utc: event.startDate.toJSDate().toISOString() };
}

async function mailsTo(address: string, count: number): Promise<ParsedMail[]> {
  await expect.poll(() => smtp.received.filter((mail) => mail.to.includes(address)).length, { message: `${count} e-mails to the visitor`, timeout: 60_000 }).toBe(count);
  return Promise.all(smtp.received.filter((mail) => mail.to.includes(address)).map((mail) => simpleParser(mail.raw)));
}

test("a Japanese visitor books 10:00 on 28 March 2027, gets the e-mail and calendar file, and moves to 31 October by the private link", async ({ openPage }) => {
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
  await expect(times.locator("label")).toHaveText(["10:00" + ja("wineTours.slots.placesLeft", { count: 8 }), "15:00" + ja("wineTours.slots.placesLeft", { count: 8 }), ja("wineTours.slots.any")]);
  await times.getByLabel(/^10:00/).check();
  const sent = page.waitForResponse((response) => response.url().endsWith("/api/tour-bookings"));
  await form.locator('button[type="submit"]').click();
  expect((await sent).status()).toBe(201);
  await expect(page.getByText(ja("wineTours.form.success.title"))).toBeVisible();

  // The Japanese confirmation with its calendar file: 10:00 Paris time, 08:00 UTC on the first day of summer time.
  const [confirmation] = await mailsTo(email, 1);
  const estate = content.site.estateNameLocal.ja!;
  expect(confirmation!.subject).toBe(ja("mail.booking.confirmedSubject", { estate, date: formatEventDate("2027-03-28", "ja") }));
  expect(confirmation!.text).toContain(ja("mail.booking.when", { date: formatEventDate("2027-03-28", "ja"), time: "10:00" }));
  expect(confirmation!.text).not.toContain("山田花子");
  const first = readEvent(calendarOf(confirmation).content.toString("utf8"));
  expect(first).toMatchObject({ method: "REQUEST", sequence: 0, local: "2027-03-28T10:00:00", utc: "2027-03-28T08:00:00.000Z" });

  // The private link opens the visitor's own page in Japanese; the visit moves to 31 October 2027.
  const link = /https?:\/\/\S+\/api\/tours\/booking\?token=[A-Za-z0-9_-]{43}/.exec(confirmation!.text!)![0];
  await page.goto(`${server.url}${new URL(link).pathname}${new URL(link).search}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await expect(page.locator("h1")).toHaveText(ja("manage.title"));
  await page.getByLabel(ja("manage.day")).fill("2027-10-31");
  await page.getByRole("button", { name: ja("manage.showTimes") }).click();
  await page.getByLabel(new RegExp(`^10:00 · ${ja("wineTours.slots.placesLeft", { count: 8 })}`)).check();
  await page.getByRole("button", { name: ja("manage.moveButton") }).click();
  await expect(page.getByRole("status")).toHaveText(ja("manage.moved"));

  const [, moved] = await mailsTo(email, 2);
  expect(moved!.text).toContain(ja("mail.booking.when", { date: formatEventDate("2027-10-31", "ja"), time: "10:00" }));
  const second = readEvent(calendarOf(moved).content.toString("utf8"));
  expect(second).toMatchObject({ method: "REQUEST", uid: first.uid, local: "2027-10-31T10:00:00", utc: "2027-10-31T09:00:00.000Z" });
  expect(second.sequence).toBeGreaterThan(first.sequence);
  expect(problems).toEqual([]);
});
