/**
 * The staff's side of the tours' experiences, on the real server in English and French: the
 * guests the estate knows (one record per address across bookings and requests, visits and
 * no-shows from the check-in, tags and notes shown on the booking's page and the day sheet,
 * erased with the person), gift vouchers made from the staff area, each package's options, and
 * the reports by day, week and month with their CSV and Excel exports.
 */
import ExcelJS from "exceljs";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { adminTranslator } from "#locales/admin";
import { isoWithOffset } from "../../../bookings/paris-time";
import { adminTestServer, attribute, elements, parseHtml, signedInAdmin, textOf } from "../../../__tests__/support/admin";
import { closedAfterEachTest, tourNameOf } from "../../../__tests__/support/fixtures";
import { refusedFields, shownValue } from "../../../__tests__/support/refused-form";
import { availableSlots, bookTour } from "../../../__tests__/support/schedule";
import { cancelByStaff } from "../../../bookings/cancel";
import { markAttendance } from "../../../bookings/check-in";

const { apps } = closedAfterEachTest();
const en = adminTranslator("en").t;
const fr = adminTranslator("fr").t;
const admin = { email: "direction@hermitage-lescours.example", password: "the oldest vines face south" };
const said = (body: string) => textOf(parseHtml(body)).replace(/\s+/g, " ");
const saturday = "2027-03-06";
const at = (time: string, date = saturday) => isoWithOffset({ date, time });

async function estate() {
  const clock = { now: Date.parse("2027-03-01T09:00:00Z") };
  const app = await adminTestServer({}, { now: () => new Date(clock.now) });
  apps.add(app);
  const staff = await signedInAdmin(app, admin, clock.now);
  // The day of the visits: a session does not last from Monday to Saturday, so the office signs in again.
  const saturdayMorning = async () => {
    // 10:05 in Paris: the 10:00 tours have started, so their no-shows can be marked.
    clock.now = Date.parse("2027-03-06T09:05:00Z");
    return signedInAdmin(app, { ...admin, email: `guide-${clock.now}@hermitage-lescours.example` }, clock.now);
  };
  return { app, staff, clock, saturdayMorning };
}

const wang = { language: "zh", page: "/zh/wine-tours", name: "王小明", email: "Wang@Example.cn", phone: "+86 21 5555 0000", guests: 2, package: "hermitage" };
const emily = {
  language: "en",
  page: "/wine-tours",
  name: "Emily Clarke",
  email: "emily@example.co.uk",
  phone: "+44 20 7946 0000",
  guests: 3,
  package: "hermitage",
};

