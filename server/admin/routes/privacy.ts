import type { FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createElement } from "react";
import { z } from "zod";
import { translator } from "#locales";
import { legalFacts } from "#presentation/legal-facts";
import { auditActions, recordAudit } from "../../db/audit";
import { addressDigest, erasePersonalData, findPersonalData } from "../../db/privacy";
import { sendPage, staffForm, staffOf, viewFor, replyContext } from "../context";
import { inboxRoles } from "../roles";
import { personalRecord } from "../personal-export";
import { renderPage } from "../render";
import { PersonalDocument } from "../views/personal-document";
import { PrivacyPage } from "../views/privacy-page";
import { guardedRoutes } from "../staff-guard";

const emailSchema = z.email().max(254);

/**
 * The GDPR tools: find, download and erase everything stored for an address. Each action is
 * logged with the staff member, the time, and the address's keyed digest (never the address
 * itself: after an erasure the log must not keep it, nor let anyone confirm it by hashing it).
 */
export const privacyRoutes = guardedRoutes("privacy", (admin, context) => {
  const render = (request: FastifyRequest, reply: FastifyReply, status: number, props: Partial<Parameters<typeof PrivacyPage>[0]>) =>
    sendPage(
      reply,
      status,
      createElement(PrivacyPage, {
        view: viewFor(context, request, reply),
        email: "",
        found: null,
        erased: null,
        problems: [],
        mailboxes: [context.content.current.site.contact.email, context.content.current.site.contact.tradeEmail],
        ...props,
      }),
    );

  /** The address of the form, or null (answered by `badAddress`). */
  const address = (fields: Record<string, string>): string | null => {
    const parsed = emailSchema.safeParse((fields.email ?? "").trim());
    return parsed.success ? parsed.data : null;
  };
  const badAddress = (request: FastifyRequest, reply: FastifyReply, fields: Record<string, string>) =>
    render(request, reply, 400, { problems: [viewFor(context, request, reply).t("error.email")], email: (fields.email ?? "").slice(0, 254) });
  const log = (request: FastifyRequest, action: string, email: string, detail: Record<string, unknown> = {}) =>
    recordAudit(context.db, { actor: staffOf(request).email, action, detail: { address: addressDigest(context.auditKey(), email), ...detail } }, context.now());

  admin.get("/admin/privacy", { config: inboxRoles }, async (request, reply) => render(request, reply, 200, {}));

  const routes = admin.withTypeProvider<ZodTypeProvider>();
  const schema = { body: staffForm };

  routes.post("/admin/privacy/find", { config: inboxRoles, schema }, async (request, reply) => {
    const email = address(request.body);
    if (!email) return badAddress(request, reply, request.body);
    const found = findPersonalData(context.db, email);
    log(request, auditActions.privacyFind, email, { submissions: found.submissions.length, mails: found.mails.length });
    return render(request, reply, 200, { email, found });
  });

  // What a person can be given: a document to read in their language, or the same record as JSON (./personal-export.ts).
  routes.post("/admin/privacy/export", { config: inboxRoles, schema }, async (request, reply) => {
    const email = address(request.body);
    if (!email) return badAddress(request, reply, request.body);
    const format = request.body.format ?? "document";
    if (format !== "document" && format !== "data") {
      return render(request, reply, 400, { email, problems: [viewFor(context, request, reply).t("error.exportFormat")] });
    }
    const found = findPersonalData(context.db, email);
    const now = context.now();
    const record = personalRecord(found, { ...replyContext(context), controller: (lang) => legalFacts(context.content.current.site, translator(lang).t).legalName }, now);
    log(request, auditActions.privacyExport, email, { format, submissions: found.submissions.length, mails: found.mails.length });
    const day = now.toISOString().slice(0, 10);
    if (format === "data") {
      return reply
        .type("application/json; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="personal-data-${day}.json"`)
        .send(`${JSON.stringify(record, null, 2)}\n`);
    }
    return reply
      .type("text/html; charset=utf-8")
      .header("Content-Disposition", `attachment; filename="personal-data-${day}.html"`)
      .send(renderPage(createElement(PersonalDocument, { record })));
  });

  routes.post("/admin/privacy/erase", { config: inboxRoles, schema }, async (request, reply) => {
    const email = address(request.body);
    if (!email) return badAddress(request, reply, request.body);
    if (request.body.confirm !== "yes") {
      return render(request, reply, 400, { email, found: findPersonalData(context.db, email), problems: [viewFor(context, request, reply).t("error.confirm")] });
    }
    const { walEmptied, ...erased } = await erasePersonalData(context.db, email);
    if (!walEmptied) request.log.warn("admin: an erasure could not empty the write-ahead log now (another process reads the database); the next checkpoint will");
    log(request, auditActions.privacyErase, email, { ...erased });
    return render(request, reply, 200, { erased });
  });
});
