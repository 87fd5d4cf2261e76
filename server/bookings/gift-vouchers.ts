/**
 * The estate's gift vouchers, as the office handles them (`/admin/vouchers`): made (an amount, or a
 * tour for a number of people, with its gift card's names and language), changed (its last day,
 * its note, its card), voided (never deleted: a voided voucher stays listed, and nothing can use
 * it), and its gift card mailed to the buyer. Each is one transaction with its history in the audit
 * log. Using a voucher is the booking's own business (./vouchers.ts).
 */
import { auditActions, recordAudit } from "../db/audit";
import type { Bookings } from "./deps";
import { createVoucher, type NewVoucher } from "./vouchers";

/** The staff make a voucher: its fresh code, in the audit log with what it is worth; resolves with the code. */
export function issueVoucher(deps: Bookings, voucher: NewVoucher, actor: string): Promise<string> {
  return deps.commits.run((tx) => {
    const now = deps.now();
    const code = createVoucher(tx, voucher, actor, now);
    recordAudit(tx, { actor, action: auditActions.voucherCreated, target: { type: "voucher", id: code }, detail: { ...voucher } }, now);
    return code;
  });
}
