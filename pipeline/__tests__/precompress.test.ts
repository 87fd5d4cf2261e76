import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { precompress } from "../precompress";

const page = (words: string) => `<!DOCTYPE html><html><body>${words.repeat(100)}</body></html>`;

describe("precompress", () => {
  it("reuses an earlier build's variants for a file with the same bytes, and compresses a changed file afresh", () => {
    const before = mkdtempSync(join(tmpdir(), "precompress-before-"));
    const after = mkdtempSync(join(tmpdir(), "precompress-after-"));
    writeFileSync(join(before, "same.html"), page("Harvest "));
    writeFileSync(join(before, "same.html.br"), "variant kept from the earlier build");
    writeFileSync(join(before, "same.html.gz"), "gzip kept from the earlier build");
    writeFileSync(join(before, "changed.html"), page("Harvest "));
    writeFileSync(join(before, "changed.html.br"), "stale");
    writeFileSync(join(before, "changed.html.gz"), "stale");
    writeFileSync(join(after, "same.html"), page("Harvest "));
    writeFileSync(join(after, "changed.html"), page("Bottling "));

    precompress(join(after, "same.html"), join(before, "same.html"));
    precompress(join(after, "changed.html"), join(before, "changed.html"));

    expect(readFileSync(join(after, "same.html.br"), "utf8")).toBe("variant kept from the earlier build");
    expect(readFileSync(join(after, "same.html.gz"), "utf8")).toBe("gzip kept from the earlier build");
    expect(brotliDecompressSync(readFileSync(join(after, "changed.html.br"))).toString()).toBe(page("Bottling "));
    expect(gunzipSync(readFileSync(join(after, "changed.html.gz"))).toString()).toBe(page("Bottling "));
  });
});
