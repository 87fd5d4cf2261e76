import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { createElement } from "react";
import { languages, type Language } from "#core/languages";
import type { AdminMessageId } from "#locales/admin";
import { auditActions, recordAudit } from "../../db/audit";
import type { ContentEditor } from "../content/editor";
import { applyOperation, completeness, draftFromForm, draftOf, formOf, parseOperation, pictureFields, sceneNamesOf, valueOf, type Draft, type FieldNode } from "../content/form-model";
import { processPicture, UploadedFile, type PictureRefusal } from "../content/pictures";
import { VersionConflict, type Revision } from "../content/repository";
import { contentType, contentTypes, itemIdPattern, type ContentType } from "../content/types";
import { checkFolder, checkValue, controlCharacterProblems, type FieldProblem } from "../content/validate";
import { queryText, sendPage, staffOf, viewFor, type AdminContext } from "../context";
import { contentRoles } from "../roles";
import { ContentDeletePage, ContentHistoryPage, ContentItemPage } from "../views/content-item-page";
import { ContentListPage, type ListedItem } from "../views/content-list-page";
import { ContentPublishPage } from "../views/content-publish-page";
import { NotFoundPage } from "../views/sign-in-page";
import type { ViewContext } from "../view-context";

/** The notices a redirect after an action names (`?done=saved`). */
const notices: Record<string, AdminMessageId> = {
  saved: "content.done.saved",
  created: "content.done.created",
  deleted: "content.done.deleted",
  restored: "content.done.restored",
  publishing: "content.done.publishing",
  previewing: "content.done.previewing",
};

/**
 * The body of a content form: URL-encoded (@fastify/formbody), or multipart when it carries a
 * picture (@fastify/multipart with `attachFieldsToBody: "keyValues"`, whose `onFile` makes each
 * file an `UploadedFile`, ../index.ts). Each name is sent once, as text or as a file; a name sent
 * twice (a list) is refused with 400 naming it, as every staff form is (../context.ts
 * `staffForm`). The route reads the text fields and the files (by field name, such as
 * `photo.scene.upload`) apart.
 */
export const contentForm = z
  .record(z.string(), z.union([z.string(), z.instanceof(UploadedFile)]))
  .default({})
  .transform((body) => {
    const fields: Record<string, string> = {};
    const files = new Map<string, UploadedFile>();
    for (const [name, value] of Object.entries(body)) {
      if (typeof value === "string") fields[name] = value;
      else files.set(name, value);
    }
    return { fields, files };
  });

/** Why a picture was refused, in the staff member's words. */
function refusalMessage(view: ViewContext, refusal: PictureRefusal): string {
  switch (refusal.reason) {
    case "type":
      return view.t("content.picture.type");
    case "tooLarge":
      return view.t("content.picture.tooLarge", { maxMegabytes: refusal.maxMegabytes });
    case "tooManyPixels":
      return view.t("content.picture.tooManyPixels", { maxMegapixels: refusal.maxMegapixels });
    case "tooSmall":
      return view.t("content.picture.tooSmall", { minWidth: refusal.minWidth, minHeight: refusal.minHeight });
    case "unreadable":
      return view.t("content.picture.unreadable");
  }
}

const forms = new Map<string, FieldNode>();
/** A type's form tree, made once. */
const formFor = (type: ContentType) => {
  let node = forms.get(type.id);
  if (!node) forms.set(type.id, (node = formOf(type.schema)));
  return node;
};

/** An item's name in the list: its title field (English), else its id. */
function titleOf(type: ContentType, id: string, value: unknown, lang: Language): string {
  const field = type.titleField && value && typeof value === "object" ? (value as Record<string, unknown>)[type.titleField] : undefined;
  // The title in the staff member's language where the item has it, else in English.
  const texts = field && typeof field === "object" ? (field as Record<string, unknown>) : {};
  const local = texts[lang];
  const title = typeof field === "string" ? field : typeof local === "string" && local.trim() !== "" ? local : texts.en;
  const vintage = type.id === "wines" && value && typeof value === "object" ? (value as Record<string, unknown>).vintage : undefined;
  return typeof title === "string" && title.trim() !== "" ? `${title}${typeof vintage === "number" ? ` ${vintage}` : ""}` : id;
}

