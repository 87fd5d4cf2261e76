import type { FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createElement } from "react";
import { z } from "zod";
import { translator } from "#locales";
import { legalFacts } from "#presentation/legal-facts";
import { erasePerson, exportPerson, findPerson, personalDataOf, type Privacy } from "../../privacy/personal-data";
import { sendPage, staffOf, viewFor, replyContext } from "../shared/context";
import { checkedForm } from "../shared/staff-form";
import { inboxRoles } from "../shared/roles";
import { personalRecord } from "./personal-export";
import { renderPage } from "../shared/render";
import { PersonalDocument } from "./personal-document";
import { PrivacyPage } from "./privacy-page";
import { guardedRoutes } from "../shared/staff-guard";

/** The forms of the page: the address looked for, and what an export or an erasure adds to it. */
const addressForm = z.object({ email: z.string().trim().max(254).pipe(z.email()) });
const exportForm = addressForm.extend({ format: z.enum(["document", "data"]).default("document") });
const eraseForm = addressForm.extend({ confirm: z.literal("yes") });

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
        fieldProblems: {},
        mailboxes: [context.content.current.site.contact.email, context.content.current.site.contact.tradeEmail],
        ...props,
      }),
    );

  /** A refused form: the address named at its field (or the other field's problem), with what was typed. */
  const refused = (
    request: FastifyRequest,
    reply: FastifyReply,
    form: { problems: Partial<Record<string, string>>; typed: Record<string, string> },
    extra: Partial<Parameters<typeof PrivacyPage>[0]> = {},
  ) => {
    const { t } = viewFor(context, request, reply);
    const emailProblem = form.problems.email ? { email: t("error.email") } : {};
    return render(request, reply, 400, { email: (form.typed.email ?? "").slice(0, 254), fieldProblems: emailProblem, ...extra });
  };
  const privacy: Privacy = { ...context.bookings, auditKey: context.auditKey };

  admin.get("/admin/privacy", { config: inboxRoles }, async (request, reply) => render(request, reply, 200, {}));

  const routes = admin.withTypeProvider<ZodTypeProvider>();

  routes.post("/admin/privacy/find", { config: inboxRoles, schema: { body: checkedForm(addressForm, { fallback: "email" }) } }, async (request, reply) => {
    if (!request.body.ok) return refused(request, reply, request.body);
    const { email } = request.body.value;
    const found = await findPerson(privacy, email, staffOf(request).email);
    return render(request, reply, 200, { email, found });
  });

  // What a person can be given: a document to read in their language, or the same record as JSON (./personal-export.ts).
  routes.post("/admin/privacy/export", { config: inboxRoles, schema: { body: checkedForm(exportForm, { fallback: "email" }) } }, async (request, reply) => {
    if (!request.body.ok) {
      const format = request.body.problems.format ? [viewFor(context, request, reply).t("error.exportFormat")] : [];
      return refused(request, reply, request.body, { problems: format });
    }
    const { email, format } = request.body.value;
    const found = await exportPerson(privacy, email, format, staffOf(request).email);
    const now = context.now();
    const record = personalRecord(
      found,
      { ...replyContext(context), controller: (lang) => legalFacts(context.content.current.site, translator(lang).t).legalName },
      now,
    );
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

  routes.post("/admin/privacy/erase", { config: inboxRoles, schema: { body: checkedForm(eraseForm, { fallback: "email" }) } }, async (request, reply) => {
    if (!request.body.ok) {
      // An address without the confirmation's tick: the step shown again, with what it would erase.
      const typedAddress = addressForm.safeParse(request.body.typed);
      if (request.body.problems.email || !typedAddress.success) return refused(request, reply, request.body);
      return render(request, reply, 400, {
        email: typedAddress.data.email,
        found: personalDataOf(context.bookings, typedAddress.data.email),
        problems: [viewFor(context, request, reply).t("error.confirm")],
      });
    }
    const { email } = request.body.value;
    const { erased, walEmptied } = await erasePerson(privacy, email, staffOf(request).email);
    if (!walEmptied)
      request.log.warn("admin: an erasure could not empty the write-ahead log now (another process reads the database); the next checkpoint will");
    return render(request, reply, 200, { erased });
  });
});
