import { isRecord } from "#core/records";
import type { FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createElement } from "react";
import { z } from "zod";
import type { AdminMessageId } from "#locales/admin";
import { queryText, sendPage, staffOf, viewFor, type AdminContext } from "../shared/context";
import { contentRoles } from "../shared/roles";
import { checkedForm } from "../shared/staff-form";
import { guardedRoutes } from "../shared/staff-guard";
import { ContentPublishPage } from "./content-publish-page";
import type { ContentEditor } from "./editor";
import { itemKey, itemOfKey, pendingItems } from "./items";
import { itemTitle } from "./labels";

/** The notices a redirect after an action names (`?done=publishing`). */
const notices: Record<string, AdminMessageId> = {
  publishing: "content.done.publishing",
  previewing: "content.done.previewing",
};

/**
 * The publish page's form: a box per item whose draft waits (`item.<type>/<id>`, ticked: `on`), or
 * `again` naming a publish or preview cut short, to run again with its own items. Item names that
 * name no item of the editor are ignored.
 */
const publishForm = checkedForm(
  z.record(z.string(), z.string()).transform((fields) => ({
    items: Object.keys(fields)
      .filter((name) => name.startsWith("item.") && fields[name] === "on")
      .map((name) => itemOfKey(name.slice("item.".length)))
      .flatMap((item) => (item ? [itemKey(item)] : [])),
    again: /^\d{1,9}$/.test(fields.again ?? "") ? Number(fields.again) : null,
  })),
  { fallback: "items" },
);

/** The moment a preview of these drafts is built for: the latest moment one of them goes online, when that is later than now; else null (now). */
function previewMoment(drafts: readonly unknown[], now: Date): string | null {
  const later = drafts
    .map((draft) => (isRecord(draft) ? draft.publishAt : undefined))
    .filter((at): at is string => typeof at === "string" && Date.parse(at) > now.getTime())
    .sort((a, b) => Date.parse(a) - Date.parse(b));
  return later.length > 0 ? new Date(Date.parse(later.at(-1)!)).toISOString() : null;
}

/**
 * The publish page (`/admin/content/publish`): every item whose draft is not online, with what it
 * changes, each with a box; a preview or a publish of exactly the items ticked, and nothing else;
 * the builds as they go. And the staff's "seen" on the alert of a scheduled publish cut short.
 */
export const contentPublishRoutes = guardedRoutes<AdminContext & { editor: ContentEditor }>("content-publish", (admin, context) => {
  const { editor } = context;
  const routes = admin.withTypeProvider<ZodTypeProvider>();
  const actor = (request: FastifyRequest) => staffOf(request).email;

  const page = async (
    request: FastifyRequest,
    reply: Parameters<typeof sendPage>[0],
    { status = 200, chosen = [], problem = null, done }: { status?: number; chosen?: readonly string[]; problem?: AdminMessageId | null; done?: string },
  ) => {
    const view = viewFor(context, request, reply);
    const notice = done !== undefined && Object.hasOwn(notices, done) ? view.t(notices[done]!) : null;
    const jobs = editor.publisher.recent();
    // The items the jobs name, by their titles as their drafts have them (gone: by their type and id).
    const titles = new Map<string, string>();
    for (const key of new Set(jobs.flatMap((job) => job.items))) {
      const item = itemOfKey(key);
      const value = item ? (await editor.repository.read(item.type, item.id))?.value : undefined;
      if (item && value !== undefined) titles.set(key, itemTitle(view, item.type, item.id, value));
    }
    return sendPage(
      reply,
      status,
      createElement(ContentPublishPage, {
        view,
        pending: await pendingItems(editor.repository, editor.published),
        chosen,
        jobs,
        jobTitles: titles,
        notice,
        problem: problem ? view.t(problem) : null,
        now: context.now(),
      }),
    );
  };

  routes.get(
    "/admin/content/publish",
    { config: contentRoles, schema: { querystring: z.object({ done: queryText, item: queryText }) } },
    async (request, reply) => {
      const item = request.query.item === undefined ? null : itemOfKey(request.query.item);
      return page(request, reply, { chosen: item ? [itemKey(item)] : [], ...(request.query.done ? { done: request.query.done } : {}) });
    },
  );

  /** A publish (or, `preview`, a preview) of the items ticked; none ticked is refused, with the page again. */
  const ask = (preview: boolean) => async (request: FastifyRequest<{ Body: z.output<typeof publishForm> }>, reply: Parameters<typeof sendPage>[0]) => {
    const { items, again } = request.body.ok ? request.body.value : { items: [], again: null };
    const earlier = again === null ? undefined : editor.publisher.job(again);
    if (earlier) {
      const job = editor.publisher.request(actor(request), { preview: earlier.preview !== null, items: earlier.items, asOf: earlier.asOf });
      request.log.info({ job: job.id, again: earlier.id }, "content: asked for again");
      return reply.redirect(`/admin/content/publish?done=${earlier.preview ? "previewing" : "publishing"}`, 303);
    }
    if (items.length === 0) return page(request, reply, { status: 400, problem: "content.publish.noneChosen" });
    let asOf: string | null = null;
    if (preview) {
      const drafts = await Promise.all(
        items.map(async (key) => {
          const item = itemOfKey(key);
          return item ? (await editor.repository.read(item.type, item.id))?.value : undefined;
        }),
      );
      asOf = previewMoment(drafts, context.now());
    }
    const job = editor.publisher.request(actor(request), { preview, items, asOf });
    request.log.info({ job: job.id, items, preview }, preview ? "content: preview requested" : "content: publish requested");
    return reply.redirect(`/admin/content/publish?done=${preview ? "previewing" : "publishing"}`, 303);
  };
  routes.post("/admin/content/publish", { config: contentRoles, schema: { body: publishForm } }, ask(false));
  routes.post("/admin/content/preview", { config: contentRoles, schema: { body: publishForm } }, ask(true));

  /** The alert of a scheduled publish cut short (or failed), seen: the staff pages stop showing it. */
  routes.post(
    "/admin/content/alerts/seen",
    { config: contentRoles, schema: { body: checkedForm(z.object({ back: z.string().optional() }), { fallback: "back" }) } },
    async (request, reply) => {
      context.editor.schedule.alertsSeen(context.now());
      const back = request.body.ok ? request.body.value.back : undefined;
      return reply.redirect(back && /^\/admin(\/[^\s]*)?$/.test(back) && !back.startsWith("//") ? back : "/admin/content/publish", 303);
    },
  );
});
