import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import { ContentError, readContent } from "../index";

export const contentDir = fileURLToPath(new URL("..", import.meta.url));

type Json = Record<string, unknown>;

/**
 * Copies the content folder, lets `edit` change its files (read and written as JSON), and returns
 * the message `readContent` throws for it: what an editor sees after a mistake.
 */
export function problemsAfter(
  edit: (files: { read: (file: string) => Json; write: (file: string, data: unknown) => void; remove: (file: string) => void }) => void,
): string {
  const dir = mkdtempSync(join(tmpdir(), "content-"));
  try {
    cpSync(contentDir, dir, { recursive: true, filter: (source) => !source.includes("__tests__") });
    edit({
      read: (file) => JSON.parse(readFileSync(join(dir, file), "utf8")) as Json,
      write: (file, data) => writeFileSync(join(dir, file), JSON.stringify(data, null, 2)),
      remove: (file) => rmSync(join(dir, file)),
    });
    try {
      readContent(dir);
    } catch (error) {
      expect(error).toBeInstanceOf(ContentError);
      return (error as Error).message;
    }
    throw new Error("expected the content to be rejected");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
