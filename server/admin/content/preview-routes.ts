import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { extname, join, resolve, sep } from "node:path";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createElement } from "react";
import { z } from "zod";
import { isLanguage, type Language } from "#core/languages";
import { localizePath } from "#core/paths";
import type { ContentEditor } from "./editor";
import { draftFromForm, pictureUsesOf, valueOf } from "./form-model";
import type { PreviewPicture } from "./live-preview";
import { contentType, itemIdPattern } from "./types";
import { sendPage, viewFor, type AdminContext } from "../shared/context";
import { previewPagePolicy } from "../shared/framed-policies";
import { contentRoles } from "../shared/roles";
import { guardedRoutes } from "../shared/staff-guard";
import { LivePreviewMessage } from "./content-live-preview";
import { NotFoundPage } from "../shared/error-pages";
import { formFor } from "./items";
import { contentForm } from "./routes";

const types: Record<string, string> = {
  ".css": "text/css; charset=utf-8",
  ".woff2": "font/woff2",
  ".avif": "image/avif",
  ".webp": "image/webp",
  ".jpeg": "image/jpeg",
  ".jpg": "image/jpeg",
  ".png": "image/png",
  ".svg": "image/svg+xml",
};

/**
 * A page of the site as a preview shows it: without its scripts (the preview's policy would refuse
 * them, each one a console error), as it paints before they load.
 */
function withoutScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "").replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, "");
}

/** A preview build's page or style sheet with its own files' addresses under the preview's (`/assets/…` → `/admin/content/preview/7/assets/…`). */
function withPreviewAddresses(text: string, job: number): string {
  return text.replace(/(["'(\s,=])\/(assets|og|summaries)\//g, (_, before: string, folder: string) => `${before}/admin/content/preview/${job}/${folder}/`);
}

/**
 * The previews: a page of a preview build (only one of the pages it changed), with the build's
 * own styles, fonts and pictures (new uploads included), found by its job's record, so any
 * instance sharing the publish folder serves a preview another built; and the live preview
 * beside an item's form, the page that shows the item rendered from the unsaved form.
 */
export const contentPreviewRoutes = guardedRoutes<AdminContext & { editor: ContentEditor }>("content-preview", (admin, context) => {
  const { editor } = context;
  const routes = admin.withTypeProvider<ZodTypeProvider>();
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    sendPage(reply, 404, createElement(NotFoundPage, { view: viewFor(context, request, reply) }));
  const framed = (reply: FastifyReply) => reply.header("Content-Security-Policy", previewPagePolicy).header("X-Frame-Options", "SAMEORIGIN");

  routes.get(
    "/admin/content/preview/:job/*",
    { config: contentRoles, schema: { params: z.object({ job: z.string(), "*": z.string() }) } },
    async (request, reply) => {
      const params = request.params;
      const id = /^\d{1,9}$/.test(params.job) ? Number(params.job) : null;
      const job = id === null ? undefined : editor.publisher.job(id);
      if (!job?.preview?.dir || job.status !== "done" || id === null) return notFound(request, reply);
      const client = resolve(job.preview.dir, "client");
      const rest = params["*"];
      // A file of the build's own folders (its styles, fonts and pictures), never a page or anything else.
      const file = /^(assets|og|summaries)\/[A-Za-z0-9._/-]+$/.test(rest) && !rest.split("/").includes("..") ? resolve(client, rest) : null;
      if (file) {
        if (!file.startsWith(client + sep) || !existsSync(file)) return notFound(request, reply);
        const type = types[extname(file)];
        if (!type) return notFound(request, reply);
        const bytes = await readFile(file);
        return reply.type(type).send(type.startsWith("text/css") ? withPreviewAddresses(bytes.toString("utf8"), id) : bytes);
      }
      const page = `/${rest}`.replace(/\/+$/, "") || "/";
      if (!job.preview.changed.some((changed) => changed.path === page)) return notFound(request, reply);
      // Gone when its folder was removed (a preview no longer listed, cleaned up by a publish).
      const html = await readFile(join(client, page === "/" ? "" : page, "index.html"), "utf8").catch(() => null);
      if (html === null) return notFound(request, reply);
      return framed(reply)
        .type("text/html; charset=utf-8")
        .send(withPreviewAddresses(withoutScripts(html), id));
    },
  );

  /**
   * The live preview: the form as it is now (posted by the editor's script as the staff member
   * types, or by the preview button into the frame without one), rendered as the site's page in
   * the language chosen beside it. Nothing is saved; a picture chosen but not yet saved is shown
   * from the staff area.
   */
  routes.post(
    "/admin/content/:type/:id/live",
    { config: contentRoles, schema: { params: z.object({ type: z.string(), id: z.string() }), body: contentForm } },
    async (request, reply) => {
      const type = contentType(request.params.type);
      const isNew = request.params.id === "new";
      if (!type?.page || type.where.kind !== "collection" || (!isNew && !itemIdPattern.test(request.params.id))) return notFound(request, reply);
      const view = viewFor(context, request, reply);
      const { fields } = request.body;
      const id = isNew ? (itemIdPattern.test(fields._id?.trim() ?? "") ? fields._id!.trim() : "preview") : request.params.id;
      const lang: Language = isLanguage(fields._previewLang) ? fields._previewLang : view.lang;
      const node = formFor(type);
      const value = valueOf(node, draftFromForm(node, fields));
      const pictures: Record<string, PreviewPicture> = {};
      for (const { scene, framing } of pictureUsesOf(node, value)) {
        const query = new URLSearchParams({ fx: String(framing.focus?.x ?? 0.5), fy: String(framing.focus?.y ?? 0.5), zoom: String(framing.zoom ?? 1) });
        const src = `/admin/content/pictures/${scene}.jpg?${query.toString()}`;
        pictures[`scenes/${scene}`] = { sources: { jpeg: `${src} 1200w` }, img: { src, w: 1200, h: 675 } };
      }
      const page = type.page(id);
      const result = await editor.live.render(localizePath(lang, page.path), { [`${type.where.folder}/${id}.json`]: value }, pictures);
      framed(reply);
      if ("html" in result) return reply.type("text/html; charset=utf-8").send(withoutScripts(result.html));
      request.log.info({ reason: "problem" in result ? "draft refused" : result.error }, "content: live preview not shown");
      return sendPage(reply, 200, createElement(LivePreviewMessage, { view, problem: "problem" in result }));
    },
  );
});
