/**
 * The addresses that want no thank-you e-mail after a visit (migration 95): the link in each such
 * e-mail adds one, and the after-visit sweep leaves them out.
 */
import type { Db } from "./database";

/** Records that `email` wants no more thank-you e-mails; the first date is kept. */
export function refuseThanks(db: Db, email: string, now: Date): void {
  db.prepare("INSERT INTO tour_thanks_refusals (email, refused_at) VALUES (?, ?) ON CONFLICT (email) DO NOTHING").run(email, now.toISOString());
}

/** Whether `email` stopped the thank-you e-mails (case aside). */
export function thanksRefused(db: Db, email: string): boolean {
  return db.prepare("SELECT 1 FROM tour_thanks_refusals WHERE email = ?").get(email) !== undefined;
}
