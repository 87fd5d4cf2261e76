/**
 * The content editor's translations to review (`content_review`, migration 40): by item and
 * field path (`title.fr`). What is marked and cleared is server/admin/content/review.ts's rule.
 */
import type { Db } from "./database";

/** The `path.lang` names of an item's texts that need review. */
function reviewPaths(db: Db, type: string, item: string): Set<string> {
  const rows = db.prepare("SELECT path FROM content_review WHERE type = ? AND item = ?").all(type, item) as { path: string }[];
  return new Set(rows.map((row) => row.path));
}

/** Marks some texts of an item for review and clears others, in one transaction. */
function updateReview(db: Db, type: string, item: string, change: { mark: readonly string[]; clear: readonly string[] }, at: Date): void {
  const mark = db.prepare("INSERT INTO content_review (type, item, path, marked_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING");
  const clear = db.prepare("DELETE FROM content_review WHERE type = ? AND item = ? AND path = ?");
  db.transaction(() => {
    for (const path of change.clear) clear.run(type, item, path);
    for (const path of change.mark) mark.run(type, item, path, at.toISOString());
  })();
}

/** An item deleted: nothing of it is left to review. */
function forgetReview(db: Db, type: string, item: string): void {
  db.prepare("DELETE FROM content_review WHERE type = ? AND item = ?").run(type, item);
}

/** The review marks as the content editor keeps them (server/admin/content/review.ts), bound to the server's connection. */
export interface ReviewTable {
  paths(type: string, item: string): Set<string>;
  update(type: string, item: string, change: { mark: readonly string[]; clear: readonly string[] }, at: Date): void;
  forget(type: string, item: string): void;
}

export function reviewTable(db: Db): ReviewTable {
  return {
    paths: (type, item) => reviewPaths(db, type, item),
    update: (type, item, change, at) => updateReview(db, type, item, change, at),
    forget: (type, item) => forgetReview(db, type, item),
  };
}
