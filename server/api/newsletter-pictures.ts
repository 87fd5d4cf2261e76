/**
 * The picture of a newsletter issue, as mail programs fetch it (server/mail/newsletter.ts names it
 * `/newsletter/pictures/<scene>.jpg` under /api): a scene of the content, 1200 px wide. Open to all
 * and cacheable, loadable from any site (`Cross-Origin-Resource-Policy: cross-origin`: webmails show
 * it in their own pages), without the API's per-address limit: the mail providers' image proxies
 * fetch it for many subscribers from few addresses. Only names of the scene pattern reach the disk, and only
 * pictures the site already shows (content/images/scenes of the content store's folder).
 */
import { readFile, stat } from "node:fs/promises";
import type { FastifyInstance } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import sharp from "sharp";
import { z } from "zod";
import { apiPaths } from "#core/paths";

/** The path of the route, under the site: the e-mails name it (server/mail/newsletter.ts `newsletterPicturePath`). */
const newsletterPictureRoute = `${apiPaths.newsletterPictures}/:file`;

/** Pictures made, by scene and the source's modification time: the same issue is fetched by every subscriber. */
const made = new Map<string, Buffer>();

export async function newsletterPictureRoutes(api: FastifyInstance): Promise<void> {
  api.setValidatorCompiler(validatorCompiler);
  api.withTypeProvider<ZodTypeProvider>().get(newsletterPictureRoute, { schema: { params: z.object({ file: z.string() }) } }, async (request, reply) => {
    const name = /^(.+)\.jpg$/.exec(request.params.file)?.[1];
    const file = name ? api.content.scenePicture(name) : null;
    if (!file) return reply.status(404).type("application/json; charset=utf-8").send({ error: "No such picture" });
    const key = `${name}:${(await stat(file)).mtimeMs}`;
    let bytes = made.get(key);
    if (!bytes) {
      bytes = await sharp(await readFile(file))
        .resize({ width: 1200, withoutEnlargement: true })
        .jpeg({ quality: 80, mozjpeg: true })
        .toBuffer();
      if (made.size > 50) made.clear();
      made.set(key, bytes);
    }
    // Shown inside other sites (a webmail's page loads it from its own origin): the site's `same-origin` would block it there.
    return reply.type("image/jpeg").header("Cache-Control", "public, max-age=86400").header("Cross-Origin-Resource-Policy", "cross-origin").send(bytes);
  });
}
