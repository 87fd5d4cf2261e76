/**
 * The language a person is written to in (the native readers' N18 of 29 November 2026): their copy
 * of their data follows the language they wrote to the estate in, not one sign-up made on another
 * language's page; it tells an open waitlist offer in the present, with its end; and a newsletter
 * sign-up typed again on another language's page keeps the language its confirmation link was sent in.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import type { Language } from "#core/languages";
import { formatDate, formatTime } from "#core/format";
import { translator } from "#locales";
import type { PersonalData } from "../../../db/privacy";
import { adminTestServer } from "../../../__tests__/support/admin";
import { closedAfterEachTest, testMailContext } from "../../../__tests__/support/fixtures";
import { PersonalDocument } from "../personal-document";
import { personalRecord } from "../personal-export";

const { apps } = closedAfterEachTest();
const estate = { ...testMailContext("fr"), timeZone: "Europe/Paris", durationMinutes: 60, controller: () => "[Raison sociale]" };
const submission = (type: PersonalData["submissions"][number]["type"], language: Language, id: string) => ({
  type,
  status: "new",
  row: { id, received_at: "2026-11-20T10:00:00.000Z", language, page: `/${language}/`, email: "camille@example.fr" },
});
/** The person's data with their submissions newest first, as the privacy search finds them. */
const found = (submissions: PersonalData["submissions"], waitlist: PersonalData["waitlist"] = []): PersonalData => ({
  email: "camille@example.fr",
  submissions,
  mails: [],
  visits: [],
  waitlist,
  guest: null,
});
const now = new Date("2026-11-29T10:00:00Z");

describe("the copy of a person's data", () => {
  it("is in the language they wrote to the estate in most, the first of them on a tie, whatever their newest sign-up's page", () => {
    const booked = submission("tour-bookings", "fr", "b1");
    expect(personalRecord(found([submission("newsletter-signups", "es", "n1"), booked]), estate, now).language).toBe("fr");
    expect(personalRecord(found([submission("contact-messages", "es", "c1"), submission("contact-messages", "es", "c2"), booked]), estate, now).language).toBe(
      "es",
    );
  });

  it("tells a waitlist offer still open in the present, with the moment it ends", () => {
    const place = { bookingId: "b1", package: "hermitage", date: "2026-12-03", time: "15:00", zone: "Europe/Paris", guests: 2, status: "offered" };
    const record = personalRecord(found([submission("tour-bookings", "es", "b1")], [{ ...place, offeredUntil: "2026-11-29T16:38:00.000Z" }]), estate, now);
    const page = renderToStaticMarkup(createElement(PersonalDocument, { record }));
    const { t } = translator("es");
    const when = t("dataExport.at", { date: formatDate("2026-11-29", "es"), time: formatTime("17:38", "es") });
    expect(page).toContain(t("dataExport.waitlistStatus.offeredUntil", { when }));
    expect(page).not.toContain(t("dataExport.waitlistStatus.offered"));
  });
});

describe("a newsletter sign-up typed again on another language's page before it is confirmed", () => {
  it("keeps its language: its confirmation link opens in the language of its e-mail", async () => {
    const app = await adminTestServer();
    apps.add(app);
    const signUp = (language: Language) =>
      app.inject({
        method: "POST",
        url: "/api/newsletter-signups",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ language, page: `/${language}/news`, email: "camille@example.fr" }),
      });
    expect((await signUp("fr")).statusCode).toBe(201);
    expect((await signUp("es")).statusCode).toBe(201);
    const row = app.db.prepare("SELECT language, confirm_token AS token FROM newsletter_subscribers").get() as { language: string; token: string };
    expect(row.language).toBe("fr");
    const page = await app.inject({ method: "GET", url: `/api/newsletter/confirm?token=${row.token}` });
    expect(page.body).toContain('<html lang="fr"');
  });
});
