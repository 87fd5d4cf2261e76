/**
 * The audit log reads in the staff member's language (issue 49.8; the native readers' FN9 of 29
 * November 2026): every action the log records has its words in English and French (no raw key
 * such as « action.newsletterSent »), and who did it and what it concerns are words, not the
 * stored values (« le prestataire de paiement », « Bon cadeau … », « Planning des visites »).
 */
import { describe, expect, it } from "vitest";
import { adminCatalog, adminTranslator, type AdminMessageId } from "#locales/admin";
import { auditActions, commandLineActor, paymentProviderActor, recordAudit, visitorActor } from "../../../db/audit";
import { addStaff, adminTestServer, StaffClient } from "../../../__tests__/support/admin";
import { closedAfterEachTest } from "../../../__tests__/support/fixtures";

const { apps } = closedAfterEachTest();
const email = "anne@hermitage-lescours.example";
const password = "a long and unusual passphrase";
/** Text as React writes it into a page. */
const html = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]!);

describe("the audit log", () => {
  it("has words for every action it records, in English and in French", () => {
    for (const lang of ["en", "fr"] as const) {
      const missing = Object.keys(auditActions).filter((key) => adminCatalog(lang)[`action.${key}`] === undefined);
      expect(missing, lang).toEqual([]);
    }
  });

  it("shows in French who did each thing and what it concerns, in words", async () => {
    const app = await adminTestServer();
    apps.add(app);
    await addStaff(app, email, password);
    const now = new Date();
    const entries = [
      { actor: paymentProviderActor, action: auditActions.depositPaid, target: { type: "tour-bookings", id: "0123abcd-0000-4000-8000-000000000000" } },
      { actor: commandLineActor, action: auditActions.staffAdded, target: { type: "staff", id: "you@example.org" } },
      { actor: visitorActor, action: auditActions.slotCancelledByVisitor },
      { actor: email, action: auditActions.voucherCreated, target: { type: "voucher", id: "KBJM-W8K8-FVDU" } },
      { actor: email, action: auditActions.scheduleChanged, target: { type: "schedule", id: "tours" } },
      { actor: email, action: auditActions.newsletterSent, target: { type: "newsletter", id: "1" } },
      { actor: email, action: auditActions.newsletterTest, target: { type: "newsletter", id: "1" } },
      { actor: email, action: auditActions.contentSaved, target: { type: "content:tours", id: "tours" } },
    ];
    for (const entry of entries) recordAudit(app.db, entry, now);
    const client = new StaffClient(app);
    expect((await client.signIn(email, password)).statusCode).toBe(303);
    await client.post("/admin/language", { lang: "fr", back: "/admin/audit" });
    const page = (await client.get("/admin/audit")).body;
    const fr = adminTranslator("fr").t;
    const said: [AdminMessageId, Record<string, string>?][] = [
      ["audit.actor.paymentProvider"],
      ["audit.actor.commandLine"],
      ["history.byVisitor"],
      ["action.newsletterSent"],
      ["action.newsletterTest"],
      ["audit.target.staff", { email: "you@example.org" }],
      ["audit.target.voucher", { code: "KBJM-W8K8-FVDU" }],
      ["audit.target.schedule"],
      ["audit.target.newsletter", { number: "1" }],
      ["audit.target.content", { type: fr("content.type.tours"), id: "tours" }],
    ];
    for (const [id, values] of said) expect(page, id).toContain(html(fr(id, values)));
    // Nothing of the stored values shows as it is stored.
    for (const raw of [
      "action.",
      "payment provider",
      "command line",
      ">visitor<",
      "schedule tours",
      "voucher KBJM",
      "staff you@",
      "newsletter 1",
      "content:tours",
    ])
      expect(page, raw).not.toContain(raw);
  });
});
