/**
 * The inbox's exports as a spreadsheet opens them: a UTF-8 byte-order mark,
 * the separator the staff member's Excel expects, phone numbers as text, the estate's clock,
 * names instead of codes, status and date filters, and an Excel workbook read back with exceljs.
 */
import ExcelJS from "exceljs";
import { parse } from "csv-parse/sync";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { signedInStaff } from "../../../__tests__/support/admin";
import { refusedFields, shownValue } from "../../../__tests__/support/refused-form";
import { closedAfterEachTest, validPayloads } from "../../../__tests__/support/fixtures";
import { isoWithOffset, localOf } from "../../../bookings/paris-time";
import { adminTranslator } from "#locales/admin";

const email = "anne@hermitage-lescours.example";
const password = "a long and unusual passphrase";
const { apps } = closedAfterEachTest();

const signedIn = () => signedInStaff(apps, email, password);

async function submit(app: FastifyInstance, slug: string, payload: object): Promise<string> {
  const answer = await app.inject({ method: "POST", url: `/api/${slug}`, headers: { "content-type": "application/json" }, payload: JSON.stringify(payload) });
  expect(answer.statusCode).toBe(201);
  return answer.json<{ id: string }>().id;
}

/** Moves a submission's arrival to `at` (the form's table and the inbox alike). */
function receivedAt(app: FastifyInstance, table: string, id: string, at: string) {
  app.db.prepare(`UPDATE ${table} SET received_at = ? WHERE id = ?`).run(at, id);
  app.db.prepare("UPDATE inbox SET received_at = ? WHERE submission_id = ?").run(at, id);
}

const booking = { ...validPayloads.tourBooking, name: "Élodie Lefèvre-Dupré", phone: "+44 20 7946 0958", message: '=HYPERLINK("http://evil.example","clic")' };
const chinese = {
  ...validPayloads.tourBooking,
  language: "zh",
  page: "/zh/wine-tours",
  name: "王小明",
  email: "wang@example.cn",
  phone: "021 5555 0000",
  package: "hermitage",
  message: "我们想参观酒庄。",
};

/** Two bookings: one in July (summer time), one just after midnight in Paris on 6 December (still the 5th in UTC). */
async function twoBookings(app: FastifyInstance) {
  // The first guest ticked the form's box that refuses the thank-you e-mail.
  const first = await submit(app, "tour-bookings", { ...booking, noThanks: true });
  receivedAt(app, "tour_bookings", first, "2026-07-14T09:30:00.000Z");
  const second = await submit(app, "tour-bookings", chinese);
  receivedAt(app, "tour_bookings", second, "2026-12-05T23:30:00.000Z");
  return { first, second };
}

const csvRows = (body: string, delimiter: string) => parse(body.replace(/^\uFEFF/, ""), { delimiter, relax_column_count: false }) as string[][];

