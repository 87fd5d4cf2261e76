import type { FastifyReply, FastifyRequest } from "fastify";
import sharp from "sharp";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createElement } from "react";
import { z } from "zod";
import { isLanguage, type Language } from "#core/languages";
import { apiPaths } from "#core/paths";
import type { AdminMessageId } from "#locales/admin";
import { auditActions } from "../../db/audit";
import { recordStaffAction } from "../../staff/audit-log";
import type { NewsletterContent, NewsletterTable } from "../../db/newsletter";
import { renderMail } from "../../mail/layout";
import { mailLogo, type InlineImage } from "../../mail/logo";
import { readFile } from "node:fs/promises";
import { audienceOf, composeNewsletterTest, newsletterDocument, newsletterFacts, readingLanguage, writtenLanguages } from "../../mail/newsletter";
import { cropScene, processPicture, uploadPattern, type PictureRefusal, type UploadStore } from "../../pictures";
import { queryText, sendPage, staffOf, viewFor, type AdminContext } from "../shared/context";
import type { NewsletterDispatch } from "./dispatch";
import { emptyIssue, issueForm, issueProblems, sendingProblems, testProblems, typedIssue, type IssueProblem } from "./issue";
import { buttonForm, checkedForm, checkFields, formWithFiles, staffFormLimit } from "../shared/staff-form";
import { mailPreviewPolicy } from "../shared/framed-policies";
import { contentRoles } from "../shared/roles";
import { guardedRoutes } from "../shared/staff-guard";
import { NewsletterIssuePage, NewsletterListPage, NewsletterSendPage } from "./newsletter-pages";
import { NotFoundPage } from "../shared/error-pages";

/** What the newsletter's routes share: its table, the dispatcher that sends, the relay's pace, and the photographs uploaded for issues. */
export interface NewsletterDesk {
  table: NewsletterTable;
  dispatch: NewsletterDispatch;
  ratePerMinute: number;
  /** The photographs uploaded for issues (DATA_DIR/newsletter-pictures), served to mail programs as long as the issues are read. */
  pictures: UploadStore;
}

/** The width in CSS pixels the focus picker draws an uploaded photograph at (a click is read against it). */
const pickerWidth = 320;

