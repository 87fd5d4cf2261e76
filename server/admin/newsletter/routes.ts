import type { FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createElement } from "react";
import { z } from "zod";
import { isLanguage, type Language } from "#core/languages";
import { apiPaths } from "#core/paths";
import type { AdminMessageId } from "#locales/admin";
import { auditActions, recordAudit } from "../../db/audit";
import type { NewsletterContent, NewsletterTable } from "../../db/newsletter";
import { renderMail } from "../../mail/layout";
import { mailLogo, type InlineImage } from "../../mail/logo";
import { composeNewsletterTest, newsletterDocument, newsletterFacts, readingLanguage } from "../../mail/newsletter";
import { queryText, sendPage, staffOf, viewFor, type AdminContext } from "../shared/context";
import type { NewsletterDispatch } from "./dispatch";
import { emptyIssue, issueForm, issueProblems, sendingProblems, typedIssue, type IssueProblem } from "./issue";
import { buttonForm, checkedForm, staffFormLimit } from "../shared/staff-form";
import { mailPreviewPolicy } from "../shared/framed-policies";
import { contentRoles } from "../shared/roles";
import { guardedRoutes } from "../shared/staff-guard";
import { NewsletterIssuePage, NewsletterListPage, NewsletterSendPage } from "./newsletter-pages";
import { NotFoundPage } from "../shared/error-pages";

/** What the newsletter's routes share: its table, the dispatcher that sends, and the relay's pace. */
export interface NewsletterDesk {
  table: NewsletterTable;
  dispatch: NewsletterDispatch;
  ratePerMinute: number;
}

/** The notices a redirect after an action names (`?done=saved`). */
const notices: Record<string, AdminMessageId> = {
  saved: "newsletter.done.saved",
  tested: "newsletter.done.tested",
  sending: "newsletter.done.sending",
};

/**
 * An issue's HTML part as the staff's preview frame shows it: the logo, which the e-mail carries
 * attached (`cid:`), as data; the picture from this server, the one subscribers' mail programs
 * fetch; links opening outside the frame.
 */
function mailForFrame(html: string, logo: InlineImage, siteUrl: string): string {
  const origin = new URL(siteUrl).origin;
  return (
    html
      .replaceAll(`cid:${logo.cid}`, `data:${logo.contentType};base64,${logo.content.toString("base64")}`)
      // In its src, and in the preload link React writes for it in the head.
      .replaceAll(`"${origin}${apiPaths.newsletterPictures}/`, `"${apiPaths.newsletterPictures}/`)
      .replace("<head>", '<head><base target="_blank"/>')
  );
}

const issueParams = z.object({ id: z.string().regex(/^\d{1,9}$/) });

/** The sending's confirmation: its box ticked, else the page again, saying so. */
const sendForm = checkedForm(z.object({ confirm: z.literal("yes") }), { fallback: "confirm" });
const issueQuery = z.object({ done: queryText, preview: queryText });

/**
 * The newsletter (`/admin/newsletter`, the content editor's roles): issues composed in five
 * languages with a picture and links to wines and tours, a preview of the e-mail in any language,
 * a test to oneself, then the sending to every confirmed subscriber (./newsletter/dispatch.ts),
 * and each issue's counts: sent, failed, unsubscribed since.
 */
