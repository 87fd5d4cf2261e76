import { createHash } from "node:crypto";

const inlineScript = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;

/**
 * The Content-Security-Policy sources (`'sha256-…'`) of every inline script of a page, each once:
 * what the server sends in the page's `script-src` (server/static-files.ts reads them from
 * build-info.json). Data blocks and JSON-LD are hashed too; a hash allows nothing that is not in
 * the page.
 */
export function inlineScriptHashes(html: string): string[] {
  const sources = [...html.matchAll(inlineScript)].map(
    (match) =>
      `'sha256-${createHash("sha256")
        .update(match[1] ?? "")
        .digest("base64")}'`,
  );
  return [...new Set(sources)];
}
