import { existsSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { adminTranslator } from "#locales/admin";
import { attribute, elements, parseHtml, siteOrigin, type StaffClient } from "../../../__tests__/support/admin";
import { contentRepository, formValues, git, signedInOnContent } from "../../../__tests__/support/content";
import { PictureStore } from "../pictures";
import { processPicture, UploadedFile } from "../../../pictures";
import { closedAfterEachTest, tempDataDir } from "../../../__tests__/support/fixtures";

/**
 * Photographs uploaded in the content editor: only JPEG, PNG, WebP and AVIF
 * by their bytes, within the limits, re-encoded without their metadata, with the refusal said at
 * the field; what was typed is kept and nothing is written on a refusal.
 */

const en = adminTranslator("en").t;
const html = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]!);
const editor = { email: "claire@hermitage-lescours.example", password: "a long and unusual passphrase" };
const { apps } = closedAfterEachTest();

const scenes = (dir: string) => readdirSync(join(dir, "images", "scenes")).sort();

/** A new news item, written out in five languages, with its photo's description. */
const newsItem: Record<string, string> = {
  _id: "new-cellar-photo",
  date: "2027-03-15",
  category: "product",
  icon: "bottle",
  ...Object.fromEntries(
    (["en", "fr", "zh", "es", "ja"] as const).flatMap((lang) => [
      [`title.${lang}`, `Title ${lang}`],
      [`description.${lang}`, `Teaser ${lang}`],
      [`content.${lang}`, `Full text ${lang}`],
      [`photo.alt.${lang}`, `The new cellar, ${lang}`],
    ]),
  ),
  "photo.scene": "",
};

interface Upload {
  name: string;
  type: string;
  bytes: Buffer;
}

/** POSTs a form as `multipart/form-data`, as the browser sends the content form with a file chosen. */
async function postMultipart(
  app: FastifyInstance,
  client: StaffClient,
  url: string,
  fields: Record<string, string>,
  files: Record<string, Upload>,
  csrf = true,
) {
  const form = new FormData();
  if (csrf) form.set("_csrf", client.csrf);
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const [name, file] of Object.entries(files)) form.set(name, new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  const request = new Request("http://localhost/", { method: "POST", body: form });
  const response = await app.inject({
    method: "POST",
    url,
    remoteAddress: client.address,
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type")!, origin: siteOrigin, cookie: client.cookieHeader },
  });
  const token = /name="_csrf" value="([^"]+)"/.exec(response.body);
  if (token) client.csrf = token[1]!;
  return response;
}

async function signedIn() {
  const signed = await signedInOnContent(apps, editor, { dir: contentRepository() });
  await signed.client.get("/admin/content/news/new");
  return signed;
}

/** A photograph from a phone: 2400 × 1800, with the camera's EXIF and the place it was taken (GPS). */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 2400, height: 1800, channels: 3, background: { r: 120, g: 40, b: 60 } } })
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Pocket Camera 9", Artist: "Secret Photographer" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "44/1 52/1 3000/100", GPSLongitudeRef: "W", GPSLongitude: "0/1 10/1 2000/100" },
    })
    .jpeg()
    .toBuffer();
}

/** The problem shown at a form field, and the field's control marked invalid. */
function problemAt(body: string, name: string): string {
  const nodes = elements(parseHtml(body));
  const control = nodes.find((element) => attribute(element, "name") === `${name}.upload`);
  expect(control && attribute(control, "aria-invalid")).toBe("true");
  const problem = nodes.find((element) => attribute(element, "id") === `problem-${name}`);
  return problem ? problem.childNodes.map((node) => ("value" in node ? String(node.value) : "")).join("") : "";
}

