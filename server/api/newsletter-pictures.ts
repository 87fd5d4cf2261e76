/**
 * The picture of a newsletter issue, as mail programs fetch it (server/mail/newsletter.ts names it
 * `/newsletter/pictures/<name>.jpg` under /api): a scene of the live site (its published content,
 * never a draft), or a photograph uploaded for an issue cut as the issue frames it (the name says
 * where: `upload-…-250-400-150`), 1200 px wide. Open to all and cacheable, loadable from any site
 * (`Cross-Origin-Resource-Policy: cross-origin`: webmails show it in their own pages), without the
 * API's per-address limit: the mail providers' image proxies fetch it for many subscribers from few
 * addresses. Only names of the scene pattern reach the disk, and only pictures the site shows or an
 * issue was given.
 */
import { existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import sharp from "sharp";
import { z } from "zod";
import { apiPaths } from "#core/paths";
import { uploadCutOf } from "../mail/newsletter";
import { cropScene, newsletterPicturesFolder, UploadStore } from "../pictures";

/** The path of the route, under the site: the e-mails name it (server/mail/newsletter.ts `newsletterPicturePath`). */
const newsletterPictureRoute = `${apiPaths.newsletterPictures}/:file`;

/** Pictures made, by name and the source's modification time: the same issue is fetched by every subscriber. */
const made = new Map<string, Buffer>();

export async function newsletterPictureRoutes(api: FastifyInstance, options: { dataDir: string }): Promise<void> {
  const uploads = new UploadStore(join(options.dataDir, newsletterPicturesFolder));
  api.setValidatorCompiler(validatorCompiler);
  api.withTypeProvider<ZodTypeProvider>().get(newsletterPictureRoute, { schema: { params: z.object({ file: z.string() }) } }, async (request, reply) => {
    const name = /^(.+)\.jpg$/.exec(request.params.file)?.[1] ?? "";
    const cut = uploadCutOf(name);
    // A scene of the live site (the content store's published content), or a photograph an issue was given.
    const file = cut ? (uploads.has(cut.upload) ? uploads.file(cut.upload) : null) : api.content.scenePicture(name);
    if (!file || !existsSync(file)) return reply.status(404).type("application/json; charset=utf-8").send({ error: "No such picture" });
    const key = `${file}:${name}:${(await stat(file)).mtimeMs}`;
    let bytes = made.get(key);
    if (!bytes) {
      const source = await readFile(file);
      bytes = cut
        ? await cropScene(source, cut.framing, 1200)
        : await sharp(source).resize({ width: 1200, withoutEnlargement: true }).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
      if (made.size > 50) made.clear();
      made.set(key, bytes);
    }
    // Shown inside other sites (a webmail's page loads it from its own origin): the site's `same-origin` would block it there.
    return reply.type("image/jpeg").header("Cache-Control", "public, max-age=86400").header("Cross-Origin-Resource-Policy", "cross-origin").send(bytes);
  });
}