export const newsletterRoutes = guardedRoutes<AdminContext & { desk: NewsletterDesk }>("newsletter", (admin, context) => {
  const { desk } = context;
  const routes = admin.withTypeProvider<ZodTypeProvider>();
  const { table, dispatch } = desk;
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    sendPage(reply, 404, createElement(NotFoundPage, { view: viewFor(context, request, reply) }));
  const now = () => context.now().toISOString();
  const mailConfigured = context.config.SMTP_URL !== undefined;
  /** The estate's facts and the wines and tours, as the live content says them at this moment. */
  const facts = () => newsletterFacts(context.content, context.config.SITE_URL);

  routes.get("/admin/newsletter", { config: contentRoles, schema: { querystring: issueQuery } }, async (request, reply) =>
    sendPage(
      reply,
      200,
      createElement(NewsletterListPage, {
        view: viewFor(context, request, reply),
        issues: table.list().map((issue) => ({ issue, counts: table.counts(issue.id) })),
        subscribers: table.subscribersByLanguage(),
        mailConfigured,
      }),
    ),
  );

  /** A new draft, and its form. */
  routes.post("/admin/newsletter", { config: contentRoles, schema: { body: buttonForm({}) } }, async (request, reply) => {
    const id = table.create(emptyIssue(), staffOf(request).email, now());
    return reply.redirect(`/admin/newsletter/${id}`, 303);
  });

  /** The e-mail a subscriber of `lang` would get, as the issue page shows it: its subject, its HTML part in a frame, its text part. */
  const mailPreview = (draft: NewsletterContent, lang: Language, id: number) => {
    const reading = readingLanguage(draft, lang);
    const document = newsletterDocument(draft, reading, facts(), null);
    return { lang, reading, subject: document.subject, text: renderMail(document).text, frame: `/admin/newsletter/${id}/mail?lang=${lang}` };
  };
  let logo: Promise<InlineImage> | null = null;

  const issuePage = (
    request: FastifyRequest,
    reply: FastifyReply,
    id: number,
    extra: { draft?: NewsletterContent; problems?: IssueProblem[]; status?: number; done?: string; preview?: string },
  ) => {
    const issue = table.get(id);
    if (!issue) return notFound(request, reply);
    const view = viewFor(context, request, reply);
    const draft = extra.draft ?? issue.content;
    const previewLang = extra.preview !== undefined && isLanguage(extra.preview) ? extra.preview : null;
    const done = extra.done !== undefined && Object.hasOwn(notices, extra.done) ? notices[extra.done] : undefined;
    return sendPage(
      reply,
      extra.status ?? 200,
      createElement(NewsletterIssuePage, {
        view,
        issue: { ...issue, content: draft },
        problems: extra.problems ?? [],
        notice: done ? view.t(done) : null,
        counts: table.counts(id),
        preview: previewLang ? mailPreview(draft, previewLang, id) : null,
        mailConfigured,
        catalogue: context.content.current,
        scenes: context.content.scenes(),
      }),
    );
  };

  routes.get("/admin/newsletter/:id", { config: contentRoles, schema: { params: issueParams, querystring: issueQuery } }, async (request, reply) =>
    issuePage(request, reply, Number(request.params.id), { done: request.query.done, preview: request.query.preview }),
  );

  /** The HTML part of the issue as saved, in a language, for the preview's frame. */
  routes.get(
    "/admin/newsletter/:id/mail",
    { config: contentRoles, schema: { params: issueParams, querystring: z.object({ lang: queryText }) } },
    async (request, reply) => {
      const issue = table.get(Number(request.params.id));
      const lang = request.query.lang;
      if (!issue || lang === undefined || !isLanguage(lang)) return notFound(request, reply);
      const { html } = renderMail(newsletterDocument(issue.content, readingLanguage(issue.content, lang), facts(), null));
      logo ??= mailLogo();
      return reply
        .type("text/html; charset=utf-8")
        .header("Content-Security-Policy", mailPreviewPolicy)
        .header("X-Frame-Options", "SAMEORIGIN")
        .send(mailForFrame(html, await logo, context.config.SITE_URL));
    },
  );

  /**
   * The draft's form: saved, then per its button previewed, tested (an e-mail to the staff member,
   * in the language chosen) or taken to the sending's confirmation. A refused form comes back with
   * what was typed and each problem at its field.
   */
  const sources = { catalogue: () => context.content.current, isScene: (scene: string) => context.content.scenePicture(scene) !== null };
  const composed = issueForm(sources);
  routes.post(
    "/admin/newsletter/:id",
    // Field names are made per language, wine and tour; a text refused as too long comes back whole.
    {
      config: contentRoles,
      schema: { params: issueParams, body: checkedForm<typeof composed, string>(composed, { fallback: "picture", typedMax: staffFormLimit }) },
    },
    async (request, reply) => {
      const id = Number(request.params.id);
      const issue = table.get(id);
      if (!issue) return notFound(request, reply);
      if (issue.status !== "draft") return reply.redirect(`/admin/newsletter/${id}`, 303);
      if (!request.body.ok) {
        // What was typed comes back, with each problem at its field.
        const draft = typedIssue(request.body.typed, sources);
        return issuePage(request, reply, id, { draft, problems: issueProblems(request.body.problems), status: 400 });
      }
      const { draft, op, previewLang = viewFor(context, request, reply).lang } = request.body.value;
      if (!table.update(id, draft, now())) return reply.redirect(`/admin/newsletter/${id}`, 303);
      switch (op) {
        case "preview":
          return reply.redirect(`/admin/newsletter/${id}?preview=${previewLang}#preview`, 303);
        case "test": {
          const problems = sendingProblems(draft);
          if (problems.length > 0) return issuePage(request, reply, id, { draft, problems, status: 400 });
          const staff = staffOf(request).email;
          table.queueTest(id, composeNewsletterTest(draft, previewLang, staff, facts()), now());
          context.kickMail();
          recordAudit(
            context.db,
            { actor: staff, action: auditActions.newsletterTest, target: { type: "newsletter", id: String(id) }, detail: { language: previewLang } },
            context.now(),
          );
          return reply.redirect(`/admin/newsletter/${id}?done=tested&preview=${previewLang}`, 303);
        }
        case "review": {
          const problems = sendingProblems(draft);
          if (problems.length > 0) return issuePage(request, reply, id, { draft, problems, status: 400 });
          return reply.redirect(`/admin/newsletter/${id}/send`, 303);
        }
        case "save":
          return reply.redirect(`/admin/newsletter/${id}?done=saved`, 303);
      }
    },
  );

  /** Before sending: how many subscribers, in which languages, and who gets the English version. */
  routes.get("/admin/newsletter/:id/send", { config: contentRoles, schema: { params: issueParams } }, async (request, reply) => {
    const issue = table.get(Number(request.params.id));
    if (!issue) return notFound(request, reply);
    if (issue.status !== "draft") return reply.redirect(`/admin/newsletter/${issue.id}`, 303);
    return sendPage(
      reply,
      200,
      createElement(NewsletterSendPage, {
        view: viewFor(context, request, reply),
        issue,
        subscribers: table.subscribersByLanguage(),
        problems: sendingProblems(issue.content),
        mailConfigured,
        refused: false,
        ratePerMinute: desk.ratePerMinute,
      }),
    );
  });

  routes.post("/admin/newsletter/:id/send", { config: contentRoles, schema: { params: issueParams, body: sendForm } }, async (request, reply) => {
    const issue = table.get(Number(request.params.id));
    if (!issue) return notFound(request, reply);
    if (issue.status !== "draft") return reply.redirect(`/admin/newsletter/${issue.id}`, 303);
    const problems = sendingProblems(issue.content);
    if (!request.body.ok || problems.length > 0 || !mailConfigured) {
      return sendPage(
        reply,
        400,
        createElement(NewsletterSendPage, {
          view: viewFor(context, request, reply),
          issue,
          subscribers: table.subscribersByLanguage(),
          problems,
          mailConfigured,
          refused: true,
          ratePerMinute: desk.ratePerMinute,
        }),
      );
    }
    const staff = staffOf(request).email;
    if (dispatch.send(issue.id, staff)) {
      recordAudit(
        context.db,
        {
          actor: staff,
          action: auditActions.newsletterSent,
          target: { type: "newsletter", id: String(issue.id) },
          detail: { recipients: table.get(issue.id)?.recipients ?? 0 },
        },
        context.now(),
      );
      request.log.info({ issue: issue.id }, "newsletter: sending started");
    }
    return reply.redirect(`/admin/newsletter/${issue.id}?done=sending`, 303);
  });
});
