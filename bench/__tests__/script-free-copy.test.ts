import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { makeScriptFreeCopy, withoutBodyScripts } from "../script-free-copy";

const headScript = "document.documentElement.dataset.x='1'";
const page =
  `<!DOCTYPE html><html><head><script>${headScript}</script><link rel="stylesheet" href="/a.css"/></head>` +
  `<body><main><h1>Vins</h1><p>${"texte ".repeat(200)}</p></main><script>open()</script>` +
  `<script type="text/x-boot-module" id="boot-module">import "/assets/a.js";</script><script type="module" src="/assets/b.js"></script></body></html>`;

describe("the script-free copy of a build", () => {
  it("removes every script of the body and keeps the head and the content", () => {
    expect(withoutBodyScripts(page)).toBe(
      `<!DOCTYPE html><html><head><script>${headScript}</script><link rel="stylesheet" href="/a.css"/></head>` +
        `<body><main><h1>Vins</h1><p>${"texte ".repeat(200)}</p></main></body></html>`,
    );
  });

  it("writes the copy with the pages' hashes and precompressed files matching what is served", () => {
    const root = mkdtempSync(join(tmpdir(), "script-free-"));
    const build = join(root, "build");
    mkdirSync(join(build, "client", "fr"), { recursive: true });
    mkdirSync(join(build, "errors", "fr"), { recursive: true });
    writeFileSync(join(build, "client", "fr", "index.html"), page);
    writeFileSync(join(build, "client", "fr", "index.html.br"), "stale");
    writeFileSync(join(build, "errors", "fr", "notFound.html"), page);
    writeFileSync(join(build, "client", "app.js"), "console.log(1)");
    const hashes = { "/client/fr/index.html": ["'sha256-old-1'", "'sha256-old-2'"], "/errors/fr/notFound.html": ["'sha256-old-1'"] };
    writeFileSync(join(build, "build-info.json"), JSON.stringify({ snipcart: false, inlineScriptHashes: hashes }));

    expect(makeScriptFreeCopy(build, join(root, "floor"))).toBe(2);

    const copied = readFileSync(join(root, "floor", "client", "fr", "index.html"), "utf8");
    expect(copied).not.toContain("boot-module");
    expect(copied).toContain(`<script>${headScript}</script>`);
    expect(brotliDecompressSync(readFileSync(join(root, "floor", "client", "fr", "index.html.br"))).toString()).toBe(copied);
    expect(gunzipSync(readFileSync(join(root, "floor", "client", "fr", "index.html.gz"))).toString()).toBe(copied);
    // The head script's hash, worked out here: sha256 of its text, base64.
    const headHash = `'sha256-${createHash("sha256").update(headScript).digest("base64")}'`;
    const info = JSON.parse(readFileSync(join(root, "floor", "build-info.json"), "utf8")) as {
      snipcart: boolean;
      inlineScriptHashes: Record<string, string[]>;
    };
    expect(info).toEqual({ snipcart: false, inlineScriptHashes: { "/client/fr/index.html": [headHash], "/errors/fr/notFound.html": [headHash] } });
    // Everything else is copied as it was; the build itself is left alone.
    expect(readFileSync(join(root, "floor", "client", "app.js"), "utf8")).toBe("console.log(1)");
    expect(readFileSync(join(build, "client", "fr", "index.html"), "utf8")).toBe(page);
  });
});
