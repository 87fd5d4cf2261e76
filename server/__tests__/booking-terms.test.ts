/**
 * What the tours form needs from the server to tell the visitor the truth before they book: the
 * package's online cut-off and whether the estate confirms its bookings itself (the notice above
 * the button and the button's words, app/components/tours/booking-action.ts), and a refused field
 * named in the page's language when the page's own checks let it through (the native readers'
 * N15: "Invalid fields: date" in English under a Chinese page).
 */
import type { FastifyInstance } from "fastify";
import { parse } from "parse5";
import { describe, expect, it } from "vitest";
import { formatEventDate } from "#core/format";
import { languages } from "#core/languages";
import { defaultCutoffHours, tourBookingForm } from "#forms/tour-booking";
import { translator } from "#locales";
import { readSchedule, writeScheduleChange } from "../bookings/schedule";
import { writePackageRules } from "../db/tour-rules";
import { adminTestServer } from "./support/admin";
import { closedAfterEachTest } from "./support/fixtures";
import { attribute, elements, textOf } from "./support/html";

const { apps } = closedAfterEachTest();

async function server() {
  const app = await adminTestServer({}, { now: () => new Date("2027-03-01T09:00:00Z") });
  apps.add(app);
  return app;
}

const availability = async (app: FastifyInstance, pkg: string) =>
  (await app.inject({ method: "GET", url: `/api/tours/availability?package=${pkg}&from=2027-03-29&to=2027-03-29` })).json() as Record<string, unknown>;

describe("the availability answer", () => {
  it("gives the schedule's cut-off, which the form assumes before a time is chosen, and that bookings are confirmed at once", async () => {
    const app = await server();
    expect(readSchedule(app.db).cutoffHours).toBe(defaultCutoffHours);
    for (const pkg of ["hermitage", "mongiron", "both"]) {
      expect(await availability(app, pkg)).toMatchObject({ cutoffHours: defaultCutoffHours, instantConfirm: true });
    }
  });

  it("gives a package's own cut-off, and that the estate confirms a package it vets itself", async () => {
    const app = await server();
    writePackageRules(app.db, [{ package: "mongiron", min_guests: 1, cutoff_hours: 48, horizon_months: null, deposit_percent: 0 }]);
    const schedule = readSchedule(app.db);
    writeScheduleChange(app.db, { kind: "settings", settings: { ...schedule, instantConfirm: { ...schedule.instantConfirm, both: false } } }, new Date());
    app.bookings.schedule.changed();
    const mongiron = await availability(app, "mongiron");
    expect(mongiron).toMatchObject({ cutoffHours: 48, instantConfirm: true });
    expect(Array.isArray(mongiron.slots)).toBe(true);
    expect(await availability(app, "both")).toMatchObject({ cutoffHours: defaultCutoffHours, instantConfirm: false });
    expect(await availability(app, "hermitage")).toMatchObject({ cutoffHours: defaultCutoffHours, instantConfirm: true });
  });
});

describe("a tour booking refused for a field", () => {
  const visitor = { page: "/wine-tours", name: "王小明", email: "wang@example.cn", guests: 2, package: "hermitage" };
  const dateLabel = tourBookingForm.fields.find((field) => field.name === "date")!.label;

  it("names it in the page's language, with the label the form shows, in every language", async () => {
    const app = await server();
    for (const lang of languages) {
      const answer = await app.inject({
        method: "POST",
        url: "/api/tour-bookings",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ ...visitor, language: lang, date: "2031-01-01" }),
      });
      expect(answer.statusCode, lang).toBe(400);
      const { t } = translator(lang);
      expect(answer.json(), lang).toEqual({ error: t("forms.error.fields", { count: 1, fields: t(dateLabel) }), fields: ["date"] });
    }
  });

  it("keeps the API's own words for a body in no language of the site", async () => {
    const app = await server();
    const answer = await app.inject({
      method: "POST",
      url: "/api/tour-bookings",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ ...visitor, language: "de", date: "2031-01-01" }),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ error: "Invalid fields: language, date", fields: ["language", "date"] });
  });
});

describe("the visitor's own pages", () => {
  const json = { "content-type": "application/json" };
  const book = (app: FastifyInstance, lang: string, slot: string, guests: number, extra: Record<string, unknown> = {}) =>
    app.inject({
      method: "POST",
      url: "/api/tour-bookings",
      headers: json,
      payload: JSON.stringify({
        language: lang,
        page: "/wine-tours",
        name: "Sato Hanako",
        email: `sato-${guests}@example.jp`,
        guests,
        package: "hermitage",
        slot,
        ...extra,
      }),
    });

  it("show the booking's own day in the day box when it has no other time, and say the day in the sentence under it (N5)", async () => {
    const app = await server();
    // 29 March 2027: the booking at 10:00, the 15:00 tour full, so that day offers no other time.
    expect((await book(app, "ja", "2027-03-29T10:00:00+02:00", 2)).statusCode).toBe(201);
    expect((await book(app, "ja", "2027-03-29T15:00:00+02:00", 8)).statusCode).toBe(201);
    const token = (app.db.prepare("SELECT manage_token FROM tour_slot_bookings WHERE slot_time = '10:00'").get() as { manage_token: string }).manage_token;
    const page = parse((await app.inject({ method: "GET", url: `/api/tours/booking?token=${token}` })).body);
    const select = [...elements(page)].find((element) => element.nodeName === "select" && attribute(element, "name") === "day")!;
    const options = [...elements(select)].filter((element) => element.nodeName === "option");
    const chosen = options.find((option) => attribute(option, "selected") !== "" || option.attrs.some((attr) => attr.name === "selected"));
    expect(attribute(chosen!, "value")).toBe("2027-03-29");
    const { t } = translator("ja");
    expect(textOf(page)).toContain(t("manage.noTimesThatDay", { date: formatEventDate("2027-03-29", "ja") }));
  });

  it("title a waitlist page by where the visitor stands: on the list, not offered places (N14)", async () => {
    const app = await server();
    expect((await book(app, "fr", "2027-03-29T10:00:00+02:00", 8)).statusCode).toBe(201);
    expect((await book(app, "fr", "2027-03-29T10:00:00+02:00", 2, { waitlist: true })).statusCode).toBe(201);
    const token = (app.db.prepare("SELECT token FROM tour_waitlist").get() as { token: string }).token;
    const page = parse((await app.inject({ method: "GET", url: `/api/tours/waitlist?token=${token}` })).body);
    const { t } = translator("fr");
    const heading = [...elements(page)].find((element) => element.nodeName === "h1")!;
    expect(textOf(heading)).toBe(t("waitlist.titleWaiting"));
    const title = [...elements(page)].find((element) => element.nodeName === "title")!;
    expect(textOf(title)).toMatch(new RegExp(`^${t("waitlist.titleWaiting")} — `));
  });
});

describe("the thank-you e-mail's refusal when booking", () => {
  it("is the form's own box, which the privacy policy and the notice above the button name by its words, in every language", async () => {
    const box = tourBookingForm.fields.find((field) => field.name === "noThanks");
    expect(box?.kind).toBe("checkbox");
    const { content } = await import("#content");
    const section = content.legal.privacy.sections.find((candidate) => candidate.id === "thanks")!;
    for (const lang of languages) {
      const { t } = translator(lang);
      const label = t(box!.label);
      expect(section.body[lang], lang).toContain(label);
      expect(t("wineTours.form.notice.thanks"), lang).not.toBe("");
    }
  });
});
