import { execFile } from "node:child_process";
import { promisify } from "node:util";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import { formDefinitions, formKinds, type AnyFormInput, type FormKind } from "#forms/definitions";
import { formPath } from "#forms/fields";
import { content } from "#content";
import { jsonLdScript } from "../../pipeline/structured-data";
import { exportColumns, readSubmissions, toCsv } from "../db/export";
import { composeNotification, type MailContext } from "../mail/compose";
import { adminTranslator } from "#locales/admin";
import { columnMessage, noticeMessages, serverForms } from "../forms";
import { compiledCommand } from "../../e2e/support/server";
import { buildTestServer, dataDirOf, parseMail, staffReadIn, testMailContext, TestSmtp, validPayloads, waitFor } from "./support/fixtures";
import { databaseEnv } from "./support/test-database";

const { site } = content;

/**
 * Hostile values in form fields end up in three places outside the site: the estate's
 * notification e-mails, the CSV export opened in a spreadsheet, and (for content) the JSON-LD in
 * page heads. None of them may become a header, markup, a formula or a script.
 */

const hostile = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "Eve\r\nBcc: victim@evil.example",
      "Eve\nTo: victim@evil.example",
      "x\rSubject: hijacked",
      "\r\n\r\n<html><script>alert(1)</script></html>",
      "=cmd|' /C calc'!A0",
      '=HYPERLINK("http://evil.example","click")',
      "+33 6 00 00 00 00",
      "-2+3",
      "@SUM(A1:A9)",
      "\t=1+1",
      "\r=1+1",
      '"quoted", with, commas',
      "line one\nline two\r\nline three",
      "</script><script>alert(1)</script>",
      "<!--<script>",
      "\u2028\u2029",
      "\u0000\u0007\u001b[31m",
      "=?utf-8?b?QmNjOiB4QGV2aWwuZXhhbXBsZQ==?=",
      "Content-Type: text/html",
      "MIME-Version: 1.0",
    ),
  },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme-ascii", maxLength: 60 }) },
);

/** What a spreadsheet may run as a formula: `=`, `+`, `-`, `@`, tab, CR, and their full-width forms (Apple Numbers folds them). */
const formulaStart = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

