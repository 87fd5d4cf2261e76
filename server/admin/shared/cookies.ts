import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config";

/**
 * Whether the inbox is reached over HTTPS: the configuration says the public site is
 * (`SITE_URL` https:// or `HSTS=true`), or this request came over TLS (directly, or through a
 * proxy that TRUST_PROXY lets name the protocol). The configuration wins: a proxy that forgets
 * X-Forwarded-Proto must not make the cookie travel in clear.
 */
export function servedOverHttps(config: Pick<Config, "SITE_URL" | "HSTS">, request: FastifyRequest): boolean {
  return config.HSTS || new URL(config.SITE_URL).protocol === "https:" || request.protocol === "https";
}

/**
 * The inbox's cookies. Over HTTPS they are `Secure` and named with the `__Host-` prefix, which
 * browsers accept only from a secure origin with `Path=/` and no `Domain`: no subdomain and no
 * plain-HTTP page can set or overwrite them.
 */
export function cookieNames(https: boolean) {
  const prefix = https ? "__Host-" : "";
  return {
    /** The session's random token. */
    session: `${prefix}lescours_staff`,
    /** The sign-in form's CSRF token (before there is a session to hold one). */
    signIn: `${prefix}lescours_staff_signin`,
    /** A right password waiting for its second factor (not a session). */
    challenge: `${prefix}lescours_staff_challenge`,
    /** The inbox's language, en or fr. */
    language: `${prefix}lescours_staff_lang`,
  };
}

/** `HttpOnly` (no script reads them; the inbox has no script anyway), `SameSite=Strict`, `Path=/`. */
export function cookieOptions(https: boolean, maxAgeSeconds?: number) {
  return { path: "/", httpOnly: true, sameSite: "strict" as const, secure: https, ...(maxAgeSeconds ? { maxAge: maxAgeSeconds } : {}) };
}

/** A cookie of this request, or null. */
export function readCookie(request: FastifyRequest, name: string): string | null {
  const value = request.cookies[name];
  return typeof value === "string" && value !== "" ? value : null;
}

/** Removes a cookie from the browser. */
export function clearCookie(reply: FastifyReply, name: string, https: boolean): void {
  reply.clearCookie(name, cookieOptions(https));
}
