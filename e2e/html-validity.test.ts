import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { expect, test } from "./support/fixtures";

const vnuJar = String(createRequire(import.meta.url)("vnu-jar"));

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  message: string;
  extract?: string;
}

test.describe("the Nu HTML Checker", () => {
  test("reports no error on any built page, error pages included", () => {
    test.setTimeout(300_000);
    // vnu exits non-zero when it finds errors; the JSON report is on stderr either way.
    let report = "";
    try {
      execFileSync("java", ["-jar", vnuJar, "--errors-only", "--format", "json", "--skip-non-html", "build/client", "build/errors"], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
        maxBuffer: 64 * 1024 * 1024,
      });
    } catch (error) {
      report = (error as { stderr?: string }).stderr ?? "";
      if (!report.trim().startsWith("{")) throw error;
    }
    const messages: VnuMessage[] = report ? (JSON.parse(report) as { messages: VnuMessage[] }).messages : [];
    const errors = messages
      .filter((m) => m.type === "error" || m.subType === "fatal")
      .map((m) => `${m.url.replace(/^.*\/build\//, "")}: ${m.message} [${m.extract ?? ""}]`);
    expect(errors).toEqual([]);
  });
});
