/**
 * Takings the estate can trust, at the server's level (the real app, SQLite, a local SMTP server
 * and the payment provider's stand-in): the month's report counts each booking's price, the
 * deposits paid online and refunded, what gift vouchers took off and what is left to collect on
 * site, and the vouchers made; the month is the sum of its bookings and of its weeks; the chart
 * (server-drawn SVG) shows the table's numbers; the CSV export has the same columns.
 */
import { parse } from "csv-parse/sync";
import { afterEach, describe, expect, it } from "vitest";
import { content } from "#content";
import { formatPrice } from "#core/format";
import { quoteTour } from "#core/tour-price";
import { adminTranslator } from "#locales/admin";
import { cancelByStaff } from "../bookings/cancel";
import { isoWithOffset } from "../bookings/paris-time";
import { createVoucher } from "../bookings/vouchers";
import { writePackageRules } from "../db/tour-rules";
import { adminTestServer, parseHtml, signedInAdmin, textOf } from "./support/admin";
import { closedAfterEachTest, TestSmtp } from "./support/fixtures";
import { byInject, PaymentProviderStandIn } from "./support/payment-provider";
import { bookedId } from "./support/schedule";
import { mailsTo } from "./support/tour-mail";

const { apps, smtps } = closedAfterEachTest();
const providers = new Set<PaymentProviderStandIn>();
afterEach(async () => {
  await Promise.all([...providers].map((provider) => provider.stop()));
  providers.clear();
});
const en = adminTranslator("en").t;
const admin = { email: "direction@hermitage-lescours.example", password: "the oldest vines face south" };
const euros = (cents: number) => formatPrice(cents / 100, "en");
const said = (body: string) => textOf(parseHtml(body)).replace(/\s+/g, " ");

async function estate() {
  const smtp = new TestSmtp();
  smtps.add(smtp);
  await smtp.start();
  const provider = new PaymentProviderStandIn();
  providers.add(provider);
  await provider.start();
  const clock = { now: Date.parse("2027-03-01T08:00:00Z") };
  const app = await adminTestServer({ SMTP_URL: smtp.url, ...provider.siteEnv }, { now: () => new Date(clock.now) });
  apps.add(app);
  provider.deliver = byInject(app);
  const staff = await signedInAdmin(app, admin, clock.now);
  return { app, provider, clock, staff, smtp };
}

const visitor = (n: number, date: string, extra: Record<string, unknown> = {}) => ({
  language: "fr",
  page: "/fr/wine-tours",
  name: `Visiteur ${n}`,
  email: `v${n}@example.fr`,
  guests: 2,
  package: "hermitage",
  slot: isoWithOffset({ date, time: "10:00" }),
  ...extra,
});

