import { readFileSync } from "node:fs";
import { serverFile } from "../../project";
import { hash, verify, type Algorithm } from "@node-rs/argon2";

/**
 * Argon2id with OWASP's first recommended setting (Password Storage Cheat Sheet): 19 MiB of
 * memory, two passes, one lane. About 50 ms a hash on this machine (docs/security.md): slow for
 * someone trying billions of guesses against a stolen database, quick for one person signing in.
 */
const hashParameters = {
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
  readFileSync(serverFile("admin/shared/common-passwords.txt"), "utf8")
    .split("\n")
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => line.toLowerCase()),
);

/** What is wrong with a new password: too short or too long, a common one, the address itself; null when it may be used. */
export type PasswordFault = "short" | "long" | "common" | "address";

/** Whether a new password is too short or too long, counted in characters as a person counts them; null when neither. */
export function passwordLengthFault(password: string): "short" | "long" | null {
  const length = [...password].length;
  if (length < minimumPasswordLength) return "short";
  if (length > maximumPasswordLength) return "long";
  return null;
}

/** Why a new password is refused, as a kind the staff pages word in the staff's language, or null. */
export function passwordFault(password: string, email: string): PasswordFault | null {
  const length = passwordLengthFault(password);
  if (length) return length;
  const lower = password.toLowerCase();
  if (commonPasswords.has(lower)) return "common";
  if (lower === email.toLowerCase() || lower === email.toLowerCase().split("@")[0]) return "address";
  return null;
}

/** Why a new password is refused, in English (the command line), or null when it may be used. */
export function passwordProblem(password: string, email: string): string | null {
  const fault = passwordFault(password, email);
  const length = [...password].length;
  if (fault === "short") return `The password must have at least ${minimumPasswordLength} characters (it has ${length}).`;
  if (fault === "long") return `The password must have at most ${maximumPasswordLength} characters.`;
  if (fault === "common") return "This password is on the list of common passwords: choose another.";
  if (fault === "address") return "The password must not be the e-mail address.";
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