/** The counts of "needs review" per language from a set of `path.lang` names. */
function reviewCounts(review: ReadonlySet<string>): Partial<Record<Language, number>> {
  const counts: Partial<Record<Language, number>> = {};
  for (const path of review) {
    const lang = path.slice(path.lastIndexOf(".") + 1) as Language;
    if ((languages as readonly string[]).includes(lang)) counts[lang] = (counts[lang] ?? 0) + 1;
  }
  return counts;
}

/**
 * The content editor (`/admin/content`, roles editor and admin): every type's items, one form
 * renderer for all of them, saves checked by the build's schemas and committed to git with the
 * staff member as author, history and restore. Every change is in the audit log.
 */
export function contentRoutes(admin: FastifyInstance, context: AdminContext, editor: ContentEditor): void {
  const { repository } = editor;
  const notFound = (request: FastifyRequest, reply: FastifyReply) => sendPage(reply, 404, createElement(NotFoundPage, { view: viewFor(context, request, reply) }));
  const routes = admin.withTypeProvider<ZodTypeProvider>();
  const actor = (request: FastifyRequest) => staffOf(request).email;
  const log = (request: FastifyRequest, action: string, type: ContentType, id: string, detail?: Record<string, unknown>) =>
    recordAudit(context.db, { actor: actor(request), action, target: { type: `content:${type.id}`, id }, ...(detail ? { detail } : {}) }, context.now());
  /** The notice a redirect named (`?done=…`), in the staff member's language; none for anything else. */
  const noticeOf = (request: FastifyRequest, reply: FastifyReply, done: string | undefined) => {
    const id = done !== undefined && Object.hasOwn(notices, done) ? notices[done] : undefined;
    return id ? viewFor(context, request, reply).t(id) : null;
  };

  /** The type and id of the address, when they name an item that may exist. */
  const target = (params: { type: string; id: string }): { type: ContentType; id: string } | null => {
    const type = contentType(params.type ?? "");
    if (!type || !params.id || !itemIdPattern.test(params.id)) return null;
    if (type.where.kind === "single" && params.id !== type.where.file) return null;
    if (type.where.kind === "fixed" && !type.where.ids.includes(params.id)) return null;
    return { type, id: params.id };
  };

  /**
   * Each picture field's chosen file, checked and re-encoded (./content/pictures.ts): a good one
   * is kept and its name put in the draft; a refused one is a problem at its field.
   */
  const takeUploads = async (view: ViewContext, node: FieldNode, draft: Draft, files: ReadonlyMap<string, UploadedFile>): Promise<FieldProblem[]> => {
    const problems: FieldProblem[] = [];
    for (const field of pictureFields(node, draft)) {
      const file = files.get(`${field.path}.upload`);
      if (!file || file.empty) continue;
      const result = await processPicture(file);
      if (result.ok) field.set(await editor.pictures.keep(result.jpeg));
      else problems.push({ path: field.path, message: refusalMessage(view, result.refusal) });
    }
    return problems;
  };

  /** A picture of the editor (published or waiting for its save), for the forms' previews. */
  routes.get("/admin/content/pictures/:file", { config: contentRoles, schema: { params: z.object({ file: z.string() }) } }, async (request, reply) => {
    const match = /^([a-z0-9-]{1,100})\.jpg$/.exec(request.params.file);
    const bytes = match ? await editor.pictures.read(match[1]!) : null;
    if (!bytes) return notFound(request, reply);
    return reply.type("image/jpeg").send(bytes);
  });

  interface FormRender {
    type: ContentType;
    id: string | null;
    newId?: string;
    draft: Draft;
    version: string | null;
    problems?: FieldProblem[];
    general?: string[];
    conflict?: Revision | null;
    status?: number;
    /** The `done` of the page's query, shown as a notice when the form is not an answer to a post. */
    done?: string | undefined;
  }
  const renderForm = (request: FastifyRequest, reply: FastifyReply, form: FormRender) => {
    const node = formFor(form.type);
    const review = form.id === null ? new Set<string>() : editor.review.of(form.type.id, form.id);
    const { total, filled } = completeness(node, form.draft);
    return sendPage(
      reply,
      form.status ?? 200,
      createElement(ContentItemPage, {
        view: viewFor(context, request, reply),
        type: form.type,
        id: form.id,
        newId: form.newId ?? "",
        node,
        draft: form.draft,
        version: form.version,
        problems: form.problems ?? [],
        general: form.general ?? [],
        review,
        states: { total, filled, review: reviewCounts(review) },
        notice: form.status === undefined ? noticeOf(request, reply, form.done) : null,
        conflict: form.conflict ?? null,
      }),
    );
  };

  /** The pages' query: the notice after an action (`?done=saved`). */
  const noticeQuery = { querystring: z.object({ done: queryText }) };
  /** A form post's text fields and files (`contentForm`). */
  const form = { body: contentForm };
  /** An item's address. */
  const itemParams = z.object({ type: z.string(), id: z.string() });

  routes.get("/admin/content", { config: contentRoles, schema: noticeQuery }, async (request, reply) => {
    const { lang } = viewFor(context, request, reply);
    const types = await Promise.all(
      contentTypes.map(async (type) => {
        const node = formFor(type);
        const listed = await Promise.all(
          (await repository.ids(type)).map(async (id) => {
            const stored = await repository.read(type, id);
            const { total, filled } = completeness(node, draftOf(node, stored?.value));
            const sortKey = type.sortBy && stored?.value && typeof stored.value === "object" ? String((stored.value as Record<string, unknown>)[type.sortBy] ?? "") : "";
            const item: ListedItem = { id, title: titleOf(type, id, stored?.value, lang), total, filled, review: reviewCounts(editor.review.of(type.id, id)) };
            return { item, sortKey };
          }),
        );
        // The site's own order: newest first where the type has a date or a vintage.
        const items = listed.sort((a, b) => b.sortKey.localeCompare(a.sortKey) || a.item.id.localeCompare(b.item.id)).map(({ item }) => item);
        return { type, items };
      }),
    );
    return sendPage(reply, 200, createElement(ContentListPage, { view: viewFor(context, request, reply), types, notice: noticeOf(request, reply, request.query.done) }));
  });

  routes.get("/admin/content/publish", { config: contentRoles, schema: noticeQuery }, async (request, reply) =>
    sendPage(reply, 200, createElement(ContentPublishPage, { view: viewFor(context, request, reply), jobs: editor.publisher.recent(), notice: noticeOf(request, reply, request.query.done) })),
  );

  routes.post("/admin/content/publish", { config: contentRoles, schema: form }, async (request, reply) => {
    const job = editor.publisher.request(actor(request));
    request.log.info({ job: job.id }, "content: publish requested");
    return reply.redirect("/admin/content/publish?done=publishing", 303);
  });

  routes.post("/admin/content/preview", { config: contentRoles, schema: form }, async (request, reply) => {
    editor.publisher.request(actor(request), { preview: true });
    return reply.redirect("/admin/content/publish?done=previewing", 303);
  });

  /** A page of a preview build, when it is one of the pages that changed (no other file of the folder is ever named). */
  routes.get("/admin/content/preview/:job/*", { config: contentRoles, schema: { params: z.object({ job: z.string(), "*": z.string() }) } }, async (request, reply) => {
    const params = request.params;
    const job = /^\d{1,9}$/.test(params.job) ? editor.publisher.job(Number(params.job)) : undefined;
    const page = `/${params["*"]}`.replace(/\/+$/, "") || "/";
    if (!job?.preview || job.status !== "done" || !job.preview.changed.includes(page)) return notFound(request, reply);
    const html = await readFile(join(job.preview.dir, "client", page === "/" ? "" : page, "index.html"));
    // The staff area's policy applies (onSend): the page shows without its scripts, as it paints before they load.
    return reply.type("text/html; charset=utf-8").send(html);
  });

  const newItem = z.object({ type: z.string() });
  routes.get("/admin/content/:type/new", { config: contentRoles, schema: { params: newItem, ...noticeQuery } }, async (request, reply) => {
    const type = contentType(request.params.type);
    if (!type || type.where.kind !== "collection") return notFound(request, reply);
    return renderForm(request, reply, { type, id: null, draft: draftOf(formFor(type), undefined), version: null, done: request.query.done });
  });

  /**
   * A posted form: a list button changes the form without saving; "save" checks the item with
   * the build's schema and the whole folder, and writes and commits it only when both accept.
   * A refusal shows the form again with everything typed.
   */
  const save = async (request: FastifyRequest, reply: FastifyReply, { fields, files }: z.output<typeof contentForm>, type: ContentType, existingId: string | null) => {
    const node = formFor(type);
    const draft = draftFromForm(node, fields);
    const version = existingId === null ? null : String(fields._version ?? "");
    const newId = String(fields._id ?? "").trim();
    const again = (extra: Partial<FormRender>) => renderForm(request, reply, { type, id: existingId, newId, draft, version, status: 400, ...extra });
    const view = viewFor(context, request, reply);
    // A chosen picture is taken first, whatever the button: kept (and shown) even when the save is refused.
    const uploadProblems = await takeUploads(view, node, draft, files);
    const operation = parseOperation(fields._op);
    if (operation) {
      applyOperation(node, draft, operation);
      return again({ status: 200, problems: uploadProblems });
    }
    if (uploadProblems.length > 0) return again({ problems: uploadProblems });
    const id = existingId ?? newId;
    if (existingId === null) {
      if (!itemIdPattern.test(id)) return again({ problems: [{ path: "_id", message: view.t("content.issue.id") }] });
      if (await repository.read(type, id)) return again({ problems: [{ path: "_id", message: view.t("content.issue.idTaken") }] });
    }
    const value = valueOf(node, draft);
    const checked = checkValue(view, type.schema, value);
    const controls = controlCharacterProblems(view, node, draft);
    if (!checked.ok || controls.length > 0) return again({ problems: [...controls, ...(checked.ok ? [] : checked.problems.filter((problem) => !controls.some((control) => control.path === problem.path)))] });
    const before = await repository.read(type, id);
    const relativeFile = type.where.kind === "single" ? `${type.where.file}.json` : `${type.where.folder}/${id}.json`;
    try {
      const pictures = await editor.pictures.waiting(sceneNamesOf(node, value));
      const { problems } = await repository.save(
        type,
        id,
        value,
        version,
        { email: actor(request) },
        `${existingId === null ? "Create" : "Edit"} ${relativeFile}`,
        () => checkFolder(repository.root, relativeFile),
        pictures,
      );
      if (problems.length > 0) return again({ general: problems.map((problem) => view.t("content.issue.rule", { hint: problem })) });
    } catch (error) {
      if (!(error instanceof VersionConflict)) throw error;
      const latest = await repository.read(type, id);
      // The form keeps what this staff member typed; the version becomes the latest, so saving again overwrites knowingly.
      return again({ status: 409, conflict: error.latest, version: latest?.version ?? null });
    }
    editor.review.afterSave(type.id, id, before?.value, value, fields);
    log(request, existingId === null ? auditActions.contentCreated : auditActions.contentSaved, type, id);
    return reply.redirect(`/admin/content/${type.id}/${id}?done=${existingId === null ? "created" : "saved"}`, 303);
  };

  routes.post("/admin/content/:type/new", { config: contentRoles, schema: { params: newItem, ...form } }, async (request, reply) => {
    const type = contentType(request.params.type);
    if (!type || type.where.kind !== "collection") return notFound(request, reply);
    return save(request, reply, request.body, type, null);
  });

  routes.get("/admin/content/:type/:id", { config: contentRoles, schema: { params: itemParams, ...noticeQuery } }, async (request, reply) => {
    const item = target(request.params);
    const stored = item && (await repository.read(item.type, item.id));
    if (!item || !stored) return notFound(request, reply);
    return renderForm(request, reply, { type: item.type, id: item.id, draft: draftOf(formFor(item.type), stored.value), version: stored.version, done: request.query.done });
  });

  routes.post("/admin/content/:type/:id", { config: contentRoles, schema: { params: itemParams, ...form } }, async (request, reply) => {
    const item = target(request.params);
    if (!item || !(await repository.read(item.type, item.id))) return notFound(request, reply);
    return save(request, reply, request.body, item.type, item.id);
  });

  routes.get("/admin/content/:type/:id/delete", { config: contentRoles, schema: { params: itemParams } }, async (request, reply) => {
    const item = target(request.params);
    const stored = item && item.type.where.kind === "collection" ? await repository.read(item.type, item.id) : null;
    if (!item || !stored) return notFound(request, reply);
    return sendPage(reply, 200, createElement(ContentDeletePage, { view: viewFor(context, request, reply), type: item.type, id: item.id, version: stored.version, problem: null }));
  });

  routes.post("/admin/content/:type/:id/delete", { config: contentRoles, schema: { params: itemParams, ...form } }, async (request, reply) => {
    const item = target(request.params);
    const stored = item && item.type.where.kind === "collection" ? await repository.read(item.type, item.id) : null;
    if (!item || !stored) return notFound(request, reply);
    const { fields } = request.body;
    const view = viewFor(context, request, reply);
    const page = (status: number, problem: string) =>
      sendPage(reply, status, createElement(ContentDeletePage, { view, type: item.type, id: item.id, version: stored.version, problem }));
    if (fields.confirm !== "yes") return page(400, view.t("error.confirm"));
    try {
      await repository.remove(item.type, item.id, String(fields._version ?? ""), { email: actor(request) }, `Delete ${item.type.id}/${item.id}.json`);
    } catch (error) {
      if (!(error instanceof VersionConflict)) throw error;
      const who = error.latest ? view.t("content.conflict", { who: error.latest.author, when: error.latest.at }) : view.t("content.conflictUnknown");
      return page(409, who);
    }
    editor.review.forget(item.type.id, item.id);
    log(request, auditActions.contentDeleted, item.type, item.id);
    return reply.redirect("/admin/content?done=deleted", 303);
  });

  routes.get("/admin/content/:type/:id/history", { config: contentRoles, schema: { params: itemParams, ...noticeQuery } }, async (request, reply) => {
    const item = target(request.params);
    const stored = item && (await repository.read(item.type, item.id));
    if (!item || !stored) return notFound(request, reply);
    const revisions = await repository.history(item.type, item.id);
    return sendPage(
      reply,
      200,
      createElement(ContentHistoryPage, { view: viewFor(context, request, reply), type: item.type, id: item.id, revisions, version: stored.version, notice: noticeOf(request, reply, request.query.done) }),
    );
  });

  /** Puts an earlier version back, as a new commit: history keeps everything, restoring included. */
  routes.post("/admin/content/:type/:id/restore", { config: contentRoles, schema: { params: itemParams, ...form } }, async (request, reply) => {
    const item = target(request.params);
    const stored = item && (await repository.read(item.type, item.id));
    if (!item || !stored) return notFound(request, reply);
    const { fields } = request.body;
    const commit = String(fields.commit ?? "");
    const text = await repository.at(item.type, item.id, commit);
    if (text === null) return notFound(request, reply);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return notFound(request, reply);
    }
    const node = formFor(item.type);
    const view = viewFor(context, request, reply);
    const relativeFile = item.type.where.kind === "single" ? `${item.type.where.file}.json` : `${item.type.where.folder}/${item.id}.json`;
    const checked = checkValue(view, item.type.schema, value);
    // An old version the schema refuses today (the schema grew since): shown in the form to fix, not saved.
    if (!checked.ok) return renderForm(request, reply, { type: item.type, id: item.id, draft: draftOf(node, value), version: stored.version, problems: checked.problems, status: 400 });
    try {
      const { problems } = await repository.save(item.type, item.id, value, String(fields._version ?? ""), { email: actor(request) }, `Restore ${relativeFile} as of ${commit.slice(0, 10)}`, () =>
        checkFolder(repository.root, relativeFile),
      );
      if (problems.length > 0) {
        return renderForm(request, reply, { type: item.type, id: item.id, draft: draftOf(node, value), version: stored.version, general: problems, status: 400 });
      }
    } catch (error) {
      if (!(error instanceof VersionConflict)) throw error;
      const latest = await repository.read(item.type, item.id);
      return renderForm(request, reply, { type: item.type, id: item.id, draft: draftOf(node, latest?.value), version: latest?.version ?? null, conflict: error.latest, status: 409 });
    }
    editor.review.afterSave(item.type.id, item.id, stored.value, value, {});
    log(request, auditActions.contentRestored, item.type, item.id, { commit });
    // A restore puts the earlier version live too: it publishes (queued behind any publish running).
    editor.publisher.request(actor(request));
    return reply.redirect(`/admin/content/${item.type.id}/${item.id}/history?done=restored`, 303);
  });
}
