import { calendarOf, filesOf } from "../server/__tests__/support/tour-mail";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { content } from "#content";
import { localNames } from "#content/names";
import { textIn } from "#content/text";
import { formatEventDate, formatTime } from "#core/format";
import { translator } from "#locales";
import { adminTranslator } from "#locales/admin";
import { formatShortDay } from "../server/admin/shared/view-context";
import { TestSmtp } from "../server/__tests__/support/fixtures";
import { violations } from "./support/axe";
import { waitForHydration } from "./support/browser";
import { expect, test } from "./support/fixtures";
import { startServer, type RunningServer } from "./support/server";
import { addStaffAccount, phoneCode } from "./support/staff";

/**
 * The staff sign-in flow on the built site and the real server: a staff account made with
 * the real `npm run staff -- add` (password on standard input), a booking sent from the Japanese
 * tours page, found and confirmed in the inbox, and the visitor's Japanese e-mail with its
 * calendar file received by a local SMTP server.
 */
const staff = { email: "sommelier@hermitage-lescours.example", password: "des rangs de merlot sous la brume" };
const en = adminTranslator("en").t;
const fr = adminTranslator("fr").t;
const ja = translator("ja").t;

let smtp: TestSmtp;
let server: RunningServer;

// The tests share this file's server: they run in order, in one worker.
test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(join(tmpdir(), "lescours-admin-"));
  const added = await addStaffAccount(dataDir, { ...staff, role: "inbox" });
  expect(added.status, added.output).toBe(0);
  smtp = new TestSmtp();
  await smtp.start();
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

