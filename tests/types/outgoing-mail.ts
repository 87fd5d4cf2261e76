/**
 * Breakage 7 of the code review of 29 November 2026, kept as a check that `npm run types` runs:
 * an e-mail written outside server/mail (here, as a staff route would write it) is refused by the
 * compiler, because the outbox takes only an `OutgoingMail`, whose brand only server/mail gives
 * (#core/mail, server/mail/outgoing.ts). Nothing runs this file: the compiler reads it with the
 * rest of the project, and an `@ts-expect-error` that no error follows fails it, so the check
 * fails the day such an e-mail is accepted. The lint refuses the ways around it (a cast to
 * `OutgoingMail`, the factory imported outside server/mail: tests/lint-floors.test.ts).
 */
import type { Db } from "../../server/db/database";
import { enqueueMail } from "../../server/db/outbox";

declare const db: Db;
declare const guest: { name: string; email: string };

export function vipNotice(): void {
  enqueueMail(
    db,
    // @ts-expect-error An e-mail composed in a route has no layout, no languages and no brand: the outbox refuses it.
    { kind: "notification", to: "estate@example.org", replyTo: guest.email, subject: `VIP guest: ${guest.name}`, text: "A VIP guest booked.", headers: {} },
    { type: "tour-bookings", id: "0123abcd-0000-4000-8000-000000000000" },
    new Date().toISOString(),
  );
}
