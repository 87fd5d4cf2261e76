import type { FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { createElement } from "react";
import { isLanguage, type Language } from "#core/languages";
import { isRecord } from "#core/records";
import { adminTranslator, type AdminMessageId } from "#locales/admin";
import { auditActions } from "../../db/audit";
import { recordStaffAction } from "../../staff/audit-log";
import { changesBetween, describeChanges, sameReading } from "./changes";
import type { ContentEditor } from "./editor";
import {
  applyOperation,
  completeness,
  draftAt,
  draftFromForm,
  draftOf,
  isPictureGroup,
  parseOperation,
  pictureFields,
  pictureUsesOf,
  valueOf,
  type Draft,
  type FieldNode,
} from "./form-model";
import { formFor, itemFile, itemKey, pendingItems, publishedValue, type PendingItem } from "./items";
import { itemTitle } from "./labels";
import sharp from "sharp";
import { cropScene, processPicture, type PictureRefusal, type UploadedFile } from "../../pictures";
import { formWithFiles } from "../shared/staff-form";
import { VersionConflict, type Revision } from "./repository";
import { contentType, contentTypes, itemIdPattern, type ContentType } from "./types";
import { checkFolder, checkValue, typedTextProblems, type FieldProblem } from "./validate";
import { argumentsOf } from "../shared/typed-text";
import { localNames } from "#content/names";
import { queryText, sendPage, staffOf, viewFor, type AdminContext } from "../shared/context";
import { contentRoles } from "../shared/roles";
import { guardedRoutes } from "../shared/staff-guard";
import type { ViewContext } from "../shared/view-context";
import { ContentDeletePage, ContentHistoryPage, ContentItemPage, type HistoryEntry, type RestoredVersion } from "./content-item-page";
import { ContentListPage, typeLabel, type ListedItem, type Publication } from "./content-list-page";

/** What the list says of an item: its draft waits to go online (new, or changed), or it is live. */
const publicationState = (pending: PendingItem | undefined): Publication =>
  pending === undefined ? "live" : pending.published === undefined ? "new" : "draft";
import { NotFoundPage } from "../shared/error-pages";

/** The notices a redirect after an action names (`?done=saved`). */
const notices: Record<string, AdminMessageId> = {
  saved: "content.done.saved",
  created: "content.done.created",
  deleted: "content.done.deleted",
};

/** The body of a content form: its text fields and its files (a picture chosen), read apart (../shared/staff-form.ts). */
export const contentForm = formWithFiles;

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

/** The counts of "needs review" per language from a set of `path.lang` names. */
function reviewCounts(review: ReadonlySet<string>): Partial<Record<Language, number>> {
  const counts: Partial<Record<Language, number>> = {};
  for (const path of review) {
    const lang = path.slice(path.lastIndexOf(".") + 1);
    if (isLanguage(lang)) counts[lang] = (counts[lang] ?? 0) + 1;
  }
  return counts;
}

/** The width in CSS pixels the focus picker draws a picture at (the form's CSS keeps it so): a click's coordinates are read against it. */
const focusPickerWidth = 320;

/**
 * A commit message written for people, in English: the item, then what changed
 * ("Château L'Hermitage Lescours 2020: Price: €175 → €185"), or what happened to it.
 */
function commitMessage(type: ContentType, id: string, before: unknown, after: unknown, restoredFrom: Revision | null): string {
  const view = { lang: "en", t: adminTranslator("en").t } as const;
  const title = itemTitle(view, type, id, after ?? before);
  const lines = describeChanges(view, before, after, 6);
  const what = lines.length > 0 ? lines.join("; ") : view.t("content.commit.noChange");
  if (before === undefined) return view.t("content.commit.created", { title, type: typeLabel(view, type) });
  if (restoredFrom) return view.t("content.commit.restored", { title, when: restoredFrom.at.slice(0, 16).replace("T", " "), changes: what });
  return view.t("content.commit.edited", { title, changes: what });
}

/**
 * The content editor (`/admin/content`, roles editor and admin): every type's items, one form
 * renderer for all of them, saves checked by the build's schemas and committed to git with the
 * staff member as author and a message saying what changed, the history in words and restoring an
 * earlier version into the form, to review and save like any other change. Every change is in the
 * audit log. The previews and the publish queue are in ./content-preview.ts.
 */
export const contentRoutes = guardedRoutes<AdminContext & { editor: ContentEditor }>("content", (admin, context) => {
  const { editor } = context;
  const { repository } = editor;
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    sendPage(reply, 404, createElement(NotFoundPage, { view: viewFor(context, request, reply) }));
  const routes = admin.withTypeProvider<ZodTypeProvider>();
  const actor = (request: FastifyRequest) => staffOf(request).email;
  const log = (request: FastifyRequest, action: string, type: ContentType, id: string, detail?: Record<string, unknown>) =>
    recordStaffAction(
      context.accounts,
      { actor: actor(request), action, target: { type: `content:${type.id}`, id }, ...(detail ? { detail } : {}) },
      context.now(),
    );
  /** The notice a redirect named (`?done=…`), in the staff member's language; none for anything else. */
  const noticeOf = (request: FastifyRequest, reply: FastifyReply, done: string | undefined) => {
    const id = done !== undefined && Object.hasOwn(notices, done) ? notices[done] : undefined;
    return id ? viewFor(context, request, reply).t(id) : null;
  };

  /**
   * The values a type's texts may name in braces: the estate's names, which every text may use
   * (content/text.ts), and those its saved items name (the story's `{hectares}`, the legal
   * pages' facts): the values its pages fill in.
   */
  const knownValues = async (type: ContentType): Promise<Set<string>> => {
    const known = new Set(Object.keys(localNames(context.content.current.site, "en")));
    const visit = (value: unknown) => {
      if (typeof value === "string") for (const name of argumentsOf(value) ?? []) known.add(name);
      else if (value && typeof value === "object") for (const inner of Object.values(value)) visit(inner);
    };
    for (const id of await repository.ids(type)) visit((await repository.read(type, id))?.value);
    return known;
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
   * Each picture field's chosen file, checked and re-encoded (../content/pictures.ts): a good one
   * is kept and its name put in the draft, in the place of the one it replaces, whose descriptions
   * stay (its framing starts again from the middle); a refused one is a problem at its field.
   */
  const takeUploads = async (view: ViewContext, node: FieldNode, draft: Draft, files: ReadonlyMap<string, UploadedFile>): Promise<FieldProblem[]> => {
    const problems: FieldProblem[] = [];
    for (const field of pictureFields(node, draft)) {
      const file = files.get(`${field.path}.upload`);
      if (!file || file.empty) continue;
      const result = await processPicture(file);
      if (!result.ok) {
        problems.push({ path: field.path, message: refusalMessage(view, result.refusal) });
        continue;
      }
      field.set(await editor.pictures.keep(result.jpeg));
      const group = draftAt(node, draft, field.path.split(".").slice(0, -1).join("."));
      if (group && isPictureGroup(group.node) && typeof group.value === "object" && !Array.isArray(group.value)) {
        if (typeof group.value.focus === "object") group.value.focus = { x: "", y: "" };
        if (typeof group.value.zoom === "string") group.value.zoom = "";
      }
    }
    return problems;
  };

  /**
   * A click on a picture of the focus picker, posted without a script (`<input type="image">`
   * sends where it was clicked, `_focus:<group>.x` and `.y`, in CSS pixels of the picture drawn
   * `focusPickerWidth` wide): the group's focus becomes that point, as fractions of the picture.
   */
  const takeFocusClick = async (node: FieldNode, draft: Draft, fields: Record<string, string>): Promise<boolean> => {
    const clicked = Object.keys(fields).find((name) => /^_focus:[A-Za-z0-9_.]+\.x$/.test(name));
    if (!clicked) return false;
    const path = clicked.slice("_focus:".length, -".x".length);
    const group = draftAt(node, draft, path);
    if (!group || !isPictureGroup(group.node) || typeof group.value !== "object" || Array.isArray(group.value)) return true;
    const scene = typeof group.value.scene === "string" ? group.value.scene : "";
    const original = scene ? await editor.pictures.original(scene) : null;
    if (!original) return true;
    const { width = 1, height = 1 } = await sharp(original).metadata();
    const drawnHeight = (focusPickerWidth * height) / width;
    const fraction = (value: string | undefined, size: number) => Math.round(Math.min(1, Math.max(0, Number(value ?? 0) / size)) * 1000) / 1000;
    group.value.focus = { x: String(fraction(fields[`_focus:${path}.x`], focusPickerWidth)), y: String(fraction(fields[`_focus:${path}.y`], drawnHeight)) };
    return true;
  };

  /** A picture of the editor (published or waiting for its save), cut as the form's framing says (`?fx=&fy=&zoom=`), or its whole original (`?whole=1`). */
  routes.get(
    "/admin/content/pictures/:file",
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
      const match = /^([a-z0-9-]{1,100})\.jpg$/.exec(request.params.file);
      if (!match) return notFound(request, reply);
      const { fx, fy, zoom, whole } = request.query;
      let bytes: Buffer | null;
      if (whole !== undefined) bytes = await editor.pictures.original(match[1]!);
      else if (fx !== undefined && fy !== undefined) {
        const original = await editor.pictures.original(match[1]!);
        bytes = original ? await cropScene(original, { focus: { x: fx, y: fy }, ...(zoom !== undefined ? { zoom } : {}) }, 1200) : null;
      } else bytes = await editor.pictures.read(match[1]!);
      if (!bytes) return notFound(request, reply);
      return reply.type("image/jpeg").send(bytes);
    },
  );

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
    /** An earlier version put into the form, to review before saving. */
    restored?: RestoredVersion | null;
  }
  /** The size of each picture's original the draft names: the focus picker draws its frame over it. */
  const pictureSizes = async (node: FieldNode, draft: Draft) => {
    const sizes = new Map<string, { width: number; height: number }>();
    for (const { scene } of pictureUsesOf(node, valueOf(node, draft))) {
      const original = await editor.pictures.original(scene);
      if (!original || sizes.has(scene)) continue;
      const { width, height } = await sharp(original).metadata();
      if (width && height) sizes.set(scene, { width, height });
    }
    return sizes;
  };

  /**
   * Whether an item's saved draft is the version on the live site (`live`), differs from it
   * (`draft`), or was never published (`new`). Before anything is published, the folder is live.
   */
  const publicationOf = async (type: ContentType, id: string): Promise<Publication> => {
    const current = await editor.published.current();
    if (!current) return "live";
    const [saved, live] = await Promise.all([repository.read(type, id), publishedValue(editor.published, { type, id })]);
    if (live === undefined) return "new";
    return sameReading(saved?.value, live) ? "live" : "draft";
  };

  /** The shop's wines as the tours' "wines poured" offers them: by name and vintage, in the staff's language. */
  const wineChoices = (view: ViewContext) => {
    const wines = contentType("wines")!;
    return context.content.current.wines.map((wine) => [wine.id, itemTitle(view, wines, wine.id, wine)] as const);
  };

  const renderForm = async (request: FastifyRequest, reply: FastifyReply, form: FormRender) => {
    const node = formFor(form.type);
    const review = form.id === null ? new Set<string>() : editor.review.of(form.type.id, form.id);
    const { total, filled } = completeness(node, form.draft);
    const view = viewFor(context, request, reply);
    const sizes = await pictureSizes(node, form.draft);
    return sendPage(
      reply,
      form.status ?? 200,
      createElement(ContentItemPage, {
        view,
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
        restored: form.restored ?? null,
        title: form.id === null ? null : itemTitle(view, form.type, form.id, valueOf(node, form.draft)),
        livePreview: form.type.page !== undefined && editor.live.available(),
        schedule: form.id === null ? [] : editor.schedule.waiting().filter((moment) => moment.type === form.type.id && moment.item === form.id),
        pictureSizes: sizes,
        pickerWidth: focusPickerWidth,
        choices: { wines: wineChoices(view) },
        publication: form.id === null ? null : await publicationOf(form.type, form.id),
        saved: form.id === null ? null : draftOf(node, (await repository.read(form.type, form.id))?.value),
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
    const view = viewFor(context, request, reply);
    const waiting = editor.schedule.waiting();
    const pending = new Map((await pendingItems(repository, editor.published)).map((item) => [itemKey(item), item]));
    const types = await Promise.all(
      contentTypes.map(async (type) => {
        const node = formFor(type);
        const listed = await Promise.all(
          (await repository.ids(type)).map(async (id) => {
            const stored = await repository.read(type, id);
            const { total, filled } = completeness(node, draftOf(node, stored?.value));
            const record = isRecord(stored?.value) ? stored.value : {};
            const sortKey = type.sortBy ? String(record[type.sortBy] ?? "") : "";
            const item: ListedItem = {
              id,
              title: itemTitle(view, type, id, stored?.value),
              total,
              filled,
              review: reviewCounts(editor.review.of(type.id, id)),
              publishAt: typeof record.publishAt === "string" ? record.publishAt : null,
              unpublishAt: typeof record.unpublishAt === "string" ? record.unpublishAt : null,
              scheduled: waiting.filter((moment) => moment.type === type.id && moment.item === id),
              publication: publicationState(pending.get(itemKey({ type, id }))),
            };
            return { item, sortKey };
          }),
        );
        // The site's own order: newest first where the type has a date or a vintage.
        const items = listed.sort((a, b) => b.sortKey.localeCompare(a.sortKey) || a.item.id.localeCompare(b.item.id)).map(({ item }) => item);
        return { type, items };
      }),
    );
    return sendPage(reply, 200, createElement(ContentListPage, { view, types, now: context.now(), notice: noticeOf(request, reply, request.query.done) }));
  });

  const newItem = z.object({ type: z.string() });
  routes.get("/admin/content/:type/new", { config: contentRoles, schema: { params: newItem, ...noticeQuery } }, async (request, reply) => {
    const type = contentType(request.params.type);
    if (!type || type.where.kind !== "collection") return notFound(request, reply);
    return renderForm(request, reply, { type, id: null, draft: draftOf(formFor(type), undefined), version: null, done: request.query.done });
  });

  /**
   * A posted form: a list button or a click on a picture changes the form without saving; "save"
   * checks the item with the build's schema and the whole folder, and writes and commits it only
   * when both accept. A refusal shows the form again with everything typed.
   */
  const save = async (
    request: FastifyRequest,
    reply: FastifyReply,
    { fields, files }: z.output<typeof contentForm>,
    type: ContentType,
    existingId: string | null,
  ) => {
    const node = formFor(type);
    const draft = draftFromForm(node, fields);
    const version = existingId === null ? null : String(fields._version ?? "");
    const newId = String(fields._id ?? "").trim();
    // A restore being reviewed: the version it came from, said again until the save.
    const restoredCommit = /^[0-9a-f]{40}$/.test(fields._restoredFrom ?? "") ? fields._restoredFrom! : null;
    const restoredFrom =
      restoredCommit && existingId !== null
        ? ((await repository.history(type, existingId)).find((revision) => revision.commit === restoredCommit) ?? null)
        : null;
    const view = viewFor(context, request, reply);
    const restoredView = async (): Promise<RestoredVersion | null> => {
      if (!restoredFrom || existingId === null) return null;
      const current = await repository.read(type, existingId);
      return { revision: restoredFrom, changes: describeChanges(view, current?.value, valueOf(node, draft), 40) };
    };
    const again = async (extra: Partial<FormRender>) =>
      renderForm(request, reply, { type, id: existingId, newId, draft, version, status: 400, restored: await restoredView(), ...extra });
    // A chosen picture is taken first, whatever the button: kept (and shown) even when the save is refused.
    const uploadProblems = await takeUploads(view, node, draft, files);
    if (await takeFocusClick(node, draft, fields)) return again({ status: 200, problems: uploadProblems });
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
    const controls = typedTextProblems(view, node, draft, await knownValues(type));
    if (!checked.ok || controls.length > 0)
      return again({
        problems: [...controls, ...(checked.ok ? [] : checked.problems.filter((problem) => !controls.some((control) => control.path === problem.path)))],
      });
    const before = await repository.read(type, id);
    const relativeFile = type.where.kind === "single" ? `${type.where.file}.json` : `${type.where.folder}/${id}.json`;
    try {
      const pictures = await editor.pictures.changes(pictureUsesOf(node, value), pictureUsesOf(node, before?.value), (name) =>
        repository.mentions(name, relativeFile),
      );
      const { problems } = await repository.save(
        type,
        id,
        value,
        version,
        { email: actor(request) },
        commitMessage(type, id, before?.value, value, restoredFrom),
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
    await editor.schedule.itemChanged(type, id, value);
    if (restoredFrom) log(request, auditActions.contentRestored, type, id, { commit: restoredFrom.commit });
    else log(request, existingId === null ? auditActions.contentCreated : auditActions.contentSaved, type, id);
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
    return renderForm(request, reply, {
      type: item.type,
      id: item.id,
      draft: draftOf(formFor(item.type), stored.value),
      version: stored.version,
      done: request.query.done,
    });
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
    const view = viewFor(context, request, reply);
    return sendPage(
      reply,
      200,
      createElement(ContentDeletePage, {
        view,
        type: item.type,
        id: item.id,
        title: itemTitle(view, item.type, item.id, stored.value),
        version: stored.version,
        problem: null,
      }),
    );
  });

  routes.post("/admin/content/:type/:id/delete", { config: contentRoles, schema: { params: itemParams, ...form } }, async (request, reply) => {
    const item = target(request.params);
    const stored = item && item.type.where.kind === "collection" ? await repository.read(item.type, item.id) : null;
    if (!item || !stored) return notFound(request, reply);
    const { fields } = request.body;
    const view = viewFor(context, request, reply);
    const title = itemTitle(view, item.type, item.id, stored.value);
    const page = (status: number, problem: string) =>
      sendPage(reply, status, createElement(ContentDeletePage, { view, type: item.type, id: item.id, title, version: stored.version, problem }));
    if (fields.confirm !== "yes") return page(400, view.t("error.confirm"));
    try {
      const english = itemTitle({ lang: "en" }, item.type, item.id, stored.value);
      await repository.remove(
        item.type,
        item.id,
        String(fields._version ?? ""),
        { email: actor(request) },
        adminTranslator("en").t("content.commit.deleted", { title: english }),
      );
    } catch (error) {
      if (!(error instanceof VersionConflict)) throw error;
      const who = error.latest ? view.t("content.conflict", { who: error.latest.author, when: error.latest.at }) : view.t("content.conflictUnknown");
      return page(409, who);
    }
    editor.review.forget(item.type.id, item.id);
    await editor.schedule.itemChanged(item.type, item.id, null);
    log(request, auditActions.contentDeleted, item.type, item.id);
    return reply.redirect("/admin/content?done=deleted", 303);
  });

  routes.get("/admin/content/:type/:id/history", { config: contentRoles, schema: { params: itemParams, ...noticeQuery } }, async (request, reply) => {
    const item = target(request.params);
    const stored = item && (await repository.read(item.type, item.id));
    if (!item || !stored) return notFound(request, reply);
    const view = viewFor(context, request, reply);
    const revisions = await repository.history(item.type, item.id);
    // Each version against the one before it: what that save changed, in words.
    const texts = await repository.textsAt(
      item.type,
      item.id,
      revisions.map((revision) => revision.commit),
    );
    const parse = (text: string | null | undefined): unknown => {
      try {
        return text ? JSON.parse(text) : undefined;
      } catch {
        return undefined;
      }
    };
    // The version the live site has: the one whose file is the published one, byte for byte.
    const current = await editor.published.current();
    const liveBlob = current ? (await editor.published.files(current.commit)).get(itemFile(item)) : undefined;
    const blobs = new Map<string, string>();
    for (const [commit, text] of texts) if (text !== null) blobs.set(commit, await editor.published.blobIdOf(Buffer.from(text, "utf8")));
    const entries: HistoryEntry[] = revisions.map((revision, index) => {
      const after = parse(texts.get(revision.commit));
      const earlier = revisions[index + 1];
      const before = earlier ? parse(texts.get(earlier.commit)) : undefined;
      return {
        revision,
        created: earlier === undefined,
        changes: earlier === undefined ? [] : describeChanges(view, before, after, 8),
        current: index === 0,
        // Before anything was published, the newest version is the live one.
        live: current ? liveBlob !== undefined && blobs.get(revision.commit) === liveBlob : index === 0,
      };
    });
    return sendPage(
      reply,
      200,
      createElement(ContentHistoryPage, {
        view,
        type: item.type,
        id: item.id,
        title: itemTitle(view, item.type, item.id, stored.value),
        entries,
        notice: noticeOf(request, reply, request.query.done),
      }),
    );
  });

  /**
   * An earlier version put back into the form, not saved: the page says what it changes against
   * the current version; saving it is a change like any other (checked, committed, then published
   * with the rest).
   */
  routes.post("/admin/content/:type/:id/restore", { config: contentRoles, schema: { params: itemParams, ...form } }, async (request, reply) => {
    const item = target(request.params);
    const stored = item && (await repository.read(item.type, item.id));
    if (!item || !stored) return notFound(request, reply);
    const commit = String(request.body.fields.commit ?? "");
    const revision = (await repository.history(item.type, item.id)).find((candidate) => candidate.commit === commit);
    const text = revision ? await repository.at(item.type, item.id, commit) : null;
    let value: unknown;
    try {
      value = text === null ? undefined : JSON.parse(text);
    } catch {
      value = undefined;
    }
    if (!revision || value === undefined) return notFound(request, reply);
    const view = viewFor(context, request, reply);
    const node = formFor(item.type);
    const changes = changesBetween(stored.value, value).length === 0 ? [] : describeChanges(view, stored.value, value, 40);
    return renderForm(request, reply, {
      type: item.type,
      id: item.id,
      draft: draftOf(node, value),
      version: stored.version,
      status: 200,
      restored: { revision, changes },
    });
  });
});