describe("the month's takings", () => {
  it("count prices, deposits, refunds, vouchers and what is left to collect; the month is the sum of its bookings and weeks, drawn and exported alike", async () => {
    const { app, provider, clock, staff } = await estate();
    writePackageRules(app.db, [{ package: "hermitage", min_guests: 1, cutoff_hours: null, horizon_months: null, deposit_percent: 20 }]);
    app.bookings.schedule.changed();
    // A group of six pays its deposit; another group pays one and is then cancelled by the estate (refunded).
    const six = await bookedId(app, visitor(1, "2027-03-06", { guests: 6 }));
    expect((await provider.pay(provider.sessionOf(six)!.id)).status).toBe(200);
    const refunded = await bookedId(app, visitor(2, "2027-03-20"));
    expect((await provider.pay(provider.sessionOf(refunded)!.id)).status).toBe(200);
    await cancelByStaff(app.bookings, refunded, admin.email);
    // A value voucher pays part of a Mongiron tour; a second voucher is made and not yet used.
    const code = createVoucher(app.db, { kind: "value", amountCents: 5000, validUntil: "2027-12-31", note: "" }, "office", new Date(clock.now));
    createVoucher(app.db, { kind: "package", package: "both", guests: 2, validUntil: "2027-12-31", note: "" }, "office", new Date(clock.now));
    const withVoucher = await bookedId(
      app,
      visitor(3, "2027-03-13", { package: "mongiron", slot: isoWithOffset({ date: "2027-03-13", time: "11:30" }), voucher: code }),
    );

    const price = (id: string) => (app.db.prepare("SELECT price_cents AS p FROM tour_slot_bookings WHERE booking_id = ?").get(id) as { p: number }).p;
    const deposit = (id: string) => (app.db.prepare("SELECT amount_cents AS a FROM tour_payments WHERE booking_id = ?").get(id) as { a: number }).a;
    const confirmed = app.db
      .prepare("SELECT sum(price_cents) AS total FROM tour_slot_bookings WHERE status = 'confirmed' AND slot_date LIKE '2027-03-%'")
      .get() as {
      total: number;
    };
    expect(confirmed.total).toBe(price(six) + price(withVoucher));

    const page = await staff.get("/admin/reports?period=month&day=2027-03-06");
    expect(page.statusCode).toBe(200);
    const cell = (column: string) => said(new RegExp(`<div data-column="${column}">([\\s\\S]*?)</div>`).exec(page.body)![1]!);
    expect(cell("revenue")).toContain(euros(confirmed.total));
    expect(cell("deposits")).toContain(euros(deposit(six) + deposit(refunded)));
    expect(cell("refunds")).toContain(euros(deposit(refunded)));
    expect(cell("vouchersRedeemed")).toContain(euros(5000));
    expect(cell("balance")).toContain(euros(price(six) - deposit(six) + price(withVoucher)));
    const both = content.tours.packages.find((tour) => tour.id === "both")!;
    expect(said(page.body)).toContain(en("reports.vouchersSoldLine", { count: 2, amount: euros(5000 + quoteTour(both, 2).totalCents) }));

    // The weeks add up to the month, in the table and in the chart drawn from it.
    const weekRows = [...page.body.matchAll(/<tr data-key="(\d{4}-\d{2}-\d{2})">([\s\S]*?)<\/tr>/g)];
    const weekTakings = weekRows.map((row) => said(/data-column="revenue">([\s\S]*?)<\/td>/.exec(row[2]!)![1]!));
    expect(weekTakings).toContain(euros(price(six)));
    expect(weekTakings).toContain(euros(price(withVoucher)));
    const chart = /<figure class="report-chart"><figcaption id="chart-takings-title">[\s\S]*?<\/figure>/.exec(page.body)![0];
    expect(chart).toContain('role="img"');
    const bars = [...chart.matchAll(/<g data-key="([^"]+)" data-value="(\d+)">/g)].map((bar) => Number(bar[2]));
    expect(bars.reduce((sum, value) => sum + value, 0)).toBe(confirmed.total);
    expect(bars.length).toBeGreaterThanOrEqual(4);

    // The export: the same columns, the totals line first.
    const csv = await staff.get("/admin/reports/export?period=month&day=2027-03-06&format=csv");
    const rows = parse(csv.body.replace(/^\uFEFF/, ""), { delimiter: csv.body.includes(";") ? ";" : "," }) as string[][];
    const header = rows[0]!;
    const column = (id: string) => header.indexOf(en(`reports.column.${id}` as "reports.column.guests"));
    for (const id of ["revenue", "deposits", "refunds", "vouchersRedeemed", "balance"]) expect(column(id), id).toBeGreaterThan(0);
    const totals = rows[1]!;
    expect(Number(totals[column("revenue")])).toBe(confirmed.total / 100);
    expect(Number(totals[column("refunds")])).toBe(deposit(refunded) / 100);
    expect(rows.find((row) => row[0] === en("reports.vouchersSold"))![2]).toBe("2");
  });
});