describe("notification e-mails with hostile values", () => {
  const context: MailContext = testMailContext("en");
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const { t } = adminTranslator("en");
  // Every one-line field of every form, under the label the staff area gives it.
  const labels = [
    ...new Set(Object.values(formDefinitions).flatMap((form) => form.fields.filter((field) => field.kind !== "text").map((field) => field.name))),
  ].map((name) => escape(t(columnMessage(name))));
  const intros = formKinds.map((kind) => escape(t(noticeMessages(kind).intro)));
  /** The subject's first word for the forms `kinds`: what came in. */
  const subjectWords = (kinds: readonly FormKind[]) => kinds.map((kind) => escape(t(noticeMessages(kind).subject))).join("|");
  const signature = [context.estateNames.en, context.address.en, context.estatePhone, context.estateEmail, context.siteUrl].map(escape);
  const fixedLine = new RegExp(
    `^(${intros.join("|")}|Open it in the inbox \\(after signing in\\):|https://www\\.hermitage-lescours\\.example/admin/submissions/[a-z-]+/[0-9a-f-]{36}|(${labels.join("|")}): .*|Language: [A-Z][a-z]+|Page: .*|(Received|Confirmed): [A-Z][a-z]{2} \\d{1,2} [A-Z][a-z]{2} \\d{4}, \\d{2}:\\d{2} \\(Paris time\\)|Reference: [0-9a-f-]{36}|Reply to this e-mail to write to the visitor directly\\.|${signature.join("|")}|)$`,
  );

  it("keeps every one-line field on its line, the subject on one line and the recipients free of visitor text", () => {
    const kinds = Object.keys(formDefinitions) as FormKind[];
    fc.assert(
      fc.property(
        fc.constantFrom(...kinds),
        fc.dictionary(
          fc.constantFrom("name", "email", "phone", "subject", "companyName", "contactName", "country", "website", "experience", "marketSize", "page"),
          hostile,
        ),
        (kind, values) => {
          // The message is the one multi-line field: left out here so that every line must be one of ours.
          // Hostile values where the schema would have cleaned them: the mail must hold its lines by itself.
          const fields: Record<string, unknown> = { ...validPayloads[kind], ...values, message: undefined };
          const input: AnyFormInput = Object.assign({}, validPayloads[kind] as AnyFormInput, values, { message: undefined });
          const id = "0123abcd-0000-4000-8000-000000000000";
          const mail = composeNotification(kind, id, input, "2027-01-01T10:00:00.000Z", context);
          expect(mail.to).toBe(serverForms[kind].notice.to === "trade" ? site.contact.tradeEmail : site.contact.email);
          // The subject names the person (the one thing typed there), on one line and cut short, then the day.
          expect(mail.subject).toMatch(
            new RegExp(
              `^(${subjectWords(formKinds)}) · [^\u0000-\u001f\u007f-\u009f\u2028\u2029]{0,60} · (received )?[A-Z][a-z]{2} \\d{1,2} [A-Z][a-z]{2}( \\d{2}:\\d{2})?$`,
            ),
          );
          expect(mail.headers).toEqual({});
          // eslint-disable-next-line no-control-regex
          expect(mail.replyTo ?? "").not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
          expect(mail.text).not.toMatch(/\r/);
          for (const line of mail.text.split("\n")) expect(line, JSON.stringify(line)).toMatch(fixedLine);
          // The HTML part holds the same values escaped: none of them opens an element of its own.
          expect(mail.html).not.toMatch(/<(script|img src=x|iframe)/i);
          // One line per filled field: no value added a line of its own.
          const filled = formDefinitions[kind].fields.filter(({ name }) => name !== "message" && String(fields[name] ?? "") !== "");
          expect(mail.text.split("\n").filter((line) => labels.some((label) => line.startsWith(`${label}: `))).length).toBe(filled.length);
        },
      ),
      { numRuns: 1500 },
    );
  });

  describe("through the API, nodemailer and a real SMTP server", () => {
    let smtp: TestSmtp;
    let app: FastifyInstance;
    beforeAll(async () => {
      smtp = new TestSmtp();
      await smtp.start();
      app = await buildTestServer({ SMTP_URL: smtp.url, RATE_LIMIT_MAX: "0", MAIL_RETRY_BASE_MS: "100", MAIL_RETRY_MAX_MS: "200" });
      staffReadIn(app, "en");
    });
    afterAll(async () => {
      await app.close();
      await smtp.stop();
    });

    it("sends the text and HTML parts with only our headers, to the estate (or its trade address) only, whatever the fields hold", async () => {
      const accepted: string[] = [];
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom("tourBooking", "contactMessage", "importerApplication") as fc.Arbitrary<FormKind>,
          hostile,
          hostile,
          hostile,
          async (kind, a, b, message) => {
            const body: Record<string, unknown> = { ...(validPayloads[kind] as Record<string, unknown>), message: `x${message}` };
            for (const [field, value] of [
              ["name", a],
              ["contactName", a],
              ["companyName", b],
              ["subject", b],
              ["country", b],
            ] as const)
              if (field in body) body[field] = `x${value}`;
            const response = await app.inject({
              method: "POST",
              url: formPath(formDefinitions[kind]),
              headers: { "content-type": "application/json" },
              payload: JSON.stringify(body),
            });
            if (response.statusCode === 201) accepted.push((response.json() as { id: string }).id);
            else expect(response.statusCode).toBe(400);
          },
        ),
        { numRuns: 60 },
      );
      expect(accepted.length).toBeGreaterThan(20);
      // A tour request also acknowledges it to the visitor (validPayloads' address), which repeats nothing they typed.
      const toEstate = () => smtp.received.filter((received) => received.to.some((to) => to === site.contact.email || to === site.contact.tradeEmail));
      await waitFor(() => toEstate().length >= accepted.length, `${accepted.length} notifications`);
      const allowedHeaders = new Set(["from", "to", "reply-to", "subject", "message-id", "date", "mime-version", "content-type", "content-transfer-encoding"]);
      for (const received of toEstate()) {
        const mail = parseMail(received.raw);
        // An importer's application goes to the trade address, everything else to the estate's.
        const estate = mail.text.includes("/admin/submissions/importer-applications/") ? site.contact.tradeEmail : site.contact.email;
        expect(received.to).toEqual([estate]);
        expect(mail.headers.map(([name]) => name).filter((name) => !allowedHeaders.has(name))).toEqual([]);
        expect(mail.headers.filter(([name]) => name === "to")).toEqual([["to", estate]]);
        // Our parts only: the text, the HTML beside it, the logo it names; whatever the body quotes.
        expect(mail.header("content-type")).toMatch(/^multipart\/(alternative|related|mixed); boundary=/);
        expect(mail.parts.map((part) => part.type)).toEqual(["text/plain", "text/html", "image/png"]);
        // The subject is the one header with visitor text (the name, on one line): the rest of the head holds none.
        const head = received.raw.slice(0, received.raw.indexOf("\r\n\r\n")).replace(/^Subject:.*(\r\n[ \t].*)*/im, "");
        expect(head).not.toMatch(/evil\.example/i);
        expect(mail.header("subject")).toMatch(
          new RegExp(
            `^(${subjectWords(formKinds.filter((kind) => serverForms[kind].notice.sent === "onArrival"))}) · x[^\u0000-\u001f\u007f-\u009f\u2028\u2029]{0,59} · (received )?[A-Z][a-z]{2} \\d{1,2} [A-Z][a-z]{2}( \\d{2}:\\d{2})?$`,
          ),
        );
        expect(accepted.some((id) => mail.text.includes(`Reference: ${id}`))).toBe(true);
      }
    }, 60_000);

    it("refuses an address that tries to add a recipient, and mails nothing for it", async () => {
      // The earlier tests' mails delivered first, so that the count is this test's alone.
      await app.mailSender!.idle();
      const before = smtp.received.length;
      for (const email of [
        "a@example.org\r\nBcc: victim@evil.example",
        "a@example.org, victim@evil.example",
        '"a\r\nBcc: x"@example.org',
        "a@example.org>\r\nRCPT TO:<victim@evil.example",
      ]) {
        for (const kind of ["newsletterSignup", "contactMessage"] as const) {
          const response = await app.inject({
            method: "POST",
            url: formPath(formDefinitions[kind]),
            headers: { "content-type": "application/json" },
            payload: JSON.stringify({ ...validPayloads[kind], email }),
          });
          expect(response.statusCode, `${kind} ${JSON.stringify(email)}`).toBe(400);
        }
      }
      await app.mailSender!.idle();
      expect(smtp.received.length).toBe(before);
    });
  });
});

