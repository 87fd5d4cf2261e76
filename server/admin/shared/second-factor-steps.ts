/**
 * The steps of the second factor that the sign-in (session/second-factor-routes.ts) and the account
 * page (account/routes.ts) share: a code checked through the throttle, an enrolment confirmed, its
 * page and its QR code.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { createElement } from "react";
import { z } from "zod";
import { auditActions } from "../../db/audit";
import { recordStaffAction } from "../../staff/audit-log";
import { whenWritable } from "../../db/availability";
import { throttleKeys } from "../../db/sign-in-throttle";
import type { StaffAccount } from "../../db/staff";
import { sendPage, viewFor, type AdminContext } from "./context";
import { acceptedStep, groupedSecret, newRecoveryCodes, newTotpSecret, otpauthUri, qrCodeSvg, recoveryCodeHash } from "./second-factor";
import { EnrolPage, type CodeProblem } from "./second-factor-page";
import type { CheckedForm } from "./staff-form";

/** An enrolment's code: the six digits the app shows (spaces allowed between them), refused at the field otherwise. */
export const enrolmentCodeForm = z.object({
  code: z
    .string()
    .max(40)
    .transform((typed) => typed.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/)),
});

/** A code the form refused, to show at its field: the message, and what was typed. */
export function refusedCodeField(refused: Extract<CheckedForm<unknown>, { ok: false }>, message: string): CodeProblem {
  return { kind: "field", message, typed: refused.typed.code ?? "" };
}

/** What becomes of a code typed at a throttled step. */
type Checked<T> = { ok: true; value: T } | { ok: false; problem: { kind: "failed" } | { kind: "wait"; seconds: number }; retryAfterSeconds?: number };

/**
 * Checks a code at a step of the second factor, counted first like a password (it is six digits:
 * guessable) under the client, the client with the account, and the account itself: only someone
 * who knew the password gets here, so the account may be refused too.
 */
export async function throttledCheck<T>(
  context: AdminContext,
  request: FastifyRequest,
  account: StaffAccount,
  check: () => Promise<T | null> | T | null,
): Promise<Checked<T>> {
  const keys = throttleKeys(request.ip, account.email);
  const reservation = await whenWritable(() => context.throttle.reserve("second-factor", keys, context.now()));
  if (!reservation.allowed) {
    const seconds = Math.ceil(reservation.retryAfterMs / 1000);
    return { ok: false, problem: { kind: "wait", seconds }, retryAfterSeconds: seconds };
  }
  const value = await check();
  if (value === null) {
    // The password was right and the code was not: worth a look in the log.
    request.log.warn({ staffId: account.id, address: request.ip }, "admin: wrong second-factor code after the right password");
    return { ok: false, problem: { kind: "failed" } };
  }
  context.throttle.succeeded("second-factor", keys);
  return { ok: true, value };
}

/** Answers a refused code: 429 with `Retry-After` when it must wait, else `status`. */
export function refusedCode(reply: FastifyReply, checked: Extract<Checked<unknown>, { ok: false }>, status: number): number {
  if (checked.retryAfterSeconds !== undefined) {
    reply.header("Retry-After", String(checked.retryAfterSeconds));
    return 429;
  }
  return status;
}

/**
 * Turns a pending secret into the account's second factor once a code from the app matches it,
 * with ten new recovery codes (returned once, stored hashed). Null when the code does not match.
 */
async function confirmEnrolment(context: AdminContext, account: StaffAccount, secret: string, typed: string): Promise<string[] | null> {
  const step = await acceptedStep(secret, typed, context.now(), null);
  if (step === null) return null;
  const codes = newRecoveryCodes();
  if (!context.staff.confirmSecondFactor(account.id, secret, step, codes.map(recoveryCodeHash))) return null;
  recordStaffAction(
    context.accounts,
    { actor: account.email, action: auditActions.secondFactorEnrolled, target: { type: "staff", id: account.email } },
    context.now(),
  );
  return codes;
}

/**
 * An enrolment's form, at sign-in or from the account page: its code, once the form is read,
 * checked against the account's pending `secret` (throttled). Resolves with the recovery codes, or
 * with null once `enrolPage` has answered with the problem (the code's field, a wrong code, a wait).
 */
export async function enrolFromForm(
  context: AdminContext,
  request: FastifyRequest,
  reply: FastifyReply,
  { account, secret, form }: { account: StaffAccount; secret: string; form: CheckedForm<{ code: string }> },
  enrolPage: (status: number, problem: CodeProblem) => unknown,
): Promise<string[] | null> {
  if (!form.ok) {
    await enrolPage(400, refusedCodeField(form, viewFor(context, request, reply).t("enrol.error.code")));
    return null;
  }
  const { code } = form.value;
  const checked = await throttledCheck(context, request, account, () => confirmEnrolment(context, account, secret, code));
  if (checked.ok) return checked.value;
  await enrolPage(refusedCode(reply, checked, 400), checked.problem);
  return null;
}

/** The secret being enrolled for an account: the one already shown, or a new one kept until confirmed. */
function pendingSecret(context: AdminContext, account: StaffAccount): string {
  if (account.totp_pending_secret) return account.totp_pending_secret;
  const secret = newTotpSecret();
  context.staff.setPendingSecret(account.id, secret);
  return secret;
}

/** The QR code of an account's pending secret, as an SVG image (the inbox's policy allows images from itself only). */
export async function sendQrCode(context: AdminContext, reply: FastifyReply, account: StaffAccount | null) {
  if (!account?.totp_pending_secret || account.totp_secret) return reply.status(404).type("text/plain; charset=utf-8").send("Not Found");
  const svg = await qrCodeSvg(otpauthUri(context.content.current.site.estateName, account.email, account.totp_pending_secret));
  return reply.type("image/svg+xml").send(svg);
}

/**
 * The page that enrols a second factor, at sign-in (`required`: an account whose role needs one
 * cannot go on without it)
 * or from the account page: its form posts to `action`, its QR code is `action`/qr.svg.
 */
export function sendEnrolPage(
  context: AdminContext,
  { request, reply, account, status, problem }: { request: FastifyRequest; reply: FastifyReply; account: StaffAccount; status: number; problem: CodeProblem },
  { action, required }: { action: string; required: boolean },
) {
  return sendPage(
    reply,
    status,
    createElement(EnrolPage, {
      view: viewFor(context, request, reply),
      action,
      qrSrc: `${action}/qr.svg`,
      secret: groupedSecret(pendingSecret(context, account)),
      required,
      problem,
    }),
  );
}