describe("CSV export", () => {
  it("starts with a byte-order mark, uses the semicolon in French, names columns, tours, languages and statuses, and shows Paris time", async () => {
    const { app, client } = await signedIn();
    const { first } = await twoBookings(app);
    await client.get("/admin");
    const csv = await client.post("/admin/export", { type: "tour-bookings", format: "csv" }, { "accept-language": "fr" });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.body.startsWith("\uFEFF")).toBe(true);
    const [header, summer, winter] = csvRows(csv.body, ";");
    expect(header).toEqual([
      "Référence",
      "Reçu le",
      "Langue",
      "Envoyé depuis la page",
      "Nom",
      "E-mail",
      "Téléphone",
      "Personnes",
      "Date souhaitée",
      "Visite",
      "Message",
      "Pas d’e-mail de remerciement",
      "Statut",
      "Suivi par",
      "Jour de la visite",
      "Heure de la visite (Paris)",
      "Statut de la visite",
      "Accueil",
      "Notes",
    ]);
    expect(summer).toEqual([
      first,
      "2026-07-14 11:30",
      "français",
      "/fr/wine-tours",
      "Élodie Lefèvre-Dupré",
      "camille@example.org",
      '="+44 20 7946 0958"',
      "4",
      validPayloads.tourBooking.date,
      "Visite des deux châteaux",
      '\'=HYPERLINK("http://evil.example","clic")',
      "Oui",
      "Nouvelle",
      // Not assigned, no tour time yet (a request), so nothing after the status.
      "",
      "",
      "",
      "",
      "",
      "",
    ]);
    expect(winter!.slice(1, 3)).toEqual(["2026-12-06 00:30", "chinois"]);
    expect(winter![4]).toBe("王小明");
    expect(winter![6]).toBe('="021 5555 0000"');
    expect(winter![10]).toBe("我们想参观酒庄。");
  });

  it("uses the comma in English, or the separator chosen", async () => {
    const { app, client } = await signedIn();
    await twoBookings(app);
    await client.get("/admin");
    const english = await client.post("/admin/export", { type: "tour-bookings", format: "csv" }, { "accept-language": "en" });
    const [header, summer] = csvRows(english.body, ",");
    expect(header!.slice(0, 3)).toEqual(["Reference", "Received", "Language"]);
    expect(summer!.slice(2, 3)).toEqual(["French"]);
    expect(summer![9]).toBe("Both châteaux tour");
    expect(summer![11]).toBe("Yes");
    expect(summer![12]).toBe("New");
    const chosen = await client.post("/admin/export", { type: "tour-bookings", format: "csv", separator: "semicolon" }, { "accept-language": "en" });
    expect(csvRows(chosen.body, ";")[0]![0]).toBe("Reference");
    expect((await client.post("/admin/export", { type: "tour-bookings", format: "csv", separator: "tab" })).statusCode).toBe(400);
  });

  it("defuses every cell a spreadsheet would run as a formula, the phone column included", async () => {
    const { app, client } = await signedIn();
    const id = await submit(app, "contact-messages", {
      ...validPayloads.contactMessage,
      name: "+cmd|' /C calc'!A0",
      subject: "@SUM(1+1)",
      message: "-2+3",
      phone: "+33 5 57 00 00 00",
    });
    // A phone number stored before the form checked its shape: not a phone number, so not written as one.
    app.db.prepare("UPDATE contact_messages SET phone = ? WHERE id = ?").run('=1+1"&"x', id);
    await client.get("/admin");
    const csv = await client.post("/admin/export", { type: "contact-messages", format: "csv", separator: "comma" });
    const [, row] = csvRows(csv.body, ",");
    expect(row![4]).toBe("'+cmd|' /C calc'!A0");
    expect(row![6]).toBe('\'=1+1"&"x');
    expect(row![7]).toBe("'@SUM(1+1)");
    expect(row![8]).toBe("'-2+3");
  });

  it("narrows to a status and to days received on the estate's clock, and refuses what it cannot read", async () => {
    const { app, client } = await signedIn();
    const { first, second } = await twoBookings(app);
    app.db.prepare("UPDATE inbox SET status = 'confirmed' WHERE submission_id = ?").run(first);
    await client.get("/admin");
    const ids = async (fields: Record<string, string>) => {
      const csv = await client.post("/admin/export", { type: "tour-bookings", format: "csv", separator: "comma", ...fields });
      expect(csv.statusCode).toBe(200);
      return csvRows(csv.body, ",")
        .slice(1)
        .map((row) => row[0]);
    };
    expect(await ids({})).toEqual([first, second]);
    expect(await ids({ status: "confirmed" })).toEqual([first]);
    expect(await ids({ status: "new" })).toEqual([second]);
    // 23:30 UTC on 5 December is 00:30 on the 6th in Paris.
    expect(await ids({ from: "2026-12-06" })).toEqual([second]);
    expect(await ids({ to: "2026-12-05" })).toEqual([first]);
    expect(await ids({ from: "2026-07-14", to: "2026-07-14" })).toEqual([first]);
    for (const fields of [{ status: "answered" }, { from: "2026-02-30" }, { to: "tomorrow" }] as Record<string, string>[]) {
      const refused = await client.post("/admin/export", { type: "tour-bookings", format: "csv", ...fields });
      expect(refused.statusCode).toBe(400);
      expect(refused.headers["content-type"]).toBe("text/html; charset=utf-8");
    }
  });

  it("names a refused field of the export form at that field, in French, with the form as it was sent", async () => {
    const { client } = await signedIn();
    const fr = adminTranslator("fr").t;
    await client.get("/admin");
    await client.post("/admin/language", { lang: "fr", back: "/admin" });
    const refused = (html: string) => refusedFields(html, "/admin/export");
    const typedIn = (html: string, name: string) => shownValue(html, name, "/admin/export");

    const wrongDay = await client.post("/admin/export", { type: "contact-messages", status: "archived", from: "2026-02-30", to: "tomorrow", format: "csv" });
    expect(wrongDay.statusCode).toBe(400);
    expect(refused(wrongDay.body)).toEqual({ from: fr("inbox.export.error.day"), to: fr("inbox.export.error.day") });
    expect(["type", "status", "from", "to", "format"].map((name) => typedIn(wrongDay.body, name))).toEqual([
      "contact-messages",
      "archived",
      "2026-02-30",
      "tomorrow",
      "csv",
    ]);

    // A status the chosen form's submissions never have, and a format that is not offered.
    const wrongStatus = await client.post("/admin/export", { type: "contact-messages", status: "confirmed", format: "csv" });
    expect(refused(wrongStatus.body)).toEqual({ status: fr("inbox.export.error.status") });
    const wrongFormat = await client.post("/admin/export", { type: "tour-bookings", format: "xls", separator: "tab" });
    expect(wrongFormat.statusCode).toBe(400);
    expect(refused(wrongFormat.body)).toEqual({ format: fr("inbox.export.error.format"), separator: fr("inbox.export.error.separator") });
  });
});

