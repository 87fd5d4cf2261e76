import { readFileSync } from "node:fs";
import { hash, verify, type Algorithm } from "@node-rs/argon2";

/**
 * Argon2id with OWASP's first recommended setting (Password Storage Cheat Sheet): 19 MiB of
 * memory, two passes, one lane. About 50 ms a hash on this machine (docs/security.md): slow for
 * someone trying billions of guesses against a stolen database, quick for one person signing in.
 */
export const hashParameters = {
  // Algorithm.Argon2id: a const enum, which this project's TypeScript settings cannot read at run time.
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** The shortest password a staff account may have. */
export const minimumPasswordLength = 12;
/** Longer than anyone types; bounds the hashing work one request can ask for. */
export const maximumPasswordLength = 256;

const commonPasswords = new Set(
  readFileSync(new URL("./common-passwords.txt", import.meta.url), "utf8")
    .split("\n")
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => line.toLowerCase()),
);

/** Why a new password is refused, or null when it may be used. */
export function passwordProblem(password: string, email: string): string | null {
  const length = [...password].length;
  if (length < minimumPasswordLength) return `The password must have at least ${minimumPasswordLength} characters (it has ${length}).`;
  if (length > maximumPasswordLength) return `The password must have at most ${maximumPasswordLength} characters.`;
  const lower = password.toLowerCase();
  if (commonPasswords.has(lower)) return "This password is on the list of common passwords: choose another.";
  if (lower === email.toLowerCase() || lower === email.toLowerCase().split("@")[0]) return "The password must not be the e-mail address.";
  return null;
}

/** An argon2id hash in the PHC string format, salt and parameters included. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, hashParameters);
}

/** Whether a password matches a stored hash; a malformed hash is a mismatch, never an error. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;

/**
 * A hash of no one's password, made once with the same parameters. Signing in with an address
 * that has no account verifies the password against it, so that the answer takes as long as for
 * a wrong password and does not tell which addresses have accounts.
 */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword("no account has this password: it only makes a wrong address take as long as a wrong password");
  return dummy;
}
