/**
 * Gift vouchers for a tour (as Bookeo and pretix sell them): the staff make a code worth an
 * amount, or a package for a number of people, valid until a day; a visitor gives it when booking
 * a time, and it is redeemed in the booking's own write transaction, once: a second booking with
 * the same code, even at the same moment, is refused. A booking that does not take place
 * (cancelled, declined, expired) gives its voucher back. SQL: server/db/tour-vouchers.ts.
 */
import { randomInt } from "node:crypto";
import type { Content } from "#content";
import { auditActions, recordAudit } from "../db/audit";
import type { Db } from "../db/database";
import type { Bookings } from "./deps";
import { insertVoucher, redeemVoucher, voucherByCode, type VoucherRow } from "../db/tour-vouchers";
import { localOf } from "./paris-time";
import { quote } from "./pricing";

/** Why a voucher cannot be used: no such code, used already, past its day, or for another tour. */
export class VoucherRefused extends Error {
  override name = "VoucherRefused";
  constructor(readonly reason: "unknown" | "used" | "expired" | "package") {
    super(`voucher refused: ${reason}`);
  }
}

/** Letters and digits no one confuses when reading a code aloud (no 0/O, 1/I/L, 5/S, 2/Z). */
const alphabet = "ABCDEFGHJKMNPQRTUVWXY346789";

/** A new code: twelve characters in three groups (`HLX7-K4MC-9QPA`), about 57 bits. */
function newVoucherCode(): string {
  const chars = Array.from({ length: 12 }, () => alphabet[randomInt(alphabet.length)]!);
  return [chars.slice(0, 4), chars.slice(4, 8), chars.slice(8)].map((group) => group.join("")).join("-");
}

/** A code as a visitor types it: any case, with or without dashes and spaces. */
function normaliseCode(typed: string): string {
  const bare = typed.toUpperCase().replace(/[\s-]/g, "");
  return bare.length === 12 ? `${bare.slice(0, 4)}-${bare.slice(4, 8)}-${bare.slice(8)}` : bare;
}

/** What the staff give to make a voucher. */
export type NewVoucher =
  | { kind: "value"; amountCents: number; validUntil: string; note: string }
  | { kind: "package"; package: string; guests: number; validUntil: string; note: string };

/** The staff make a voucher: its fresh code, in the audit log with what it is worth; resolves with the code. */
export function issueVoucher(deps: Bookings, voucher: NewVoucher, actor: string): Promise<string> {
  return deps.commits.run((tx) => {
    const now = deps.now();
    const code = createVoucher(tx, voucher, actor, now);
    recordAudit(tx, { actor, action: auditActions.voucherCreated, target: { type: "voucher", id: code }, detail: { ...voucher } }, now);
    return code;
  });
}

/** Makes a voucher with a fresh code; returns the code. */
export function createVoucher(db: Db, voucher: NewVoucher, actor: string, now: Date): string {
  const code = newVoucherCode();
  insertVoucher(db, {
    code,
    kind: voucher.kind,
    amount_cents: voucher.kind === "value" ? voucher.amountCents : null,
    package: voucher.kind === "package" ? voucher.package : null,
    guests: voucher.kind === "package" ? voucher.guests : null,
    valid_until: voucher.validUntil,
    note: voucher.note,
    created_by: actor,
    created_at: now.toISOString(),
  });
  return code;
}

/** What a voucher takes off a booking's price (cents): its amount, or its package's price for its people. */
export function voucherValue(content: Content, voucher: VoucherRow): number {
  if (voucher.kind === "value") return voucher.amount_cents ?? 0;
  return quote(content, voucher.package ?? "", voucher.guests ?? 1, false)?.totalCents ?? 0;
}

/**
 * Redeems `code` for a booking of `pkg`; call inside the booking's write transaction. Throws
 * `VoucherRefused` (the booking is then rolled back with it) when the code is unknown, used,
 * past its last day (on the estate's clock) or for another package.
 */
export function redeem(db: Db, code: string, bookingId: string, pkg: string, now: Date): VoucherRow {
  const normalised = normaliseCode(code);
  const today = localOf(now).date;
  if (redeemVoucher(db, normalised, bookingId, pkg, today, now)) return voucherByCode(db, normalised)!;
  const found = voucherByCode(db, normalised);
  if (!found) throw new VoucherRefused("unknown");
  if (found.redeemed_by !== null) throw new VoucherRefused("used");
  if (found.valid_until < today) throw new VoucherRefused("expired");
  throw new VoucherRefused("package");
}