describe("Excel export", () => {
  it("is a workbook that reads back with accents and CJK intact, phone numbers as text, times as Paris dates", async () => {
    const { app, client } = await signedIn();
    const { first, second } = await twoBookings(app);
    await client.get("/admin");
    const answer = await client.post("/admin/export", { type: "tour-bookings", format: "xlsx" }, { "accept-language": "en" });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(answer.headers["content-disposition"]).toMatch(/^attachment; filename="tour-bookings-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(answer.rawPayload).buffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe("Tour booking");
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    expect(values(1)).toEqual([
      "Reference",
      "Received",
      "Language",
      "Sent from page",
      "Name",
      "E-mail",
      "Phone",
      "Guests",
      "Preferred date",
      "Tour",
      "Message",
      "No thank-you e-mail",
      "Status",
      "Followed by",
      "Tour day",
      "Tour time (Paris)",
      "Visit status",
      "Check-in",
      "Notes",
    ]);
    const summer = values(2);
    expect(summer[0]).toBe(first);
    // Excel has no time zones: the cell holds the wall-clock time in Paris.
    expect(summer[1]).toEqual(new Date("2026-07-14T11:30:00.000Z"));
    expect(sheet.getRow(2).getCell(2).numFmt).toBe("yyyy-mm-dd hh:mm");
    expect(summer.slice(2, 8)).toEqual(["French", "/fr/wine-tours", "Élodie Lefèvre-Dupré", "camille@example.org", "+44 20 7946 0958", 4]);
    // The wished day is a date cell too, not text.
    expect(summer[8]).toEqual(new Date(`${validPayloads.tourBooking.date}T00:00:00.000Z`));
    expect(sheet.getRow(2).getCell(9).numFmt).toBe("yyyy-mm-dd");
    // A text cell is never a formula in a workbook: the message is kept as typed, with no quote.
    expect(summer[10]).toBe('=HYPERLINK("http://evil.example","clic")');
    expect(sheet.getRow(2).getCell(11).type).toBe(ExcelJS.ValueType.String);
    const winter = values(3);
    expect(winter[0]).toBe(second);
    expect(winter[1]).toEqual(new Date("2026-12-06T00:30:00.000Z"));
    expect(winter.slice(2, 7)).toEqual(["Chinese", "/zh/wine-tours", "王小明", "wang@example.cn", "021 5555 0000"]);
    expect(winter[10]).toBe("我们想参观酒庄。");
    // Left unticked: an empty cell.
    expect(winter[11]).toBeUndefined();
    expect(summer[11]).toBe("Yes");
    expect(winter[12]).toBe("New");
  });
});

describe("a booking's tour time in the exports", () => {
  it("gives the tour's day as a date cell and its time, status, check-in, colleague and notes, in CSV and in the workbook", async () => {
    const { app, client } = await signedIn();
    const id = await submit(app, "tour-bookings", {
      ...booking,
      package: "hermitage",
      guests: 3,
      slot: isoWithOffset({ date: validPayloads.tourBooking.date, time: "15:00" }),
    });
    // Its day comes: a guest is marked arrived only from the tour's day on (server/bookings/check-in.ts).
    const day = localOf(new Date()).date;
    app.db.prepare("UPDATE tour_slot_bookings SET slot_date = ? WHERE booking_id = ?").run(day, id);
    const page = `/admin/submissions/tour-bookings/${id}`;
    await client.get(page);
    expect((await client.post(`${page}/note`, { note: "Végétarien, arrive en vélo" })).statusCode).toBe(303);
    const me = app.db.prepare("SELECT id FROM staff WHERE email = ?").get(email) as { id: number };
    expect((await client.post(`${page}/assign`, { staff: String(me.id) })).statusCode).toBe(303);
    expect((await client.post(`${page}/slot/arrived`, {})).statusCode).toBe(303);
    const csv = await client.post("/admin/export", { type: "tour-bookings", format: "csv" }, { "accept-language": "fr" });
    const [header, row] = csvRows(csv.body, ";");
    const cell = (name: string) => row![header!.indexOf(name)];
    const fr = adminTranslator("fr").t;
    expect(
      [fr("field.status"), fr("field.assignee"), fr("field.tourDay"), fr("field.tourTime"), fr("field.tourStatus"), fr("field.checkIn"), fr("field.notes")].map(
        cell,
      ),
    ).toEqual([fr("status.confirmed"), email, day, "15\u00a0h", fr("slot.status.confirmed"), fr("checkIn.arrived"), "Végétarien, arrive en vélo"]);
    const answer = await client.post("/admin/export", { type: "tour-bookings", format: "xlsx" }, { "accept-language": "en" });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(answer.rawPayload).buffer);
    const sheet = workbook.worksheets[0]!;
    const titles = (sheet.getRow(1).values as unknown[]).slice(1);
    const column = (name: string) => titles.indexOf(name) + 1;
    expect(sheet.getRow(2).getCell(column("Tour day")).value).toEqual(new Date(`${day}T00:00:00.000Z`));
    expect(sheet.getRow(2).getCell(column("Tour day")).numFmt).toBe("yyyy-mm-dd");
    expect(sheet.getRow(2).getCell(column("Tour time (Paris)")).value).toBe("15:00");
    expect(sheet.getRow(2).getCell(column("Check-in")).value).toBe("Arrived");
  });
});

