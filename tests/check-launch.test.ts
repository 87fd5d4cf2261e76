/**
 * `npm run check:launch` (scripts/check-launch.ts, docs/deployment.md): on the content as it is,
 * it names every placeholder of site.json (the company's legal facts, the host, the mediator, the
 * sample addresses and links) and fails; on a copy with all of them filled in, it passes.
 */
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = new URL("..", import.meta.url).pathname;
const contentDir = join(root, "content");
const copies: string[] = [];
afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Runs the check as npm does, on a content folder: its exit status and what it printed. */
async function checkLaunch(dir: string): Promise<{ status: number; output: string }> {
  try {
    const { stdout, stderr } = await run(join(root, "node_modules/.bin/tsx"), ["scripts/check-launch.ts", dir], { cwd: root });
    return { status: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { status: failed.code, output: failed.stdout + failed.stderr };
  }
}

/** The estate's real data, as it would fill site.json in (made up here, in the right shapes). */
function filledSite(site: Record<string, unknown>): Record<string, unknown> {
  const real = (value: unknown): unknown => {
    if (typeof value === "string")
      return value
        .replace(/\.example\b/g, ".fr")
        .replace(/-example\b/g, "")
        .replace(/^(\+33 5) 00 00 00 00$/, "$1 57 24 00 01");
    if (Array.isArray(value)) return value.map(real);
    if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, real(inner)]));
    return value;
  };
  return {
    ...(real(site) as Record<string, unknown>),
    company: {
      legalName: "SCEA du Château L'Hermitage Lescours",
      legalForm: "SCEA",
      shareCapital: "150 000 €",
      registration: "RCS Libourne 412 345 678",
      siret: "412 345 678 00017",
      vatNumber: "FR12 412345678",
      publicationDirector: "Claire Martin",
    },
    host: { name: "Hébergeur SAS", address: "2 rue Kellermann, 59100 Roubaix, France", phone: "+33 9 72 10 10 07" },
    consumerMediator: { name: "Médiateur du vin", address: "12 rue de la Paix, 75002 Paris, France", url: "https://www.mediateur-du-vin.fr" },
  };
}

describe("npm run check:launch", () => {
  it("lists every placeholder of the content as it is and fails", async () => {
    const { status, output } = await checkLaunch(contentDir);
    expect(status).toBe(1);
    for (const path of [
      "company.legalName",
      "company.registration",
      "company.vatNumber",
      "consumerMediator.name",
      "consumerMediator.url",
      "host.name",
      "contact.email",
      "contact.phone",
    ]) {
      expect(output).toContain(path);
    }
  });

  it("passes on a copy whose placeholders are all filled in", async () => {
    const copy = mkdtempSync(join(tmpdir(), "launch-check-"));
    copies.push(copy);
    cpSync(contentDir, copy, { recursive: true });
    const site = JSON.parse(readFileSync(join(copy, "site.json"), "utf8")) as Record<string, unknown>;
    writeFileSync(join(copy, "site.json"), JSON.stringify(filledSite(site), null, 2));
    const { status, output } = await checkLaunch(copy);
    expect(output).toContain("no placeholder");
    expect(status).toBe(0);
  });
});
