/**
 * What the content editor's tests share: the fields of a content form as a browser would post
 * them, and a copy of the content folder as the server keeps it (a git repository).
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import type { StaffRole } from "../../db/staff";
import { addStaff, adminTestServer, attribute, elements, parseHtml, StaffClient } from "./admin";

/** The named fields of the page's content form, as a browser would post them unchanged. */
export function formValues(body: string): Record<string, string> {
  const form = elements(parseHtml(body)).find((element) => element.tagName === "form" && attribute(element, "class") === "content-form");
  if (!form) throw new Error("no content form on the page");
  const values: Record<string, string> = {};
  for (const element of elements(form)) {
    const name = attribute(element, "name");
    if (!name || name === "_op" || name === "_csrf") continue;
    if (element.tagName === "textarea") values[name] = element.childNodes.map((node) => ("value" in node ? String(node.value) : "")).join("");
    else if (element.tagName === "select") {
      const selected = elements(element).find((option) => option.tagName === "option" && option.attrs.some((attr) => attr.name === "selected"));
      values[name] = selected ? attribute(selected, "value") : "";
    } else if (attribute(element, "type") === "checkbox") {
      if (element.attrs.some((attr) => attr.name === "checked")) values[name] = "on";
    } else values[name] = attribute(element, "value");
  }
  return values;
}

/** A git command in a folder, its output as text. */
export const git = (dir: string, ...args: string[]) => execFileSync("git", args, { cwd: dir, encoding: "utf8" });

/** A copy of the project's content folder (without its tests), in a temporary folder of its own. */
export function contentCopy(): string {
  const dir = join(mkdtempSync(join(tmpdir(), "lescours-content-")), "content");
  cpSync(new URL("../../../content", import.meta.url).pathname, dir, { recursive: true, filter: (source) => !source.includes("__tests__") });
  return dir;
}

/** A copy of the project's content folder, a git repository of its own as on the estate's server. */
export function contentRepository(): string {
  const dir = contentCopy();
  git(dir, "init", "-q");
  git(dir, "add", "-A");
  git(dir, "-c", "user.name=Estate", "-c", "user.email=estate@hermitage-lescours.example", "-c", "commit.gpgSign=false", "commit", "-q", "-m", "The content");
  return dir;
}

/**
 * A staff member (an editor unless `role` says otherwise) signed in to a test server of the staff
 * area whose content folder is `dir` (a new copy unless given); `apps` closes the server after the test.
 */
export async function signedInOnContent(
  apps: Set<FastifyInstance>,
  who: { email: string; password: string },
  options: { role?: StaffRole; dir?: string } = {},
) {
  const dir = options.dir ?? contentCopy();
  const app = await adminTestServer({ CONTENT_DIR: dir });
  apps.add(app);
  await addStaff(app, who.email, who.password, options.role ?? "editor");
  const client = new StaffClient(app);
  await client.signIn(who.email, who.password);
  return { app, client, dir };
}

/** The stand-in of pipeline/publish-build.ts the publishing tests build with (./stand-in-build.mjs). */
export const standInBuild = { file: process.execPath, args: [new URL("./stand-in-build.mjs", import.meta.url).pathname] };

/** An item's fields as its form names them (`harvest.start`, `ratings.0.critic`, `ratings.__count`). */
export function formFieldsOf(value: unknown, path = "", flat: Record<string, string> = {}): Record<string, string> {
  if (Array.isArray(value)) {
    flat[`${path}.__count`] = String(value.length);
    value.forEach((item, index) => formFieldsOf(item, `${path}.${index}`, flat));
  } else if (value !== null && typeof value === "object")
    for (const [key, inner] of Object.entries(value)) formFieldsOf(inner, path ? `${path}.${key}` : key, flat);
  else flat[path] = value === true ? "on" : value === null ? "" : String(value);
  return flat;
}

/** The stand-in builds waiting for their go (`<build>.go`). */
export const waitingBuilds = (publishDir: string) =>
  readdirSync(publishDir)
    .filter((name) => name.endsWith(".waiting") && !existsSync(join(publishDir, name.replace(/\.waiting$/, ".go"))))
    .map((name) => join(publishDir, name.replace(/\.waiting$/, ".go")));

/** The publish page's boxes of these items (`news/harvest-2026`), ticked. */
export const ticked = (...items: string[]) => Object.fromEntries(items.map((item) => [`item.${item}`, "on"]));
