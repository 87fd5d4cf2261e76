import type { FastifyRequest } from "fastify";
import { whenWritable } from "../../db/availability";
import { throttleKeys } from "../../db/sign-in-throttle";
import type { StaffAccount } from "../../db/staff";
import type { AdminContext } from "./context";
import { dummyHash, verifyPassword } from "./passwords";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What became of a password checked through the throttle: right, wrong, or refused until a wait is over (in seconds). */
export type CountedCheck = { kind: "right" } | { kind: "wrong" } | { kind: "wait"; seconds: number };

/**
 * Checks a password against an account, counted first by the sign-in throttle
 * (server/db/sign-in-throttle.ts) under the client, the client with the address `typed`, and that
 * address from everywhere: the sign-in form, and the account page's current password, share one
 * count, so neither can be used to guess more. An address without an account is checked against
 * the dummy hash, taking as long as a wrong password. A right password forgives the pair's attempts.
 */
export async function countedPasswordCheck(
  context: AdminContext,
  request: FastifyRequest,
  typed: string,
  account: StaffAccount | null,
  password: string,
): Promise<CountedCheck> {
  const keys = throttleKeys(request.ip, typed);
  const reservation = await whenWritable(() => context.throttle.reserve("password", keys, context.now()));
  if (!reservation.allowed) return { kind: "wait", seconds: Math.ceil(reservation.retryAfterMs / 1000) };
  if (reservation.alert) {
    // Named by its number, never its address: the log outlives what it names.
    request.log.warn(
      { staffId: account?.id ?? null },
      "admin: one account has had many failed sign-ins from several clients today: each further attempt at it waits",
    );
  }
  if (reservation.delayMs > 0) await sleep(reservation.delayMs);
  // The same work whether the address has an account or not: a wrong address is not faster.
  const matches = await verifyPassword(account?.password_hash ?? (await dummyHash()), password);
  if (!account || !matches) return { kind: "wrong" };
  context.throttle.succeeded("password", keys);
  return { kind: "right" };
}