describe("guests the estate knows", () => {
  it("are one record per address across bookings and requests, with visits and no-shows from the check-in, tags and notes on every booking and the day sheet, and are erased with the person", async () => {
    const { app, saturdayMorning } = await estate();
    const first = (await bookTour(app, { ...wang, slot: at("10:00") })).json().id as string;
    const second = (await bookTour(app, { ...wang, email: "wang@example.cn", package: "both", slot: at("14:00") })).json().id as string;
    const request = (await bookTour(app, { ...wang, slot: "" })).json().id as string;
    const other = (await bookTour(app, { ...emily, slot: at("10:00") })).json().id as string;
    const staff = await saturdayMorning();
    await markAttendance(app.bookings, first, "arrived", admin.email);
    await markAttendance(app.bookings, second, "arrived", admin.email);
    await markAttendance(app.bookings, other, "no-show", admin.email);

    // The record, from any of the three: two visits, the three bookings and requests, the country from the phone.
    const record = await staff.get(`/admin/guests/${request}`);
    expect(record.statusCode).toBe(200);
    expect(said(record.body)).toContain(en("guest.attendance", { visits: 2, noShows: 0 }));
    expect(record.body.match(/href="\/admin\/submissions\/tour-bookings\//g)).toHaveLength(3);
    expect(said(record.body)).toContain("China");
    // The tags offered as boxes suggest nothing about health, in either language: an allergy is
    // health data (GDPR art. 9), never prompted by the form (the privacy policy's guest records).
    const health = /allerg|health|diet|disab|santé|régime|handicap/i;
    const boxLabels = (body: string) =>
      [...elements(parseHtml(body))]
        .filter(
          (element) =>
            element.tagName === "label" &&
            [...elements(element)].some((one) => attribute(one, "type") === "checkbox" && attribute(one, "name")?.startsWith("tag-")),
        )
        .map((label) => textOf(label).trim());
    expect(boxLabels(record.body).length).toBeGreaterThan(0);
    for (const label of boxLabels(record.body)) expect(label).not.toMatch(health);
    // Tags (two suggested, one typed) and a note, refused first with a tag too long and kept as typed.
    const refused = await staff.post(`/admin/guests/${first}`, { "tag-VIP": "yes", otherTags: "x".repeat(40), notes: "Allergic to nuts" });
    expect(refused.statusCode).toBe(400);
    expect(said(refused.body)).toContain(en("guest.error.tags", { count: 12, length: 30 }));
    expect(refused.body).toContain("Allergic to nuts");
    // Named at its field, the form kept as typed.
    expect(refusedFields(refused.body)).toEqual({ otherTags: en("guest.error.tags", { count: 12, length: 30 }) });
    expect(["tag-VIP", "tag-trade", "otherTags", "notes"].map((name) => shownValue(refused.body, name))).toEqual([
      "yes",
      "",
      "x".repeat(40),
      "Allergic to nuts",
    ]);
    // In French, a country the list does not offer, and thirteen tags.
    await staff.post("/admin/language", { lang: "fr", back: `/admin/guests/${first}` });
    const thirteen = Array.from({ length: 13 }, (_, i) => `tag ${i}`).join(", ");
    for (const label of boxLabels((await staff.get(`/admin/guests/${first}`)).body)) expect(label).not.toMatch(health);
    const refusé = await staff.post(`/admin/guests/${first}`, { otherTags: thirteen, notes: "Allergique aux noix", country: "" });
    expect(refusé.statusCode).toBe(400);
    expect(refusedFields(refusé.body)).toEqual({ otherTags: fr("guest.error.tags", { count: 12, length: 30 }) });
    const country = await staff.post(`/admin/guests/${first}`, { otherTags: "", notes: "Allergique aux noix", country: "XK" });
    expect(refusedFields(country.body)).toEqual({ country: fr("guest.error.country") });
    expect(shownValue(country.body, "notes")).toBe("Allergique aux noix");
    await staff.post("/admin/language", { lang: "en", back: `/admin/guests/${first}` });
    const saved = await staff.post(`/admin/guests/${first}`, {
      "tag-VIP": "yes",
      "tag-trade": "yes",
      otherTags: "Collector, vip",
      notes: "Allergic to nuts",
      country: "",
    });
    expect(saved.statusCode).toBe(303);
    const again = await staff.get(saved.headers.location as string);
    expect(said(again.body)).toContain(en("guest.saved"));
    for (const tag of [en("guest.tagShort.VIP"), en("guest.tagShort.trade"), "Collector"]) expect(again.body).toContain(`<span class="tag">${tag}</span>`);
    // On each booking's page, and on the day sheet beside the name.
    const page = await staff.get(`/admin/submissions/tour-bookings/${second}`);
    expect(said(page.body)).toContain(en("guest.attendance", { visits: 2, noShows: 0 }));
    expect(page.body).toContain(`<span class="tag">VIP</span>`);
    expect(said(page.body)).toContain("Allergic to nuts");
    const sheet = await staff.get(`/admin/calendar/sheet?day=${saturday}`);
    const wangRow = /<tr[^>]*>(?:(?!<\/tr>)[\s\S])*王小明(?:(?!<\/tr>)[\s\S])*<\/tr>/.exec(sheet.body)![0];
    expect(wangRow).toContain(`<span class="tag">VIP</span>`);
    expect(said(wangRow)).toContain(en("guest.attendance", { visits: 2, noShows: 0 }));
    expect(said(sheet.body)).toContain(en("guest.attendance", { visits: 0, noShows: 1 }));
    // The guests' list finds them by name.
    expect(said((await staff.get("/admin/guests?q=%E7%8E%8B")).body)).toContain("王小明");
    expect(said((await staff.get("/admin/guests?q=%E7%8E%8B")).body)).not.toContain("Emily");

    // Erased with the person: nothing left of the record.
    expect((await staff.post("/admin/privacy/erase", { email: "wang@example.cn", confirm: "yes" })).statusCode).toBe(200);
    expect(app.db.prepare("SELECT count(*) AS n FROM tour_guests").get()).toEqual({ n: 0 });
    expect((await staff.get(`/admin/guests/${first}`)).statusCode).toBe(404);
  });
});

describe("gift vouchers from the staff area", () => {
  it("are made with a code to give, listed, and shown as used once a booking redeemed them", async () => {
    const { app, staff } = await estate();
    const bad = await staff.post("/admin/vouchers", { kind: "value", amount: "abc", validUntil: "2027-12-31", note: "" });
    expect(bad.statusCode).toBe(400);
    expect(said(bad.body)).toContain(en("vouchers.error.amount"));
    // Named at its field, the rest kept as typed.
    const controls = [...elements(parseHtml(bad.body))].filter((element) => element.tagName === "input");
    const amount = controls.find((element) => attribute(element, "name") === "amount")!;
    expect(attribute(amount, "aria-invalid")).toBe("true");
    expect(attribute(amount, "value")).toBe("abc");
    expect(controls.filter((element) => attribute(element, "aria-invalid") === "true").map((element) => attribute(element, "name"))).toEqual(["amount"]);
    expect(
      attribute(
        controls.find((element) => attribute(element, "name") === "validUntil")!,
        "value",
      ),
    ).toBe("2027-12-31");
    const made = await staff.post("/admin/vouchers", { kind: "value", amount: "49,50", validUntil: "2027-12-31", note: "Noël — M. Durand" });
    expect(made.statusCode).toBe(303);
    const code = /created=([A-Z0-9-]+)/.exec(made.headers.location as string)![1]!;
    const list = await staff.get(made.headers.location as string);
    expect(said(list.body)).toContain(code);
    expect(said(list.body)).toContain("€49.50");
    const booked = await bookTour(app, { ...emily, slot: at("15:00"), voucher: code } as never);
    expect(booked.statusCode).toBe(201);
    const after = await staff.get("/admin/vouchers");
    expect(after.body).toContain(`href="/admin/submissions/tour-bookings/${booked.json().id as string}"`);
    const page = await staff.get(`/admin/submissions/tour-bookings/${booked.json().id as string}`);
    expect(said(page.body)).toContain(en("experience.voucherTaken", { code, amount: "€49.50" }));
  });
});

describe("each package's options", () => {
  it("are saved from their page and apply to new bookings at once; a wrong number is named and nothing is saved", async () => {
    const { app, staff } = await estate();
    const form = {
      "hermitage-minGuests": "1",
      "hermitage-cutoffHours": "",
      "hermitage-horizonMonths": "",
      "hermitage-depositPercent": "0",
      "mongiron-minGuests": "1",
      "mongiron-cutoffHours": "",
      "mongiron-horizonMonths": "",
      "mongiron-depositPercent": "0",
      "both-minGuests": "1",
      "both-cutoffHours": "",
      "both-horizonMonths": "",
      "both-depositPercent": "0",
      afterVisitMail: "on",
    };
    const bad = await staff.post("/admin/experiences", { ...form, "mongiron-minGuests": "0", "both-cutoffHours": "12" });
    expect(bad.statusCode).toBe(400);
    expect(said(bad.body)).toContain(en("experiences.error", { tour: "Château Mongiron tour", field: en("experiences.minGuests"), min: 1, max: 50 }));
    // Named at its field, the form kept as typed.
    expect(refusedFields(bad.body)).toEqual({
      "mongiron-minGuests": en("experiences.error", { tour: "Château Mongiron tour", field: en("experiences.minGuests"), min: 1, max: 50 }),
    });
    expect(["mongiron-minGuests", "both-cutoffHours", "afterVisitMail"].map((name) => shownValue(bad.body, name))).toEqual(["0", "12", "on"]);
    // And in French.
    await staff.post("/admin/language", { lang: "fr", back: "/admin/experiences" });
    const refusé = await staff.post("/admin/experiences", { ...form, "both-depositPercent": "150", "hermitage-horizonMonths": "dix" });
    expect(refusedFields(refusé.body)).toEqual({
      "hermitage-horizonMonths": fr("experiences.error", { tour: tourNameOf("hermitage", "fr"), field: fr("experiences.horizonLabel"), min: 1, max: 36 }),
      "both-depositPercent": fr("experiences.error", { tour: tourNameOf("both", "fr"), field: fr("experiences.depositPercent"), min: 0, max: 100 }),
    });
    expect(shownValue(refusé.body, "hermitage-horizonMonths")).toBe("dix");
    await staff.post("/admin/language", { lang: "en", back: "/admin/experiences" });
    const saved = await staff.post("/admin/experiences", { ...form, "hermitage-cutoffHours": "168" });
    expect(saved.statusCode).toBe(303);
    expect(await availableSlots(app, "hermitage", saturday)).toEqual([]);
    expect((await staff.get("/admin/audit")).body).toContain(en("action.experiencesChanged"));
  });
});

describe("reports", () => {
  it("count a month's guests by week, package, language and country, no-shows and cancellations, on the page and in the CSV and Excel exports", async () => {
    const { app, saturdayMorning } = await estate();
    const a = (await bookTour(app, { ...wang, slot: at("10:00") })).json().id as string;
    const b = (await bookTour(app, { ...emily, slot: at("10:00") })).json().id as string;
    const c = (await bookTour(app, { ...emily, email: "tom@example.co.uk", guests: 4, slot: at("15:00") })).json().id as string;
    await bookTour(app, { ...wang, email: "li@example.cn", package: "mongiron", slot: at("11:30", "2027-03-20") });
    await bookTour(app, { ...emily, email: "april@example.co.uk", slot: at("10:00", "2027-04-03") });
    await cancelByStaff(app.bookings, c, admin.email);
    const staff = await saturdayMorning();
    await markAttendance(app.bookings, a, "arrived", admin.email);
    await markAttendance(app.bookings, b, "no-show", admin.email);
    const page = await staff.get(`/admin/reports?period=month&day=${saturday}`);
    expect(page.statusCode).toBe(200);
    const cell = (column: string) => said(new RegExp(`<div data-column="${column}">([\\s\\S]*?)</div>`).exec(page.body)![1]!);
    expect(cell("bookings")).toContain("3");
    expect(cell("guests")).toContain("7");
    expect(cell("visitors")).toContain("2");
    expect(cell("noShows")).toContain(en("reports.withPeople", { count: 1, people: 3 }));
    expect(cell("cancellations")).toContain(en("reports.withPeople", { count: 1, people: 4 }));
    expect(said(page.body)).toContain("United Kingdom");
    // The same in French, as an Excel French opens it (semicolons), and as a workbook.
    await staff.post("/admin/language", { lang: "fr", back: "/admin/reports" });
    const csv = await staff.get(`/admin/reports/export?period=month&day=${saturday}&format=csv`);
    expect(csv.headers["content-type"]).toContain("text/csv");
    const rows = parse(csv.body.replace(/^\uFEFF/, ""), { delimiter: ";" }) as string[][];
    expect(rows[0]).toEqual([
      fr("reports.column.table"),
      fr("reports.column.line"),
      ...["bookings", "guests", "visitors", "noShows", "cancellations", "revenue", "deposits", "refunds", "vouchersRedeemed", "balance"].map((column) =>
        fr(`reports.column.${column}` as "reports.column.guests"),
      ),
    ]);
    expect(rows[1]!.slice(2, 7)).toEqual(["3", "7", "2", "1", "1"]);
    expect(rows.find((row) => row[0] === fr("reports.byLanguage") && row[1] === "chinois")!.slice(2, 4)).toEqual(["2", "4"]);
    const xlsx = await staff.get(`/admin/reports/export?period=month&day=${saturday}&format=xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(xlsx.rawPayload).buffer);
    const sheet = workbook.worksheets[0]!;
    expect([2, 3, 4, 5, 6].map((column) => sheet.getRow(2).getCell(column + 1).value)).toEqual([3, 7, 2, 1, 1]);
  });
});