test.describe("the staff inbox, from a Japanese booking to the visitor's e-mail", () => {
  test("signs in, finds the booking, confirms it, and the visitor's Japanese e-mail arrives with its calendar file", async ({ openPage }) => {
    // A visitor books from the Japanese tours page.
    const visitor = await openPage({ locale: "ja-JP" });
    await visitor.page.goto(`${server.url}/ja/wine-tours`);
    await waitForHydration(visitor.page);
    await visitor.page.locator('li[data-package="mongiron"]').getByRole("button").click();
    const guestEmail = `hanako-${Date.now()}@example.jp`;
    const form = visitor.page.locator('form[aria-labelledby="booking-title"]');
    await form.locator('[name="name"]').fill("山田花子");
    await form.locator('[name="email"]').fill(guestEmail);
    await form.locator('[name="guests"]').fill("2");
    await form.locator('[name="message"]').fill("赤ワインが好きです。<b>よろしく</b>");
    const sent = visitor.page.waitForResponse((response) => response.url().endsWith("/api/tour-bookings"));
    await form.locator('button[type="submit"]').click();
    expect((await sent).status()).toBe(201);

    // A member of the staff signs in.
    const { page, problems } = await openPage({ locale: "en-GB" });
    await page.goto(`${server.url}/admin`);
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    expect(await page.locator("h1").innerText()).toBe(en("signIn.title"));
    expect(await violations(page)).toEqual([]);
    await page.getByLabel(en("signIn.email")).fill(staff.email);
    await page.getByLabel(en("signIn.password")).fill(staff.password);
    await page.getByRole("button", { name: en("signIn.submit"), exact: true }).click();
    // An inbox account opens visitors' personal data: its first sign-in sets up the second factor.
    await expect(page.locator("h1")).toHaveText(en("enrol.title"));
    const secret = (await page.locator(".secret-key code").innerText()).replace(/\s/g, "");
    await page.getByLabel(en("secondFactor.code")).fill(await phoneCode(secret));
    await page.getByRole("button", { name: en("enrol.submit") }).click();
    await page.getByRole("link", { name: en("recovery.continue") }).click();
    await page.waitForURL(`${server.url}/admin`);
    expect(await page.locator("h1").innerText()).toBe(en("inbox.title"));
    expect(await violations(page)).toEqual([]);

    // …finds the booking by searching for the visitor's name…
    await page.getByLabel(en("inbox.filter.search")).fill("花子");
    await page.getByRole("button", { name: en("inbox.filter.find") }).click();
    const row = page.locator("table tbody tr");
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.locator("td").allInnerTexts()).toEqual([
      expect.stringContaining("山田花子"),
      en("types.tourBooking"),
      expect.any(String),
      expect.stringContaining(en("inbox.guests", { count: 2 })),
      "Japanese",
      en("status.new"),
    ]);
    await row.locator("a.open").click();
    expect(await page.locator("h1").innerText()).toBe(en("submission.title", { type: en("types.tourBooking"), name: "山田花子" }));
    // The visitor's markup is shown as text.
    expect(await page.getByText("赤ワインが好きです。<b>よろしく</b>").count()).toBe(1);
    expect(await violations(page)).toEqual([]);

    // …and confirms it at one of its tour's times that day, with their places shown.
    const day = new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel(en("booking.confirm.date")).fill(day);
    await page
      .getByRole("button", { name: en("slot.move.show") })
      .first()
      .click();
    await page.getByRole("radio", { name: /11:30/ }).check();
    await page.getByRole("button", { name: en("booking.confirm.submit") }).click();
    await expect.poll(() => page.locator("[role=status]").innerText()).toBe(en("done.confirmed"));
    expect(await violations(page)).toEqual([]);

    // The visitor's e-mail reaches the SMTP server, in Japanese, with the private link and the calendar file in Paris time.
    // (The first e-mail to the visitor acknowledged the request without a time; the second confirms it.)
    await expect.poll(() => smtp.received.filter((mail) => mail.to.includes(guestEmail)).length, { message: "the visitor's e-mail" }).toBe(2);
    const mail = await simpleParser(smtp.received.filter((received) => received.to.includes(guestEmail))[1]!.raw);
    const date = formatEventDate(day, "ja");
    // Booked from a Japanese page: the estate is named as site.json writes it in Japanese, and the tour where it meets (Château Mongiron).
    const names = localNames(content.site, "ja");
    expect(mail.subject).toBe(
      ja("mail.booking.confirmedSubject", { estate: names.estate, place: names.sisterEstate, elsewhere: "yes", date, time: formatTime("11:30", "ja") }),
    );
    expect(mail.text).toContain(ja("mail.booking.when", { date, time: formatTime("11:30", "ja") }));
    expect(mail.text).toContain(ja("mail.booking.tour", { tour: textIn(content.tours.packages.find((tour) => tour.id === "mongiron")!.selectedLabel, "ja") }));
    expect(mail.text).toMatch(/\/api\/tours\/booking\?token=/);
    expect(filesOf(mail).map((file) => [file.filename, file.contentType])).toEqual([[ja("mail.booking.calendarFile"), "text/calendar"]]);
    expect(calendarOf(mail).content.toString("utf8")).toContain(`DTSTART;TZID=Europe/Paris:${day.replaceAll("-", "")}T113000`);

    // The page now shows the answer in the booking's history, and the inbox shows it confirmed.
    await page.reload();
    expect(await page.locator(".history").innerText()).toContain(en("history.bookingConfirmed", { when: `${formatShortDay({ lang: "en" }, day)} 11:30` }));
    await page.goto(`${server.url}/admin?status=confirmed`);
    expect(await page.locator("table tbody tr a.open").innerText()).toBe("山田花子");

    // The staff switch to French, then sign out.
    await page.getByRole("button", { name: "Français" }).click();
    expect(await page.locator("h1").innerText()).toBe(fr("inbox.title"));
    await page.getByRole("button", { name: fr("layout.signOut") }).click();
    await page.waitForURL(`${server.url}/admin/login?signed-out`);
    await page.goto(`${server.url}/admin`);
    expect(new URL(page.url()).pathname).toBe("/admin/login");

    // No page of the inbox broke its policy or logged an error.
    expect(problems).toEqual([]);
  });

  test("is left out of the sitemap and asks robots not to index it", async () => {
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain("<urlset");
    expect(sitemap).not.toContain("/admin");
    const login = await fetch(`${server.url}/admin/login`);
    expect(login.headers.get("x-robots-tag")).toBe("noindex, nofollow");
  });
});