describe("the CSV export with hostile values", () => {
  it("keeps every record on its row, quotes what needs quoting, and defuses every formula", () => {
    const columns = ["id", "name", "message", "phone"];
    fc.assert(
      fc.property(fc.array(fc.tuple(hostile, hostile, hostile), { minLength: 1, maxLength: 8 }), (values) => {
        const rows = values.map(([name, message, phone], i) => ({ id: `row-${i}`, name, message, phone }));
        const parsed = parse(toCsv(columns, rows)) as string[][];
        expect(parsed.length).toBe(rows.length + 1);
        expect(parsed[0]).toEqual(columns);
        parsed.slice(1).forEach((cells, i) => {
          expect(cells.length).toBe(columns.length);
          expect(cells[0]).toBe(`row-${i}`);
          for (const [c, cell] of cells.entries()) {
            expect(cell, JSON.stringify(cell)).not.toMatch(formulaStart);
            const original = String(rows[i]![columns[c] as keyof (typeof rows)[number]]);
            // What the estate reads is what was sent, with at most a leading quote added.
            expect(cell === original || (cell === `'${original}` && formulaStart.test(original))).toBe(true);
          }
        });
      }),
      { numRuns: 2000 },
    );
  });

  it("holds for submissions stored through the API and exported by `npm run submissions`", async () => {
    const app = await buildTestServer({ RATE_LIMIT_MAX: "0" });
    const dataDir = dataDirOf(app);
    const sent: Record<string, string>[] = [];
    const samples = fc.sample(fc.tuple(hostile, hostile, hostile), { numRuns: 40, seed: 8 });
    for (const [name, subject, message] of samples) {
      const body = { ...validPayloads.contactMessage, name: `${name}`.trim() || "=x", subject: `${subject}`, message: `${message}`.trim() || "-1" };
      const response = await app.inject({
        method: "POST",
        url: "/api/contact-messages",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify(body),
      });
      if (response.statusCode === 201) sent.push({ id: (response.json() as { id: string }).id });
    }
    expect(sent.length).toBeGreaterThan(20);
    const stored = readSubmissions(app.db, formDefinitions.contactMessage);
    await app.close();

    // Waits for the command's exit, however long a busy machine takes (no kill timer).
    const run = await promisify(execFile)(process.execPath, [compiledCommand("submissions"), "export", "contact-messages"], {
      env: { ...process.env, ...databaseEnv(dataDir) },
      encoding: "utf8",
      maxBuffer: 16 * 1024 * 1024,
    });
    const rows = parse(run.stdout) as string[][];
    const columns = exportColumns(formDefinitions.contactMessage);
    expect(rows[0]).toEqual(columns);
    expect(rows.length).toBe(stored.length + 1);
    for (const [r, cells] of rows.slice(1).entries()) {
      expect(cells.length).toBe(columns.length);
      for (const [c, cell] of cells.entries()) {
        expect(cell, `${columns[c]}: ${JSON.stringify(cell)}`).not.toMatch(formulaStart);
        const value = stored[r]![columns[c]!];
        const original = value === null || value === undefined ? "" : String(value);
        expect(cell === original || cell === `'${original}`).toBe(true);
      }
    }
  });
});

describe("JSON-LD in page heads with hostile content", () => {
  it("cannot close its script element, and reads back as the same data", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 8 }), hostile, { maxKeys: 5 }), hostile, (data, name) => {
        const object = { "@context": "https://schema.org", "@type": "Product", name, ...data };
        const tag = jsonLdScript(object);
        const match = /^<script type="application\/ld\+json">([^<]*)<\/script>$/.exec(tag);
        expect(match, tag).not.toBeNull();
        expect(JSON.parse(match![1]!)).toEqual(JSON.parse(JSON.stringify(object)));
      }),
      { numRuns: 2000 },
    );
  });
});