describe("a message's notes in the exports", () => {
  it("gives the staff's notes of a contact message, oldest first, in CSV and in JSON", async () => {
    const { app, client } = await signedIn();
    const id = await submit(app, "contact-messages", validPayloads.contactMessage);
    const other = await submit(app, "contact-messages", { ...validPayloads.contactMessage, email: "other@example.com" });
    const page = `/admin/submissions/contact-messages/${id}`;
    await client.get(page);
    expect((await client.post(`${page}/note`, { note: "Rappeler lundi" })).statusCode).toBe(303);
    expect((await client.post(`${page}/note`, { note: "Villa : du 3 au 10 août, 6 personnes" })).statusCode).toBe(303);
    const csv = await client.post("/admin/export", { type: "contact-messages", format: "csv" }, { "accept-language": "fr" });
    const [header, ...rows] = csvRows(csv.body, ";");
    const notes = header!.indexOf(adminTranslator("fr").t("field.notes"));
    expect(notes).toBeGreaterThanOrEqual(0);
    const byId = new Map(rows.map((row) => [row[header!.indexOf(adminTranslator("fr").t("field.id"))], row[notes]]));
    expect(byId.get(id)).toBe("Rappeler lundi\nVilla : du 3 au 10 août, 6 personnes");
    expect(byId.get(other)).toBe("");
    const json = await client.post("/admin/export", { type: "contact-messages", format: "json" });
    const stored = JSON.parse(json.body) as { id: string; notes: string[] }[];
    expect(stored.find((row) => row.id === id)?.notes).toEqual(["Rappeler lundi", "Villa : du 3 au 10 août, 6 personnes"]);
    expect(stored.find((row) => row.id === other)?.notes).toEqual([]);
  });
});