describe("photographs in the content editor", () => {
  it("takes a phone's JPEG without its GPS position or camera details, crops it to 16:9 and commits it with the item", async () => {
    const { app, client, dir } = await signedIn();
    const photo = await phonePhoto();
    // The original carries the position and the photographer's name.
    const original = await sharp(photo).metadata();
    expect(original.exif?.includes("Secret Photographer")).toBe(true);
    expect(original.exif?.includes("GPS") || original.exif?.includes(Buffer.from([0x88, 0x25])) || original.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(
      true,
    );

    const form = await client.get("/admin/content/news/new");
    expect(form.body).toMatch(/enctype="multipart\/form-data"/i);
    const before = scenes(dir);
    const saved = await postMultipart(
      app,
      client,
      "/admin/content/news/new",
      { ...newsItem, _op: "save" },
      { "photo.scene.upload": { name: "IMG_2041.JPG", type: "image/jpeg", bytes: photo } },
    );
    expect(saved.statusCode).toBe(303);

    const item = JSON.parse(readFileSync(join(dir, "news/new-cellar-photo.json"), "utf8")) as { photo: { scene: string; alt: Record<string, string> } };
    expect(item.photo.alt.ja).toBe("The new cellar, ja");
    const added = scenes(dir).filter((name) => !before.includes(name));
    expect(added).toEqual([`${item.photo.scene}.jpg`]);
    const stored = readFileSync(join(dir, "images", "scenes", added[0]!));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored.includes("Secret Photographer")).toBe(false);
    expect(stored.includes("Pocket Camera")).toBe(false);
    expect([meta.width, meta.height]).toEqual([2400, 1350]);

    // The whole picture is kept beside it, as its original (the scene is cut from it), without metadata either.
    const kept = readFileSync(join(dir, "images", "originals", added[0]!));
    expect((await sharp(kept).metadata()).exif).toBeUndefined();
    expect(kept.includes("Secret Photographer")).toBe(false);
    // One commit holds the item, its picture and its original, authored by the editor; nothing is left aside.
    expect(git(dir, "show", "--name-only", "--format=%ae", "HEAD").trim().split("\n").filter(Boolean).sort()).toEqual(
      [editor.email, "news/new-cellar-photo.json", `images/scenes/${added[0]}`, `images/originals/${added[0]}`].sort(),
    );
    expect(git(dir, "status", "--porcelain")).toBe("");
    // The form shows the picture it now has, as its frame cuts it, served to the staff only.
    const page = await client.get("/admin/content/news/new-cellar-photo");
    expect(page.body).toContain(`src="/admin/content/pictures/${item.photo.scene}.jpg?fx=0.5&amp;fy=0.5&amp;zoom=1"`);
    const served = await client.get(`/admin/content/pictures/${item.photo.scene}.jpg`);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    expect((await app.inject({ method: "GET", url: `/admin/content/pictures/${item.photo.scene}.jpg` })).statusCode).toBe(303);
  });

  it("refuses an SVG, and a web page or a broken PNG named .jpg, at the field, keeping what was typed and writing nothing", async () => {
    const { app, client, dir } = await signedIn();
    const before = scenes(dir);
    // The eight bytes that open a PNG, then a page.
    const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const refusals: [Upload, string][] = [
      [
        { name: "logo.svg", type: "image/svg+xml", bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') },
        "content.picture.type",
      ],
      [
        { name: "photo.jpg", type: "image/jpeg", bytes: Buffer.from("<!doctype html><html><script>alert(document.cookie)</script></html>") },
        "content.picture.type",
      ],
      [
        { name: "photo.jpg", type: "image/jpeg", bytes: Buffer.concat([pngSignature, Buffer.from("<html><script>alert(1)</script></html>")]) },
        "content.picture.type",
      ],
      // The first bytes of a JPEG, then a page: taken for a JPEG by its bytes, then not readable as one.
      [
        {
          name: "photo.jpg",
          type: "image/jpeg",
          bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("<html><script>alert(1)</script></html>")]),
        },
        "content.picture.unreadable",
      ],
    ];
    for (const [file, message] of refusals) {
      const refused = await postMultipart(
        app,
        client,
        "/admin/content/news/new",
        { ...newsItem, "title.fr": "Le nouveau chai", _op: "save" },
        { "photo.scene.upload": file },
      );
      expect(refused.statusCode).toBe(400);
      expect(problemAt(refused.body, "photo.scene")).toBe(en(message as "content.picture.type"));
      // The list of problems names the field: "Photo — File: …".
      expect(refused.body).toContain(
        html(en("content.problemAt", { field: `${en("content.field.photo")} — ${en("content.field.scene")}`, problem: en(message as "content.picture.type") })),
      );
      expect(refused.body).toContain('value="Le nouveau chai"');
      expect(refused.body).not.toContain("<script>alert");
    }
    expect(existsSync(join(dir, "news/new-cellar-photo.json"))).toBe(false);
    expect(scenes(dir)).toEqual(before);
    expect(git(dir, "status", "--porcelain")).toBe("");
  });

  it("keeps the picture of a real PNG and nothing else of the file: HTML hidden in it does not survive", async () => {
    const { app, client, dir } = await signedIn();
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#335533" } })
      .png()
      .toBuffer();
    // A text chunk carrying a page, placed before the image data.
    const text = Buffer.from("Comment\0<html><script>alert(1)</script></html>", "latin1");
    const chunk = Buffer.alloc(12 + text.length);
    chunk.writeUInt32BE(text.length, 0);
    chunk.write("tEXt", 4, "latin1");
    text.copy(chunk, 8);
    chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + text.length)), 8 + text.length);
    const polyglot = Buffer.concat([png.subarray(0, 33), chunk, png.subarray(33)]);
    expect(polyglot.includes("<script>")).toBe(true);
    const saved = await postMultipart(
      app,
      client,
      "/admin/content/news/new",
      { ...newsItem, _op: "save" },
      { "photo.scene.upload": { name: "photo.jpg", type: "image/jpeg", bytes: polyglot } },
    );
    expect(saved.statusCode).toBe(303);
    const { photo } = JSON.parse(readFileSync(join(dir, "news/new-cellar-photo.json"), "utf8")) as { photo: { scene: string } };
    const stored = readFileSync(join(dir, "images", "scenes", `${photo.scene}.jpg`));
    expect((await sharp(stored).metadata()).format).toBe("jpeg");
    expect(stored.includes("<script>")).toBe(false);
    expect(stored.includes("html")).toBe(false);
  });

  it("refuses a file over the size limit, a picture of too many pixels and one too small, each at the field", async () => {
    const { app, client, dir } = await signedIn();
    const before = scenes(dir);
    // 26 MB that start as a JPEG.
    const huge = Buffer.concat([await phonePhoto(), Buffer.alloc(26 * 1024 * 1024, 0x41)]);
    // A PNG whose header says 20 000 × 20 000 (400 million pixels), refused before anything is decoded.
    const tiny = await sharp({ create: { width: 1, height: 1, channels: 3, background: "#000000" } })
      .png()
      .toBuffer();
    const giant = Buffer.from(tiny);
    giant.writeUInt32BE(20_000, 16);
    giant.writeUInt32BE(20_000, 20);
    giant.writeUInt32BE(crc32(giant.subarray(12, 29)), 29);
    const small = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#777777" } })
      .webp()
      .toBuffer();
    const cases: [Buffer, string][] = [
      [huge, en("content.picture.tooLarge", { maxMegabytes: 25 })],
      [giant, en("content.picture.tooManyPixels", { maxMegapixels: 100 })],
      [small, en("content.picture.tooSmall", { minWidth: 1600, minHeight: 900 })],
    ];
    for (const [bytes, message] of cases) {
      const refused = await postMultipart(
        app,
        client,
        "/admin/content/news/new",
        { ...newsItem, _op: "save" },
        { "photo.scene.upload": { name: "photo.png", type: "image/png", bytes } },
      );
      expect(refused.statusCode).toBe(400);
      expect(problemAt(refused.body, "photo.scene")).toBe(message);
    }
    expect(scenes(dir)).toEqual(before);
    expect(git(dir, "status", "--porcelain")).toBe("");
  });

  it("keeps an uploaded picture when the save is refused for another field, and saves it with the corrected form", async () => {
    const { app, client, dir } = await signedIn();
    const refused = await postMultipart(
      app,
      client,
      "/admin/content/news/new",
      { ...newsItem, "photo.alt.ja": "", _op: "save" },
      { "photo.scene.upload": { name: "a.jpg", type: "image/jpeg", bytes: await phonePhoto() } },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(html(en("content.issue.required")));
    const scene = /name="photo\.scene" value="(upload-[0-9a-f]+)"/.exec(refused.body)?.[1];
    expect(scene).toBeDefined();
    // Not in the content folder until the save that names it; the form still shows it.
    expect(existsSync(join(dir, "images", "scenes", `${scene}.jpg`))).toBe(false);
    expect((await client.get(`/admin/content/pictures/${scene}.jpg`)).statusCode).toBe(200);
    const saved = await postMultipart(
      app,
      client,
      "/admin/content/news/new",
      { ...newsItem, "photo.scene": scene!, _op: "save" },
      { "photo.scene.upload": { name: "", type: "application/octet-stream", bytes: Buffer.alloc(0) } },
    );
    expect(saved.statusCode).toBe(303);
    expect(existsSync(join(dir, "images", "scenes", `${scene}.jpg`))).toBe(true);
    expect(git(dir, "status", "--porcelain")).toBe("");
  });

  it("refuses a multipart form whose field is sent twice with 400 naming it, keeping neither the item nor the picture", async () => {
    const { app, client, dir } = await signedIn();
    const before = scenes(dir);
    // As the browser sends the form with a file chosen, plus a second value for one field (no page of this site does that).
    const form = new FormData();
    form.set("_csrf", client.csrf);
    for (const [name, value] of Object.entries({ ...newsItem, _op: "save" })) form.set(name, value);
    form.append("category", "team");
    form.set("photo.scene.upload", new File([new Uint8Array(await phonePhoto())], "a.jpg", { type: "image/jpeg" }));
    const request = new Request("http://localhost/", { method: "POST", body: form });
    const refused = await app.inject({
      method: "POST",
      url: "/admin/content/news/new",
      remoteAddress: client.address,
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { "content-type": request.headers.get("content-type")!, origin: siteOrigin, cookie: client.cookieHeader },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("This form was sent with fields the site cannot read: category. Nothing was changed. Reload the page and try again.");
    expect(scenes(dir)).toEqual(before);
    expect(existsSync(join(dir, "news/new-cellar-photo.json"))).toBe(false);
  });

  it("takes a photograph off an item: the button empties the picture and its descriptions, the save leaves the photo out", async () => {
    const { app, client, dir } = await signedIn();
    await postMultipart(
      app,
      client,
      "/admin/content/news/new",
      { ...newsItem, _op: "save" },
      { "photo.scene.upload": { name: "a.jpg", type: "image/jpeg", bytes: await phonePhoto() } },
    );
    const file = join(dir, "news/new-cellar-photo.json");
    const saved = readFileSync(file, "utf8");
    const { scene } = (JSON.parse(saved) as { photo: { scene: string } }).photo;
    const page = await client.get("/admin/content/news/new-cellar-photo");
    expect(page.body).toContain(html(en("content.picture.remove")));
    const version = /name="_version" value="([^"]+)"/.exec(page.body)![1]!;
    const { _id: _, ...fields } = newsItem;
    const posted = { ...fields, "photo.scene": scene, _version: version };

    // Without the session's token: refused, nothing changes.
    const forged = await postMultipart(app, client, "/admin/content/news/new-cellar-photo", { ...posted, _op: "clear:photo" }, {}, false);
    expect(forged.statusCode).toBe(403);

    const cleared = await postMultipart(app, client, "/admin/content/news/new-cellar-photo", { ...posted, _op: "clear:photo" }, {});
    expect(cleared.statusCode).toBe(200);
    expect(cleared.body).not.toContain(`/admin/content/pictures/${scene}.jpg`);
    expect(cleared.body).not.toContain("The new cellar, ja");
    expect(cleared.body).toContain(html(en("content.picture.none")));
    // The button changes the form only: the item keeps its photo until the save.
    expect(readFileSync(file, "utf8")).toBe(saved);

    const blank = Object.fromEntries(Object.entries(posted).map(([name, value]) => [name, name.startsWith("photo.") ? "" : value]));
    const removed = await postMultipart(app, client, "/admin/content/news/new-cellar-photo", { ...blank, _op: "save" }, {});
    expect(removed.statusCode).toBe(303);
    const item = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    expect(item).not.toHaveProperty("photo");
    expect(item.title).toMatchObject({ en: "Title en", ja: "Title ja" });
    expect((await client.get("/admin/content/news/new-cellar-photo")).body).not.toContain(html(en("content.picture.remove")));
  });

  it("frames a photograph on its subject: a click on the picture (without a script) sets the focus, the zoom tightens, and the save cuts the scene again from the original", async () => {
    const { app, client, dir } = await signedIn();
    // 2400 × 1800, grey, with a red block centred a quarter across and a quarter down: the subject.
    const block = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#ff0000" } })
      .png()
      .toBuffer();
    const photo = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: "#808080" } })
      .composite([{ input: block, left: 450, top: 300 }])
      .jpeg()
      .toBuffer();
    await postMultipart(
      app,
      client,
      "/admin/content/news/new",
      { ...newsItem, _op: "save" },
      { "photo.scene.upload": { name: "a.jpg", type: "image/jpeg", bytes: photo } },
    );
    const file = join(dir, "news/new-cellar-photo.json");
    const { scene } = (JSON.parse(readFileSync(file, "utf8")) as { photo: { scene: string } }).photo;
    const before = readFileSync(file, "utf8");
    const page = await client.get("/admin/content/news/new-cellar-photo");
    // The picker: the whole picture as an image button 320 px wide (240 high for 4:3).
    const picker = elements(parseHtml(page.body)).find((element) => attribute(element, "name") === "_focus:photo")!;
    expect(["type", "src", "alt", "width", "height"].map((name) => attribute(picker, name))).toEqual([
      "image",
      `/admin/content/pictures/${scene}.jpg?whole=1`,
      en("content.picture.focusPick"),
      "320",
      "240",
    ]);
    const whole = await client.get(`/admin/content/pictures/${scene}.jpg?whole=1`);
    expect(await sharp(whole.rawPayload).metadata()).toMatchObject({ width: 2400, height: 1800 });
    const version = /name="_version" value="([^"]+)"/.exec(page.body)![1]!;
    const { _id: _, ...fields } = newsItem;
    // A click at (80, 60) of the 320 × 240 picture: the form comes back with that focus, nothing saved.
    const clicked = await postMultipart(
      app,
      client,
      "/admin/content/news/new-cellar-photo",
      { ...fields, "photo.scene": scene, _version: version, "_focus:photo.x": "80", "_focus:photo.y": "60" },
      {},
    );
    expect(clicked.statusCode).toBe(200);
    expect(readFileSync(file, "utf8")).toBe(before);
    const values = formValues(clicked.body);
    expect([values["photo.focus.x"], values["photo.focus.y"]]).toEqual(["0.25", "0.25"]);
    // Saved with a frame twice as tight: the scene is cut again, around the red block.
    const head = git(dir, "rev-parse", "HEAD").trim();
    expect((await postMultipart(app, client, "/admin/content/news/new-cellar-photo", { ...values, "photo.zoom": "2", _op: "save" }, {})).statusCode).toBe(303);
    expect((JSON.parse(readFileSync(file, "utf8")) as { photo: unknown }).photo).toMatchObject({ scene, focus: { x: 0.25, y: 0.25 }, zoom: 2 });
    const cut = sharp(readFileSync(join(dir, "images", "scenes", `${scene}.jpg`)));
    expect(await cut.metadata()).toMatchObject({ width: 1200, height: 675 });
    const { data } = await cut.extract({ left: 595, top: 333, width: 10, height: 10 }).raw().toBuffer({ resolveWithObject: true });
    expect([data[0]! > 200, data[1]! < 60, data[2]! < 60]).toEqual([true, true, true]);
    // The original is unchanged; the commit holds the item and its new cut.
    expect(git(dir, "diff", "--name-only", head, "HEAD").trim().split("\n").sort()).toEqual(["images/scenes/" + scene + ".jpg", "news/new-cellar-photo.json"]);
  });

  it("replacing a photograph keeps its place and its descriptions; the replaced picture leaves the folder (not the history) when nothing else shows it", async () => {
    const { app, client, dir } = await signedIn();
    await postMultipart(
      app,
      client,
      "/admin/content/news/new",
      { ...newsItem, _op: "save" },
      { "photo.scene.upload": { name: "a.jpg", type: "image/jpeg", bytes: await phonePhoto() } },
    );
    const file = join(dir, "news/new-cellar-photo.json");
    const first = (JSON.parse(readFileSync(file, "utf8")) as { photo: { scene: string } }).photo.scene;
    const page = await client.get("/admin/content/news/new-cellar-photo");
    const values = formValues(page.body);
    const other = await sharp({ create: { width: 2000, height: 1200, channels: 3, background: "#224466" } })
      .jpeg()
      .toBuffer();
    expect(
      (
        await postMultipart(
          app,
          client,
          "/admin/content/news/new-cellar-photo",
          { ...values, _op: "save" },
          { "photo.scene.upload": { name: "b.jpg", type: "image/jpeg", bytes: other } },
        )
      ).statusCode,
    ).toBe(303);
    const item = JSON.parse(readFileSync(file, "utf8")) as { photo: { scene: string; alt: Record<string, string> } };
    expect(item.photo.scene).not.toBe(first);
    expect(item.photo.alt.ja).toBe("The new cellar, ja");
    expect(existsSync(join(dir, "images", "scenes", `${first}.jpg`))).toBe(false);
    expect(existsSync(join(dir, "images", "originals", `${first}.jpg`))).toBe(false);
    expect(git(dir, "cat-file", "-t", `HEAD~1:images/scenes/${first}.jpg`).trim()).toBe("blob");
    expect(git(dir, "status", "--porcelain")).toBe("");

    // In a list (the villa's gallery), the new picture takes the replaced one's place, with its caption and description.
    const villa = formValues((await client.get("/admin/content/villa/villa")).body);
    const replaced = await postMultipart(
      app,
      client,
      "/admin/content/villa/villa",
      { ...villa, _op: "save" },
      { "gallery.1.scene.upload": { name: "c.jpg", type: "image/jpeg", bytes: other } },
    );
    expect(replaced.statusCode).toBe(303);
    const gallery = (JSON.parse(readFileSync(join(dir, "villa.json"), "utf8")) as { gallery: { id: string; scene: string; caption: Record<string, string> }[] })
      .gallery;
    expect(gallery.map((view) => view.id)).toEqual(
      Number(villa["gallery.__count"]) > 0 ? Array.from({ length: Number(villa["gallery.__count"]) }, (_, i) => villa[`gallery.${i}.id`]) : [],
    );
    expect(gallery[1]!.scene).toBe(item.photo.scene);
    expect(gallery[1]!.caption.fr).toBe(villa["gallery.1.caption.fr"]);
    expect(gallery[0]!.scene).toBe(villa["gallery.0.scene"]);
    // A picture of the project's own (not uploaded here) stays in the folder.
    expect(existsSync(join(dir, "images", "scenes", `${villa["gallery.1.scene"]}.jpg`))).toBe(true);
  });

  it("takes the same photograph uploaded several times at once (a double click on Save): one file, never a 500", async () => {
    const { app, client } = await signedIn();
    const photo = await phonePhoto();
    // The store alone, six at once: each keep wrote the same temporary file and renamed it, so all
    // but the first rename found it gone (ENOENT).
    const store = new PictureStore(tmpdir(), tempDataDir());
    const jpeg = await sharp(photo).jpeg().toBuffer();
    const names = await Promise.all(Array.from({ length: 6 }, () => store.keep(jpeg)));
    expect(new Set(names).size).toBe(1);
    expect((await store.original(names[0]!))?.equals(jpeg)).toBe(true);
    // Through the editor: each answer is the form again (its title is missing), with the picture kept.
    const { ["title.en"]: _title, ...untitled } = newsItem;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        postMultipart(
          app,
          client,
          "/admin/content/news/new",
          { ...untitled, _op: "save" },
          { "photo.scene.upload": { name: "IMG_2041.JPG", type: "image/jpeg", bytes: photo } },
        ),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400, 400, 400]);
    const kept = answers.map((answer) => /name="photo\.scene" value="(upload-[0-9a-f]{16})"/.exec(answer.body)?.[1]);
    expect(new Set(kept).size).toBe(1);
    expect(kept[0]).toBeDefined();
  });

  it("decodes one upload at a time: six large pictures at once no longer hold six decoded images in memory", async () => {
    // 5000 × 4000 in 66 KB: a PNG that compresses well costs little to send and 60 MB to decode.
    const png = await sharp({ create: { width: 5000, height: 4000, channels: 3, background: "#884422" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    // sharp's own count of images in its pipeline, read at every turn of the event loop while they run (4 at once before).
    let most = 0;
    let sampling = true;
    const sample = () => {
      most = Math.max(most, sharp.counters().process);
      if (sampling) setImmediate(sample);
    };
    sample();
    const results = await Promise.all(Array.from({ length: 6 }, () => processPicture(new UploadedFile("big.png", png, false))));
    sampling = false;
    expect(results.map((result) => result.ok)).toEqual(Array(6).fill(true));
    expect(most).toBe(1);
  });

  it("refuses an upload without the session's CSRF token, keeping nothing", async () => {
    const { app, client, dir } = await signedIn();
    const before = scenes(dir);
    const refused = await postMultipart(
      app,
      client,
      "/admin/content/news/new",
      { ...newsItem, _op: "save" },
      { "photo.scene.upload": { name: "a.jpg", type: "image/jpeg", bytes: await phonePhoto() } },
      false,
    );
    expect(refused.statusCode).toBe(403);
    expect(scenes(dir)).toEqual(before);
    expect(existsSync(join(dir, "news/new-cellar-photo.json"))).toBe(false);
  });
});
