/**
 * Cancellations and moves the estate decides, at the server's level: the staff give a reason (a
 * ready one and words of their own), and each guest's e-mail, in their language, says the estate
 * cancelled or moved the visit, apologises, gives the reason, and says what happens to a deposit
 * or a gift voucher; never "as you asked". A change the guest asked for by phone reads as theirs.
 */
import { describe, expect, it } from "vitest";
import { translator } from "#locales";
import { adminTranslator } from "#locales/admin";
import { isoWithOffset } from "../bookings/paris-time";
import { createVoucher } from "../bookings/vouchers";
import { adminTestServer, signedInAdmin } from "./support/admin";
import { closedAfterEachTest, TestSmtp } from "./support/fixtures";
import { bookedId } from "./support/schedule";
import { mailsTo } from "./support/tour-mail";

const { apps, smtps } = closedAfterEachTest();
const admin = { email: "direction@hermitage-lescours.example", password: "the oldest vines face south" };
/** Saturday 6 March 2027; the server's clock is the Monday before. */
const saturday = "2027-03-06";
const at = (time: string) => isoWithOffset({ date: saturday, time });
const fr = translator("fr").t;
const zh = translator("zh").t;

async function estate() {
  const smtp = new TestSmtp();
  smtps.add(smtp);
  await smtp.start();
  const clock = { now: Date.parse("2027-03-01T09:00:00Z") };
  const app = await adminTestServer({ SMTP_URL: smtp.url }, { now: () => new Date(clock.now) });
  apps.add(app);
  const staff = await signedInAdmin(app, admin, clock.now);
  return { app, smtp, staff, clock };
}

const visitor = (name: string, email: string, language: string, extra: Record<string, unknown> = {}) => ({
  language,
  page: language === "en" ? "/wine-tours" : `/${language}/wine-tours`,
  name,
  email,
  guests: 2,
  package: "hermitage",
  slot: at("10:00"),
  ...extra,
});

/** The visitor's mail's text, its line breaks and runs of spaces folded (the no-break spaces of French kept, as the catalogs write them). */
const textOfMail = (mail: { text?: string | undefined } | undefined) => (mail?.text ?? "").replace(/[ \t\r\n]+/g, " ");

describe("a cancellation from a booking's page", () => {
  it("made by the estate: the guest is told the estate cancelled, why, sorry, and that their voucher is valid again", async () => {
    const { app, smtp, staff, clock } = await estate();
    const code = createVoucher(app.db, { kind: "value", amountCents: 5000, validUntil: "2027-12-31", note: "" }, "office", new Date(clock.now));
    const id = await bookedId(app, visitor("Isabelle Petit", "isabelle@example.fr", "fr", { voucher: code }));
    const page = `/admin/submissions/tour-bookings/${id}`;
    // The page asks why, with the ready reasons and a line to type.
    const form = (await staff.get(page)).body;
    expect(form).toContain('name="whyPreset"');
    expect(form).toContain('name="whyNote"');
    const cancelled = await staff.post(`${page}/slot/cancel`, {
      sure: "yes",
      whyPreset: "privateEvent",
      whyNote: "Nous serions ravis de vous accueillir un autre samedi.",
    });
    expect(cancelled.statusCode).toBe(303);
    const [, mail] = await mailsTo(smtp, "isabelle@example.fr", 2);
    const text = textOfMail(mail);
    expect(text).toContain(fr("tourMail.estateCancelledIntro"));
    expect(text).toContain(fr("tourMail.estateReason.privateEvent"));
    expect(text).toContain("Nous serions ravis de vous accueillir un autre samedi.");
    expect(text).toContain(fr("tourMail.voucherBack", { code }));
    expect(text).not.toContain(fr("tourMail.cancelledIntro"));
    // The history keeps the reason.
    const audit = app.db.prepare("SELECT detail FROM audit_log WHERE action = 'booking.slot-cancelled'").get() as { detail: string };
    expect(JSON.parse(audit.detail)).toMatchObject({ why: "privateEvent", note: "Nous serions ravis de vous accueillir un autre samedi." });
  });

  it("asked by the guest on the phone: told as their own cancellation", async () => {
    const { app, smtp, staff } = await estate();
    const id = await bookedId(app, visitor("Jean Dupont", "jean@example.fr", "fr"));
    await staff.post(`/admin/submissions/tour-bookings/${id}/slot/cancel`, { sure: "yes", whyPreset: "guestAsked", whyNote: "" });
    const [, mail] = await mailsTo(smtp, "jean@example.fr", 2);
    expect(textOfMail(mail)).toContain(fr("tourMail.cancelledIntro"));
    expect(textOfMail(mail)).not.toContain(fr("tourMail.estateCancelledIntro"));
  });
});

