/**
 * The staff's second factor: time-based one-time codes (RFC 6238, by otplib: six digits, 30-second
 * steps, SHA-1, what every authenticator app reads from a QR code) and ten single-use recovery
 * codes for a lost phone. See docs/security.md ("Second factor").
 */
import { createHash } from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";

/** A new shared secret: 160 random bits in base32, as RFC 4226 recommends. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The `otpauth://` address an authenticator app reads from the QR code. */
export function otpauthUri(issuer: string, email: string, secret: string): string {
  return generateURI({ issuer, label: email, secret });
}

/** The secret as a person types it into an app without a camera: groups of four. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

/** The QR code of an `otpauth://` address as an SVG image (shapes only: no script, no style). */
export function qrCodeSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 4 });
}

/**
 * The time step a typed code was made for, if it is the secret's code now or one step before or
 * after (a phone's clock a little off) and newer than `afterStep` (each code works once); else
 * null. Spaces in the code are ignored.
 */
export async function acceptedStep(secret: string, typed: string, now: Date, afterStep: number | null): Promise<number | null> {
  const token = typed.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const result = await verify({
    secret,
    token,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: 30,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  // A TOTP result names its time step (the functional API's type also covers HOTP's, which has none).
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

/**
 * Ten recovery codes of 80 random bits each, written `abcd-efgh-ijkl-mnop`: base32 (otplib's
 * secret generator), whose alphabet has no 0, 1, 8 or 9 to confuse with O, I, B or g on paper.
 */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: 10 }, () => generateSecret({ length: 10 }).toLowerCase().match(/.{4}/g)!.join("-"));
}

/** A typed recovery code in its one written form: lower case, without spaces or dashes. */
function normalisedRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]+/g, "");
}

/** Whether a typed answer looks like a recovery code rather than a six-digit code. */
export const isRecoveryCodeShape = (typed: string) => /^[a-z2-7]{16}$/.test(normalisedRecoveryCode(typed));

/** What is stored of a recovery code: its SHA-256 (80 random bits need no slow hash). */
export const recoveryCodeHash = (code: string) => createHash("sha256").update(normalisedRecoveryCode(code)).digest("hex");
