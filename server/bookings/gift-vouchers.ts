/**
 * The estate's gift vouchers as gift cards, as the office handles them (`/admin/vouchers`): made
 * (an amount, or a tour for a number of people, with its card's names, words and language),
 * changed (its last day, its note, its card), voided (never deleted: a voided voucher stays listed,
 * and nothing can use it), and its gift card mailed; each one transaction with its history in the
 * audit log. The card itself (its printable page and its mail) is server/mail/gift-card.ts's.
 * Using a voucher is the booking's own business (./vouchers.ts).
 */
import { isLanguage, type Language } from "#core/languages";
import { apiPaths } from "#core/paths";
import { auditActions, recordAudit } from "../db/audit";
import type { Db } from "../db/database";
import { enqueueMail } from "../db/outbox";
import {
  editVoucher,
  lastUses,
  listVouchers,
  redemptionsOf,
  setCardToken,
  voidVoucher,
  voucherByCardToken,
  voucherByCode,
  type Redemption,
  type VoucherEdit,
  type VoucherRow,
} from "../db/tour-vouchers";
import { composeGiftCard, type GiftCard } from "../mail/gift-card";
import type { Bookings } from "./deps";
import { createVoucher, newCardToken, type NewVoucher } from "./vouchers";

const target = (code: string) => ({ type: "voucher", id: code });

/** What the staff may change of a voucher (server/db/tour-vouchers.ts `VoucherEdit`). */
const editableFields = ["valid_until", "note", "buyer_name", "recipient", "message", "language"] as const satisfies readonly (keyof VoucherEdit)[];

/** The staff make a voucher: its fresh code, in the audit log with what it is worth; resolves with the code. */
export function issueVoucher(deps: Bookings, voucher: NewVoucher, actor: string): Promise<string> {
  return deps.commits.run((tx) => {
    const now = deps.now();
    const code = createVoucher(tx, voucher, actor, now);
    recordAudit(tx, { actor, action: auditActions.voucherCreated, target: target(code), detail: { ...voucher } }, now);
    return code;
  });
}

/** The staff change a voucher's last day, note or card; the history keeps what it was. "unknown" for no such voucher. */
export function editGiftVoucher(deps: Bookings, code: string, edit: VoucherEdit, actor: string): Promise<"done" | "unknown"> {
  return deps.commits.run((tx) => {
    const before = voucherByCode(tx, code);
    if (!before || !editVoucher(tx, code, edit)) return "unknown";
    const changed = editableFields.filter((field) => before[field] !== edit[field]);
    const detail = Object.fromEntries(changed.map((field) => [field, { from: before[field], to: edit[field] }]));
    recordAudit(tx, { actor, action: auditActions.voucherEdited, target: target(code), detail }, deps.now());
    return "done";
  });
}

/** The staff void a voucher, with a reason: "done", "unknown", or "already" voided. Bookings that used it keep what it took. */
export function voidGiftVoucher(deps: Bookings, code: string, reason: string, actor: string): Promise<"done" | "unknown" | "already"> {
  return deps.commits.run((tx) => {
    const now = deps.now();
    if (!voucherByCode(tx, code)) return "unknown";
    if (!voidVoucher(tx, code, actor, reason, now)) return "already";
    recordAudit(tx, { actor, action: auditActions.voucherVoided, target: target(code), detail: { reason } }, now);
    return "done";
  });
}

/** A voucher's gift card as its page and mail show it. */
function giftCardOf(voucher: VoucherRow, siteUrl: string): GiftCard {
  const language: Language = isLanguage(voucher.language) ? voucher.language : "fr";
  return {
    code: voucher.code,
    kind: voucher.kind,
    amountCents: voucher.amount_cents,
    remainingCents: voucher.remaining_cents,
    package: voucher.package,
    guests: voucher.guests,
    validUntil: voucher.valid_until,
    buyerName: voucher.buyer_name,
    recipient: voucher.recipient,
    message: voucher.message,
    language,
    cardUrl: `${siteUrl}${apiPaths.giftCard}?${new URLSearchParams({ token: voucher.card_token ?? "" })}`,
  };
}

/** The gift card behind a private link, and whether the estate voided it; null for a link that names none. */
export function giftCardByToken(deps: Bookings, token: string): (GiftCard & { voided: boolean }) | null {
  const voucher = voucherByCardToken(deps.db, token);
  return voucher ? { ...giftCardOf(voucher, deps.estate().siteUrl), voided: voucher.voided_at !== null } : null;
}

/**
 * Mails a voucher's gift card to `to` in the card's language (queued with or without SMTP, as
 * every staff answer is), logged; "unknown" for no such voucher, "void" for a voided one.
 */
export function mailGiftCard(deps: Bookings, code: string, to: string, actor: string): Promise<"sent" | "unknown" | "void"> {
  return deps.commits.run((tx) => {
    const now = deps.now();
    let voucher = voucherByCode(tx, code);
    if (!voucher) return "unknown";
    if (voucher.voided_at !== null) return "void";
    if (!voucher.card_token) {
      setCardToken(tx, code, newCardToken());
      voucher = voucherByCode(tx, code)!;
    }
    queueGiftCard(tx, deps, voucher, to);
    recordAudit(tx, { actor, action: auditActions.voucherCardMailed, target: target(code), detail: { to, language: voucher.language } }, now);
    return "sent";
  });
}

/** Queues a voucher's gift card to `to`, in the transaction that decided it. */
export function queueGiftCard(tx: Db, deps: Bookings, voucher: VoucherRow, to: string): void {
  const estate = deps.estate();
  enqueueMail(tx, composeGiftCard(to, giftCardOf(voucher, estate.siteUrl), estate), { type: "voucher", id: voucher.code }, new Date().toISOString());
}

/** The vouchers page: the vouchers, newest first, each one's last use by code. */
export function voucherListOf(deps: Pick<Bookings, "db">): { vouchers: VoucherRow[]; lastUses: Map<string, { bookingId: string; at: string }> } {
  const vouchers = listVouchers(deps.db);
  return {
    vouchers,
    lastUses: lastUses(
      deps.db,
      vouchers.map((voucher) => voucher.code),
    ),
  };
}

/**
 * A voucher's page: the voucher, who used it and when (each use, the booking's name, what it took,
 * and when a booking gave it back), and its gift card's address; null for no such voucher.
 */
export function voucherPageOf(
  deps: Pick<Bookings, "db" | "estate">,
  code: string,
): { voucher: VoucherRow; uses: (Redemption & { name: string | null })[]; cardUrl: string } | null {
  const voucher = voucherByCode(deps.db, code);
  if (!voucher) return null;
  return { voucher, uses: redemptionsOf(deps.db, [code]), cardUrl: giftCardOf(voucher, deps.estate().siteUrl).cardUrl };
}