describe("a closure the estate makes", () => {
  it("mails each guest in their language: the estate cancelled or moved the visit, sorry, and why", async () => {
    const { app, smtp, staff } = await estate();
    const wang = await bookedId(app, visitor("王小明", "wang@example.cn", "zh"));
    const ana = await bookedId(app, visitor("Ana López", "ana@example.es", "es", { slot: at("15:00") }));
    const asked = await staff.post("/admin/schedule/closures", { firstDay: saturday, lastDay: "", note: "Mariage privé" });
    expect(asked.statusCode).toBe(200);
    // The warning asks the reason for all of them, among the estate's own (not "the guest asked").
    expect(asked.body).toContain('name="whyPreset"');
    expect(asked.body).not.toContain('value="guestAsked"');
    const fields = Object.fromEntries(
      [...asked.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map((match) => [match[1]!, match[2]!.replaceAll("&amp;", "&")]),
    );
    const nextDay = `move:${isoWithOffset({ date: "2027-03-07", time: "10:00" })}`;
    expect(asked.body).toContain(`value="${nextDay}"`);
    const done = await staff.post("/admin/schedule/closures", {
      ...fields,
      [`decision-${wang}`]: "cancel",
      [`decision-${ana}`]: nextDay,
      whyPreset: "privateEvent",
      whyNote: "",
    });
    expect(done.statusCode).toBe(303);
    const [, wangMail] = await mailsTo(smtp, "wang@example.cn", 2);
    expect(textOfMail(wangMail)).toContain(zh("tourMail.estateCancelledIntro"));
    expect(textOfMail(wangMail)).toContain(zh("tourMail.estateReason.privateEvent"));
    expect(textOfMail(wangMail)).not.toContain(zh("tourMail.cancelledIntro"));
    const es = translator("es").t;
    const [, anaMail] = await mailsTo(smtp, "ana@example.es", 2);
    expect(textOfMail(anaMail)).toContain(es("tourMail.estateMovedIntro"));
    expect(textOfMail(anaMail)).toContain(es("tourMail.estateReason.privateEvent"));
    expect(textOfMail(anaMail)).not.toContain(es("tourMail.movedIntro"));
  });
});

/** A warning page's form as the browser sends it untouched: its hidden fields, and each select's chosen option. */
function formAsShown(body: string): Record<string, string> {
  const unescape = (text: string) => text.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'");
  const fields = Object.fromEntries(
    [...body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map((match) => [match[1]!, unescape(match[2]!)]),
  );
  for (const select of body.matchAll(/<select name="([^"]+)"[^>]*>([\s\S]*?)<\/select>/g)) {
    const options = [...select[2]!.matchAll(/<option([^>]*)>/g)].map((option) => option[1]!);
    const chosen = options.find((option) => /selected/.test(option)) ?? options[0]!;
    fields[select[1]!] = unescape(/value="([^"]*)"/.exec(chosen)![1]!);
  }
  return fields;
}

describe("one date's time moved in one step", () => {
  it("proposes the new time to each booking, moves them with the estate's mail, and says what it did", async () => {
    const { app, smtp, staff } = await estate();
    const jean = await bookedId(app, visitor("Jean Dupont", "jean@example.fr", "fr", { guests: 4 }));
    const emily = await bookedId(app, visitor("Emily Clarke", "emily@example.co.uk", "en", { guests: 3 }));
    const move = { day: saturday, package: "hermitage", kind: "moved", time: "10:00", newTime: "10:30", dateNote: "" };
    // The same time is not a move: refused, naming the field.
    const same = await staff.post("/admin/schedule/dates", { ...move, newTime: "10:00" });
    expect(same.statusCode).toBe(400);
    expect(same.body.replace(/\s+/g, " ")).toContain(adminTranslator("en").t("schedule.error.dateNewTime"));
    const asked = await staff.post("/admin/schedule/dates", move);
    expect(asked.statusCode).toBe(200);
    const fields = formAsShown(asked.body);
    const to1030 = `move:${at("10:30")}`;
    expect([fields[`decision-${jean}`], fields[`decision-${emily}`]]).toEqual([to1030, to1030]);
    const done = await staff.post("/admin/schedule/dates", { ...fields, whyPreset: "guide" });
    expect(done.statusCode).toBe(303);
    const location = done.headers.location as string;
    expect(location).toMatch(/^\/admin\/schedule\?done=dateMoved&moved=2&cancelled=0&kept=0&mails=\d+$/);
    const en = adminTranslator("en").t;
    const mails = Number(new URLSearchParams(location.split("?")[1]).get("mails"));
    expect(mails).toBeGreaterThanOrEqual(2);
    const page = (await staff.get(location)).body.replace(/\s+/g, " ");
    expect(page).toContain(en("schedule.summary", { moved: 2, cancelled: 0, kept: 0, mails }));
    // Both at 10:30 now, and 10:00 no longer runs that day.
    const times = app.db.prepare("SELECT DISTINCT slot_time AS time FROM tour_slot_bookings WHERE status = 'confirmed'").all();
    expect(times).toEqual([{ time: "10:30" }]);
    const [, jeanMail] = await mailsTo(smtp, "jean@example.fr", 2);
    expect(textOfMail(jeanMail)).toContain(fr("tourMail.estateMovedIntro"));
    expect(textOfMail(jeanMail)).toContain(fr("tourMail.estateReason.guide"));
  });
});