/** Why a picture was refused, in the staff's words (the content editor's messages, which say the same). */
const refusalMessage = (refusal: PictureRefusal): { message: AdminMessageId; values?: Record<string, number> } => {
  switch (refusal.reason) {
    case "type":
      return { message: "content.picture.type" };
    case "tooLarge":
      return { message: "content.picture.tooLarge", values: { maxMegabytes: refusal.maxMegabytes } };
    case "tooManyPixels":
      return { message: "content.picture.tooManyPixels", values: { maxMegapixels: refusal.maxMegapixels } };
    case "tooSmall":
      return { message: "content.picture.tooSmall", values: { minWidth: refusal.minWidth, minHeight: refusal.minHeight } };
    case "unreadable":
      return { message: "content.picture.unreadable" };
  }
};

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
 * The newsletter (`/admin/newsletter`, the content editor's roles): issues composed in any of the
 * five languages with a picture (the site's, or a photograph uploaded and framed), links to wines
 * and tours and buttons of the staff's own, a preview of the e-mail in any language, a test to
 * oneself, then the sending to the confirmed subscribers who read a language it is written in
 * (./dispatch.ts), and each issue's counts: sent, failed, unsubscribed since.
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
  /** Whether a picture may be chosen: a photograph uploaded for an issue, or a scene of the live site (the content store's). */
  const pictureExists = (name: string) => (uploadPattern.test(name) ? desk.pictures.has(name) : context.content.scenePicture(name) !== null);

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

  /**
   * The version a subscriber of `lang` reads (theirs, else English), or where the issue goes to no
   * subscriber of `lang`, the first it is written in (the preview says so), or null: nothing written.
   */
  const shownLanguage = (draft: NewsletterContent, lang: Language) => readingLanguage(draft, lang) ?? writtenLanguages(draft)[0] ?? null;

  /** The e-mail a subscriber of `lang` would get, as the issue page shows it: its subject, its HTML part in a frame, its text part. */
  const mailPreview = (draft: NewsletterContent, lang: Language, id: number) => {
    const reading = shownLanguage(draft, lang);
    if (!reading) return null;
    const document = newsletterDocument(draft, reading, facts(), null);
    return {
      lang,
      reading,
      sent: readingLanguage(draft, lang) !== null,
      subject: document.subject,
      text: renderMail(document).text,
      frame: `/admin/newsletter/${id}/mail?lang=${lang}`,
    };
  };
  /** An uploaded photograph's size, for its focus picker. */
  const pictureSize = async (draft: NewsletterContent) => {
    const scene = draft.picture?.scene;
    const original = scene && uploadPattern.test(scene) ? await desk.pictures.original(scene) : null;
    if (!original) return null;
    const { width, height } = await sharp(original).metadata();
    return width && height ? { width, height } : null;
  };
  let logo: Promise<InlineImage> | null = null;

  const issuePage = async (
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
        saved: issue.content,
        problems: extra.problems ?? [],
        notice: done ? view.t(done) : null,
        counts: table.counts(id),
        preview: previewLang ? mailPreview(draft, previewLang, id) : null,
        mailConfigured,
        catalogue: context.content.current,
        scenes: context.content.scenes(),
        pictureSize: await pictureSize(draft),
        pickerWidth,
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
      const reading = issue && lang !== undefined && isLanguage(lang) ? shownLanguage(issue.content, lang) : null;
      if (!issue || !reading) return notFound(request, reply);
      const { html } = renderMail(newsletterDocument(issue.content, reading, facts(), null));
      logo ??= mailLogo();
      return reply
        .type("text/html; charset=utf-8")
        .header("Content-Security-Policy", mailPreviewPolicy)
        .header("X-Frame-Options", "SAMEORIGIN")
        .send(mailForFrame(html, await logo, context.config.SITE_URL));
    },
  );

  /**
   * A picture of an issue for the staff's pages: a scene of the live site, or an uploaded
   * photograph whole (`?whole=1`, the focus picker) or cut as its framing says (`?fx=&fy=&zoom=`).
   */
  routes.get(
    "/admin/newsletter/pictures/:file",
    {
      config: contentRoles,
      schema: {
        params: z.object({ file: z.string() }),
        querystring: z.object({
          fx: z.coerce.number().min(0).max(1).optional().catch(undefined),
          fy: z.coerce.number().min(0).max(1).optional().catch(undefined),
          zoom: z.coerce.number().min(1).max(4).optional().catch(undefined),
          whole: queryText,
        }),
      },
    },
    async (request, reply) => {
      const name = /^([a-z0-9-]{1,100})\.jpg$/.exec(request.params.file)?.[1];
      if (!name || !pictureExists(name)) return notFound(request, reply);
      const scene = context.content.scenePicture(name);
      if (scene) return reply.type("image/jpeg").send(await readFile(scene));
      const original = (await desk.pictures.original(name))!;
      const { fx = 0.5, fy = 0.5, zoom = 1, whole } = request.query;
      return reply.type("image/jpeg").send(whole !== undefined ? original : await cropScene(original, { focus: { x: fx, y: fy }, zoom }, 1200));
    },
  );

  /**
   * The draft's form (URL-encoded, or multipart with a photograph chosen): a photograph chosen is
   * checked and kept first, whatever the button (./../../pictures.ts); a click on the picture
   * without a script moves its focus and shows the form again, not saved; otherwise the draft is
   * saved, then per its button previewed, tested (an e-mail to the staff member, in the language
   * chosen) or taken to the sending's confirmation. A refused form comes back with what was typed
   * and each problem at its field.
   */
  const composed = issueForm(() => context.content.current, pictureExists);
  routes.post("/admin/newsletter/:id", { config: contentRoles, schema: { params: issueParams, body: formWithFiles } }, async (request, reply) => {
    const id = Number(request.params.id);
    const issue = table.get(id);
    if (!issue) return notFound(request, reply);
    if (issue.status !== "draft") return reply.redirect(`/admin/newsletter/${id}`, 303);
    const fields = { ...request.body.fields };
    const catalogue = context.content.current;
    const upload = request.body.files.get("picture.upload");
    if (upload && !upload.empty) {
      const processed = await processPicture(upload);
      if (!processed.ok) {
        const problem = { field: "picture", ...refusalMessage(processed.refusal) };
        return issuePage(request, reply, id, { draft: typedIssue(fields, catalogue, pictureExists), problems: [problem], status: 400 });
      }
      // The new photograph takes the picture's place, framed from its middle; its descriptions stay.
      Object.assign(fields, { picture: await desk.pictures.keep(processed.jpeg), "picture.focus.x": "0.5", "picture.focus.y": "0.5", "picture.zoom": "1" });
    }
    const size = fields["_focus:picture.x"] !== undefined ? await pictureSize(typedIssue(fields, catalogue, pictureExists)) : null;
    if (size) {
      const at = (value: string | undefined, length: number) => String(Math.round(Math.min(1, Math.max(0, Number(value ?? 0) / length)) * 1000) / 1000);
      fields["picture.focus.x"] = at(fields["_focus:picture.x"], pickerWidth);
      fields["picture.focus.y"] = at(fields["_focus:picture.y"], (pickerWidth * size.height) / size.width);
      return issuePage(request, reply, id, { draft: typedIssue(fields, catalogue, pictureExists) });
    }
    const checked = checkFields<typeof composed, string>(composed, fields, { fallback: "picture", typedMax: staffFormLimit });
    if (!checked.ok) {
      // What was typed comes back, with each problem at its field.
      return issuePage(request, reply, id, {
        draft: typedIssue(checked.typed, catalogue, pictureExists),
        problems: issueProblems(checked.problems),
        status: 400,
      });
    }
    const { draft, op, previewLang = viewFor(context, request, reply).lang } = checked.value;
    if (!table.update(id, draft, now())) return reply.redirect(`/admin/newsletter/${id}`, 303);
    switch (op) {
      case "preview":
        return reply.redirect(`/admin/newsletter/${id}?preview=${previewLang}#preview`, 303);
      case "test": {
        const problems = testProblems(draft, previewLang);
        if (problems.length > 0) return issuePage(request, reply, id, { draft, problems, status: 400 });
        const staff = staffOf(request).email;
        table.queueTest(id, composeNewsletterTest(draft, previewLang, staff, facts()), now());
        context.kickMail();
        recordStaffAction(
          context.accounts,
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
  });

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
    if (dispatch.send(issue.id, staff, audienceOf(issue.content))) {
      recordStaffAction(
        context.accounts,
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
