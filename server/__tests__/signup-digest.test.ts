/**
 * The estate hears of newsletter sign-ups in one e-mail a day (server/forms/signup-digest.ts): the
 * sign-ups confirmed on a day, listed the next morning in the staff's language, once across sweeps
 * and restarts, and nothing on a day nobody signed up.
 */
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { content } from "#content";
import { adminTranslator } from "#locales/admin";
import { addDays, isoWithOffset } from "../bookings/paris-time";
import type { OutboxRow } from "../db/outbox";
import { languageName } from "../mail/compose";
import { parisParts, staffClock, staffDay } from "../mail/staff-clock";
import { adminTestServer, siteUrl } from "./support/admin";
import { closedAfterEachTest, staffReadIn, tempDataDir, TestSmtp, waitFor } from "./support/fixtures";

const { apps, smtps } = closedAfterEachTest();
const staff = adminTranslator("fr").t;

const signups = [
  { email: "lucia@example.es", language: "es", page: "/es/news" },
  { email: "hanako@example.jp", language: "ja", page: "/ja/news" },
] as const;

/** The estate's e-mails in the outbox (the notices; the subscribers' confirmations are theirs). */
const estateMails = (app: FastifyInstance) =>
  (app.db.prepare("SELECT * FROM outbox WHERE recipient = ? ORDER BY id").all(content.site.contact.email) as OutboxRow[]).filter(
    (row) => row.kind === "notification",
  );

async function signUpAndConfirm(app: FastifyInstance, signup: (typeof signups)[number]) {
  const posted = await app.inject({ method: "POST", url: "/api/newsletter-signups", headers: { "content-type": "application/json" }, payload: signup });
  expect(posted.statusCode).toBe(201);
  const { confirm_token: token } = app.db.prepare("SELECT confirm_token FROM newsletter_subscribers WHERE email = ?").get(signup.email) as {
    confirm_token: string;
  };
  const confirmed = await app.inject({
    method: "POST",
    url: "/api/newsletter/confirm",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: siteUrl },
    payload: `token=${token}`,
  });
  expect(confirmed.statusCode).toBe(200);
  return (app.db.prepare("SELECT confirmed_at FROM newsletter_subscribers WHERE email = ?").get(signup.email) as { confirmed_at: string }).confirmed_at;
}

describe("the estate's daily digest of newsletter sign-ups", () => {
  it("lists the day's confirmed sign-ups in one e-mail the next morning, once across sweeps and a restart, and sends nothing on a day without", async () => {
    const smtp = new TestSmtp();
    smtps.add(smtp);
    await smtp.start();
    const dataDir = tempDataDir();
    const clock = { now: Date.now() };
    const start = () => adminTestServer({ SMTP_URL: smtp.url, DATA_DIR: dataDir }, { now: () => new Date(clock.now) });
    const app = await start();
    apps.add(app);
    staffReadIn(app, "fr");

    const confirmedAt: string[] = [];
    for (const signup of signups) confirmedAt.push(await signUpAndConfirm(app, signup));
    // The day they were confirmed on, on the estate's clock.
    const day = parisParts(new Date(confirmedAt[0]!)).date;
    await app.sweepBookings();
    // Nothing while the day lasts: no e-mail per sign-up.
    expect(estateMails(app)).toEqual([]);

    // The next morning: one e-mail to the estate, in French, listing both.
    clock.now = Date.parse(isoWithOffset({ date: addDays(day, 1), time: "09:00" }));
    await app.sweepBookings();
    const digests = estateMails(app);
    expect(digests).toHaveLength(1);
    const digest = digests[0]!;
    expect(digest.subject).toBe(staff("signupDigest.subject", { count: 2, day: staffDay(day, "fr", { year: false }) }));
    expect(digest.body).toContain(staff("signupDigest.intro", { count: 2, day: staffDay(day, "fr") }));
    signups.forEach((signup, index) => {
      const line = staff("signupDigest.line", {
        email: signup.email,
        language: languageName(signup.language, "fr"),
        when: staffClock(parisParts(new Date(confirmedAt[index]!)).time, "fr"),
      });
      expect(digest.body).toContain(line);
    });
    expect(digest.body).toContain(`${siteUrl}/admin?type=newsletter-signups`);
    await waitFor(() => smtp.received.some((mail) => mail.to[0] === content.site.contact.email), "the digest at the relay");

    // A second sweep lists no one again.
    await app.sweepBookings();
    expect(estateMails(app)).toHaveLength(1);

    // Nor does a restart (its start-up sweep and one more).
    await app.close();
    apps.delete(app);
    const restarted = await start();
    apps.add(restarted);
    await restarted.sweepBookings();
    expect(estateMails(restarted)).toHaveLength(1);

    // The day after, nobody signed up: no e-mail.
    clock.now = Date.parse(isoWithOffset({ date: addDays(day, 2), time: "09:00" }));
    await restarted.sweepBookings();
    expect(estateMails(restarted)).toHaveLength(1);
  });
});