describe("the year's report", () => {
  it("draws guests and takings per month, the same numbers as its table by month, and the year is the sum of its months", async () => {
    const { app, staff } = await estate();
    const march = [await bookedId(app, visitor(1, "2027-03-06", { guests: 3 })), await bookedId(app, visitor(2, "2027-03-20"))];
    const may = [await bookedId(app, visitor(3, "2027-05-08", { guests: 5 }))];
    const sum = (ids: string[], column: "price_cents" | "guests") =>
      ids.reduce((total, id) => total + (app.db.prepare(`SELECT ${column} AS n FROM tour_slot_bookings WHERE booking_id = ?`).get(id) as { n: number }).n, 0);

    const page = await staff.get("/admin/reports?period=year&day=2027-05-08");
    expect(page.statusCode).toBe(200);
    expect(said(page.body)).toContain(en("reports.byMonth"));
    // The table: one line a month, January to December, keyed by the month's first day.
    const months = [...page.body.matchAll(/<tr data-key="(\d{4}-\d{2}-\d{2})">([\s\S]*?)<\/tr>/g)];
    expect(months.map((row) => row[1])).toEqual(Array.from({ length: 12 }, (_, i) => `2027-${String(i + 1).padStart(2, "0")}-01`));
    const cellOf = (key: string, column: string) =>
      said(new RegExp(`data-column="${column}">([\\s\\S]*?)</td>`).exec(months.find((row) => row[1] === key)![2]!)![1]!);
    expect(cellOf("2027-03-01", "revenue")).toBe(euros(sum(march, "price_cents")));
    expect(cellOf("2027-05-01", "guests")).toBe(String(sum(may, "guests")));
    expect(cellOf("2027-04-01", "revenue")).toBe(euros(0));
    // The charts: a bar a month, each the table's number.
    const figures = [...page.body.matchAll(/<figure class="report-chart"><figcaption id="chart-(\w+)-title">[\s\S]*?<\/figure>/g)];
    const bars = (kind: string) =>
      new Map(
        [...figures.find((figure) => figure[1] === kind)![0].matchAll(/<g data-key="([^"]+)" data-value="(\d+)">/g)].map((bar) => [bar[1]!, Number(bar[2])]),
      );
    expect(bars("takings").size).toBe(12);
    expect(bars("takings").get("2027-03-01")).toBe(sum(march, "price_cents"));
    expect(bars("takings").get("2027-05-01")).toBe(sum(may, "price_cents"));
    expect(bars("guests").get("2027-03-01")).toBe(sum(march, "guests"));
    expect(bars("guests").get("2027-05-01")).toBe(sum(may, "guests"));
    const total = said(/<div data-column="revenue">([\s\S]*?)<\/div>/.exec(page.body)![1]!);
    expect(total).toContain(euros(sum([...march, ...may], "price_cents")));
    // The arrows go a year at a time.
    expect(page.body).toContain('href="/admin/reports?period=year&amp;day=2028-05-08"');
  });
});

describe("a deposit paid online", () => {
  it("is announced to the estate, in the staff's language, with its amount", async () => {
    const { app, provider, smtp } = await estate();
    writePackageRules(app.db, [{ package: "hermitage", min_guests: 1, cutoff_hours: null, horizon_months: null, deposit_percent: 20 }]);
    app.bookings.schedule.changed();
    const id = await bookedId(app, visitor(1, "2027-03-06", { guests: 6 }));
    expect((await provider.pay(provider.sessionOf(id)!.id)).status).toBe(200);
    const amount = (app.db.prepare("SELECT amount_cents AS a FROM tour_payments WHERE booking_id = ?").get(id) as { a: number }).a;
    const fr = adminTranslator("fr").t;
    const notices = await mailsTo(smtp, content.site.contact.email, 2);
    const paid = notices.find((mail) => mail.subject?.startsWith(fr("estateMail.subject.depositPaid")));
    expect(paid, notices.map((mail) => mail.subject).join(" | ")).toBeDefined();
    expect(paid!.text?.replace(/\s+/g, " ")).toContain(
      fr("estateMail.intro.depositConfirmed", { name: "Visiteur 1", amount: formatPrice(amount / 100, "fr") }).replace(/\s+/g, " "),
    );
  });
});
