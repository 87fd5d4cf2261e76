import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { adminTranslator } from "#locales/admin";
import { addStaff, attribute, elements, parseHtml, StaffClient, textOf } from "../../../__tests__/support/admin";
import { contentCopy, formValues, signedInOnContent } from "../../../__tests__/support/content";
import { closedAfterEachTest } from "../../../__tests__/support/fixtures";

const en = adminTranslator("en").t;
const fr = adminTranslator("fr").t;
const html = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]!);
const editor = { email: "claire@hermitage-lescours.example", password: "a long and unusual passphrase" };
const second = { email: "marc@hermitage-lescours.example", password: "another long unusual passphrase" };

const { apps } = closedAfterEachTest();

/** A content file as JSON, read as the shape the test expects of it. */
const readJson = <T = Record<string, unknown> & { title: Record<string, string> }>(dir: string, file: string): T =>
  JSON.parse(readFileSync(join(dir, file), "utf8")) as T;
const git = (dir: string, ...args: string[]) => execFileSync("git", args, { cwd: dir, encoding: "utf8" });

const signedIn = (role: "editor" | "admin" | "inbox" = "editor", who = editor, dir = contentCopy()) => signedInOnContent(apps, who, { role, dir });

describe("content editor", () => {
  it("lists every content type with its items, for editors; the inbox role is refused", async () => {
    const { app, client, dir } = await signedIn();
    const list = await client.get("/admin/content");
    expect(list.statusCode).toBe(200);
    for (const type of ["news", "wines", "events", "tours", "villa", "story", "importer", "site", "legal"]) {
      expect(list.body).toContain(html(en(`content.type.${type}` as Parameters<typeof en>[0])));
    }
    expect(list.body).toContain(html(readJson(dir, "news/asia-partnership.json").title.en!));
    expect(list.body).toContain('href="/admin/content/wines/chateau-2020"');
    expect(list.body).toContain('href="/admin/content/news/new"');
    expect((await client.get("/admin/account")).body).toContain(`<a href="/admin/content">${html(en("layout.nav.content"))}</a>`);

    await addStaff(app, second.email, second.password, "inbox");
    const inbox = new StaffClient(app);
    await inbox.signIn(second.email, second.password);
    expect((await inbox.get("/admin/content")).statusCode).toBe(403);
    expect((await inbox.get("/admin/account")).body).not.toContain('href="/admin/content"');
    expect((await inbox.post("/admin/content/news/asia-partnership", { "title.en": "x" })).statusCode).toBe(403);
  });

  it("draws a wine's form from its schema: every language of a text, numbers with their limits, choices, lists", async () => {
    const { client, dir } = await signedIn();
    const wine = readJson<{ price: number; ratings: { critic: string }[] }>(dir, "wines/chateau-2020.json");
    const page = await client.get("/admin/content/wines/chateau-2020");
    expect(page.statusCode).toBe(200);
    const values = formValues(page.body);
    for (const lang of ["en", "fr", "zh", "es", "ja"]) expect(values).toHaveProperty(`tastingNotes.${lang}`);
    expect(values.price).toBe(String(wine.price));
    expect(values["ratings.__count"]).toBe(String(wine.ratings.length));
    expect(values["ratings.0.critic"]).toBe(wine.ratings[0]!.critic);
    expect(values.collection).toBe("chateau");
    expect(page.body).toContain(html(en("content.range", { min: 1900, max: 2100 })));
    // A price above nothing, with no upper limit: said as such, never "from 0 to –".
    const priceHint = elements(parseHtml(page.body))
      .filter((element) => element.tagName === "label")
      .map(textOf)
      .find((text) => text.startsWith(en("content.field.price")));
    expect(priceHint).toContain(en("content.rangeAbove", { min: 0 }));
    expect(priceHint).not.toMatch(/–|undefined/);
  });

  it("saves an edit as a git commit authored by the staff member, checked by the build's schema", async () => {
    const { client, dir } = await signedIn();
    const form = formValues((await client.get("/admin/content/news/asia-partnership")).body);
    const saved = await client.post("/admin/content/news/asia-partnership", { ...form, "title.fr": "Un partenaire de plus en Asie", _op: "save" });
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe("/admin/content/news/asia-partnership?done=saved");
    expect(readJson(dir, "news/asia-partnership.json").title.fr).toBe("Un partenaire de plus en Asie");
    // The commit says, for people, which item and what changed in it (in English: git keeps one message).
    const title = readJson(dir, "news/asia-partnership.json").title.en;
    expect(git(dir, "log", "-1", "--format=%ae|%s", "--", "news/asia-partnership.json").trim()).toBe(
      `${editor.email}|${title}: Title (French): “${form["title.fr"]}” → “Un partenaire de plus en Asie”`,
    );
    expect(git(dir, "status", "--porcelain")).toBe("");
  });

  it("refuses a bad save with each problem at its field, in the staff member's language, keeping what was typed", async () => {
    const { client, dir } = await signedIn();
    const before = readFileSync(join(dir, "wines/chateau-2020.json"), "utf8");
    const form = formValues((await client.get("/admin/content/wines/chateau-2020")).body);
    await client.post("/admin/language", { lang: "fr", back: "/admin/content" });
    const refused = await client.post("/admin/content/wines/chateau-2020", {
      ...form,
      price: "-3",
      "tastingNotes.ja": "",
      "tastingNotes.fr": "Robe profonde, tapée à l’instant",
      vintage: "deux mille",
    });
    expect(refused.statusCode).toBe(400);
    expect(readFileSync(join(dir, "wines/chateau-2020.json"), "utf8")).toBe(before);
    const fields = elements(parseHtml(refused.body));
    const problemOf = (name: string) => {
      const input = fields.find((element) => attribute(element, "name") === name)!;
      expect(attribute(input, "aria-invalid")).toBe("true");
      return fields.find((element) => attribute(element, "id") === attribute(input, "aria-describedby"));
    };
    expect(refused.body).toContain(html(fr("content.issue.required")));
    expect(problemOf("tastingNotes.ja")).toBeDefined();
    expect(problemOf("price")).toBeDefined();
    expect(problemOf("vintage")).toBeDefined();
    expect(refused.body).toContain(html(fr("content.issue.above", { minimum: 0 })));
    expect(refused.body).toContain(html(fr("content.issue.number")));
    // What was typed is all there.
    const kept = formValues(refused.body);
    expect(kept["tastingNotes.fr"]).toBe("Robe profonde, tapée à l’instant");
    expect(kept.price).toBe("-3");
    expect(kept.vintage).toBe("deux mille");
  });

  it("refuses what the build refuses beyond the schema: a grape without names in grapes.json", async () => {
    const { client, dir } = await signedIn();
    const before = readFileSync(join(dir, "wines/chateau-2020.json"), "utf8");
    const form = formValues((await client.get("/admin/content/wines/chateau-2020")).body);
    const refused = await client.post("/admin/content/wines/chateau-2020", { ...form, blend: "80% Merlot, 20% Zinfandel", _op: "save" });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("Zinfandel");
    expect(readFileSync(join(dir, "wines/chateau-2020.json"), "utf8")).toBe(before);
    expect(git(dir, "status", "--porcelain")).toBe("");
  });

  it("keeps item ids and file names inside the content folder", async () => {
    const { client, dir } = await signedIn();
    const parent = join(dir, "..");
    const before = readdirSync(parent).sort();
    for (const path of [
      "/admin/content/news/..%2Fsite",
      "/admin/content/news/..",
      "/admin/content/news/.git",
      "/admin/content/news/%2e%2e%2fsite",
      "/admin/content/site/villa",
      "/admin/content/legal/..%2F..%2Fetc",
      "/admin/content/schemas/news",
      "/admin/content/news/NEWS",
    ]) {
      expect((await client.get(path)).statusCode, path).toBe(404);
    }
    const form = formValues((await client.get("/admin/content/news/new")).body);
    for (const id of ["../../escaped", "../site", "a/b", ".hidden", "x".repeat(81), "Upper", "-dash"]) {
      const answer = await client.post("/admin/content/news/new", { ...form, _id: id, _op: "save" });
      expect(answer.statusCode, id).toBe(400);
      expect(answer.body).toContain(html(en("content.issue.id")));
    }
    expect(readdirSync(parent).sort()).toEqual(before);
    expect(existsSync(join(dir, "site.json.tmp"))).toBe(false);
  });

  it("tells the second of two editors who saved first and when, and keeps their text", async () => {
    const { app, client, dir } = await signedIn();
    await addStaff(app, second.email, second.password, "editor");
    const other = new StaffClient(app);
    await other.signIn(second.email, second.password);
    const mine = formValues((await client.get("/admin/content/news/harvest-2026")).body);
    const theirs = formValues((await other.get("/admin/content/news/harvest-2026")).body);
    expect((await other.post("/admin/content/news/harvest-2026", { ...theirs, "title.es": "Vendimia 2026, el relato de Marc", _op: "save" })).statusCode).toBe(
      303,
    );
    const late = await client.post("/admin/content/news/harvest-2026", { ...mine, "title.es": "Vendimia 2026, el relato de Claire", _op: "save" });
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain(second.email);
    expect(formValues(late.body)["title.es"]).toBe("Vendimia 2026, el relato de Claire");
    expect(readJson(dir, "news/harvest-2026.json").title.es).toBe("Vendimia 2026, el relato de Marc");
    // Saving again from the conflict page is a knowing overwrite.
    const again = await client.post("/admin/content/news/harvest-2026", { ...formValues(late.body), _op: "save" });
    expect(again.statusCode).toBe(303);
    expect(readJson(dir, "news/harvest-2026.json").title.es).toBe("Vendimia 2026, el relato de Claire");
  });

  it("creates a news item, then deletes it only after confirmation", async () => {
    const { client, dir } = await signedIn();
    const form = formValues((await client.get("/admin/content/news/new")).body);
    const texts = { en: "Spring bottling", fr: "La mise en bouteille du printemps", zh: "春季装瓶", es: "El embotellado de primavera", ja: "春の瓶詰め" };
    const fields: Record<string, string> = { ...form, _id: "spring-bottling-2027", date: "2027-03-15", category: "product", icon: "bottle", _op: "save" };
    for (const [lang, text] of Object.entries(texts))
      Object.assign(fields, { [`title.${lang}`]: text, [`description.${lang}`]: `${text}.`, [`content.${lang}`]: `${text}.` });
    const created = await client.post("/admin/content/news/new", fields);
    expect(created.statusCode).toBe(303);
    expect(readJson(dir, "news/spring-bottling-2027.json").title).toEqual(texts);
    expect((await client.post("/admin/content/news/new", fields)).body).toContain(html(en("content.issue.idTaken")));

    const confirm = await client.get("/admin/content/news/spring-bottling-2027/delete");
    const version = /name="_version" value="([^"]+)"/.exec(confirm.body)![1]!;
    expect((await client.post("/admin/content/news/spring-bottling-2027/delete", { _version: version })).statusCode).toBe(400);
    expect(existsSync(join(dir, "news/spring-bottling-2027.json"))).toBe(true);
    expect((await client.post("/admin/content/news/spring-bottling-2027/delete", { _version: version, confirm: "yes" })).statusCode).toBe(303);
    expect(existsSync(join(dir, "news/spring-bottling-2027.json"))).toBe(false);
    expect(git(dir, "log", "-1", "--format=%ae|%s").trim()).toBe(`${editor.email}|Deleted Spring bottling`);
  });

  it("shows an item's history in words, and puts an earlier version back in the form to review and save, without publishing", async () => {
    const { app, client, dir } = await signedIn();
    const { price } = readJson(dir, "wines/chateau-2020.json");
    expect(price).toBe(175);
    const form = formValues((await client.get("/admin/content/wines/chateau-2020")).body);
    expect((await client.post("/admin/content/wines/chateau-2020", { ...form, price: "185", _op: "save" })).statusCode).toBe(303);
    expect(readJson(dir, "wines/chateau-2020.json").price).toBe(185);
    // In French: who, when, and what changed (« Prix : 175 € → 185 € »), the first version created.
    await client.post("/admin/language", { lang: "fr", back: "/admin" });
    const history = await client.get("/admin/content/wines/chateau-2020/history");
    expect(history.statusCode).toBe(200);
    const entries = elements(parseHtml(history.body)).filter((element) => element.tagName === "li" && attribute(element, "class").includes("revision"));
    expect(entries).toHaveLength(2);
    expect(textOf(entries[0]!)).toContain(editor.email);
    expect(textOf(entries[0]!)).toMatch(/Prix\u00a0: 175\u00a0€ → 185\u00a0€/);
    expect(textOf(entries[1]!)).toContain(fr("content.history.created"));
    const restore = [...history.body.matchAll(/name="commit" value="([0-9a-f]{40})"/g)].map((match) => match[1]!);
    expect(restore).toHaveLength(1);

    // Restoring fills the form with the earlier version and says what it changes; nothing is saved or published.
    const before = git(dir, "rev-parse", "HEAD");
    const restored = await client.post("/admin/content/wines/chateau-2020/restore", { commit: restore[0]! });
    expect(restored.statusCode).toBe(200);
    expect(restored.body).toMatch(/Prix\u00a0: 185\u00a0€ → 175\u00a0€/);
    const values = formValues(restored.body);
    expect(values.price).toBe("175");
    expect(values._restoredFrom).toBe(restore[0]);
    expect(readJson(dir, "wines/chateau-2020.json").price).toBe(185);
    expect(git(dir, "rev-parse", "HEAD")).toBe(before);
    expect(app.contentPublisher.recent()).toEqual([]);

    // Saving it is a change like any other, whose commit says it was a restore.
    expect((await client.post("/admin/content/wines/chateau-2020", { ...values, _op: "save" })).statusCode).toBe(303);
    expect(readJson(dir, "wines/chateau-2020.json").price).toBe(175);
    expect(git(dir, "log", "-1", "--format=%s").trim()).toMatch(
      /^Château L'Hermitage Lescours 2020: version of \d{4}-\d{2}-\d{2} \d{2}:\d{2} put back \(Price: €185 → €175\)$/,
    );
    expect(app.contentPublisher.recent()).toEqual([]);
    expect((await client.post("/admin/content/wines/chateau-2020/restore", { commit: "0".repeat(40) })).statusCode).toBe(404);
  });

  it("adds, moves and removes list entries without saving, and without losing what was typed", async () => {
    const { client, dir } = await signedIn();
    const before = readFileSync(join(dir, "wines/chateau-2020.json"), "utf8");
    const form = formValues((await client.get("/admin/content/wines/chateau-2020")).body);
    const added = await client.post("/admin/content/wines/chateau-2020", { ...form, "tastingNotes.en": "Typed, not saved", _op: "add:ratings" });
    expect(added.statusCode).toBe(200);
    const afterAdd = formValues(added.body);
    expect(afterAdd["ratings.__count"]).toBe("4");
    expect(afterAdd["tastingNotes.en"]).toBe("Typed, not saved");
    const moved = formValues((await client.post("/admin/content/wines/chateau-2020", { ...afterAdd, _op: "up:ratings:1" })).body);
    expect(moved["ratings.0.critic"]).toBe(form["ratings.1.critic"]);
    expect(moved["ratings.1.critic"]).toBe(form["ratings.0.critic"]);
    expect(readFileSync(join(dir, "wines/chateau-2020.json"), "utf8")).toBe(before);
  });

  it("marks the other languages of a text for review when its English changes, until they are saved", async () => {
    const { client } = await signedIn();
    const form = formValues((await client.get("/admin/content/news/harvest-2026")).body);
    await client.post("/admin/content/news/harvest-2026", { ...form, "title.en": "The 2026 harvest, day by day", _op: "save" });
    const page = await client.get("/admin/content/news/harvest-2026");
    const reviewed = elements(parseHtml(page.body)).filter(
      (element) => element.tagName === "details" && attribute(element, "class").includes("language-review"),
    );
    expect(reviewed).toHaveLength(4);
    expect(page.body).toContain(html(en("content.language.review")));
    const list = await client.get("/admin/content");
    expect(list.body).toContain(html(en("content.state.review.one", { language: "French", count: 1 })));
    // A new French text, and the Spanish ticked as still right: two left to review.
    await client.post("/admin/content/news/harvest-2026", {
      ...formValues(page.body),
      "title.fr": "Les vendanges 2026, jour après jour",
      "_reviewed.title.es": "on",
      _op: "save",
    });
    const after = await client.get("/admin/content/news/harvest-2026");
    const left = elements(parseHtml(after.body)).filter((element) => element.tagName === "details" && attribute(element, "class").includes("language-review"));
    expect(left).toHaveLength(2);
  });

  it("shows markup saved through the editor as text on its own pages: no script, no handler, no javascript: URL", async () => {
    const { client, dir } = await signedIn();
    const attack = `</textarea><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a>"'`;
    const form = formValues((await client.get("/admin/content/news/harvest-2026")).body);
    expect((await client.post("/admin/content/news/harvest-2026", { ...form, "title.en": attack, "content.fr": attack, _op: "save" })).statusCode).toBe(303);
    expect(readJson(dir, "news/harvest-2026.json").title.en).toBe(attack);
    for (const url of ["/admin/content", "/admin/content/news/harvest-2026", "/admin/content/news/harvest-2026/history"]) {
      const page = parseHtml((await client.get(url)).body);
      const all = elements(page);
      // The only script is the editor's own file, never an inline one.
      const scripts = all.filter((element) => element.tagName === "script");
      expect(
        scripts.map((script) => [attribute(script, "src"), script.childNodes.length]),
        url,
      ).toEqual(url === "/admin/content/news/harvest-2026" ? [["/admin/assets/editor.js", 0]] : []);
      expect(
        all.flatMap((element) => element.attrs.filter((attr) => attr.name.startsWith("on") || /^\s*javascript:/i.test(attr.value))),
        url,
      ).toEqual([]);
    }
    // What was saved comes back into the form unchanged.
    expect(formValues((await client.get("/admin/content/news/harvest-2026")).body)["title.en"]).toBe(attack);
  });
});
