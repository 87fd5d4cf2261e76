/**
 * Who may open which page of the staff area. Every route of /admin says either that it is public
 * (`publicRoute`: the sign-in steps, the language switch, the stylesheet) or which roles it is
 * for (`requireRole(...)`); a route that says neither stops the server at start-up, so a new
 * route cannot be left open by omission. See docs/security.md ("Roles").
 */
import type { StaffRole } from "../../db/staff";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Reachable without a session: the route checks its own token (server/admin/session/routes.ts). */
    adminPublic?: boolean;
    /** The roles a signed-in staff member needs to reach the route. */
    roles?: readonly StaffRole[];
  }
}

/** Route config: reachable without a session. */
export const publicRoute = { adminPublic: true } as const;

/**
 * Route config: only signed-in staff whose role is one of `roles` reach the handler; anyone else
 * signed in gets 403 and a page naming their role (and without a session, as everywhere, the
 * sign-in page). Use it as `admin.get(url, { config: requireRole("admin") }, handler)`.
 */
export function requireRole(...roles: [StaffRole, ...StaffRole[]]): { roles: readonly StaffRole[] } {
  return { roles };
}

/** The inbox of submissions, its exports, privacy tools and audit log. */
export const inboxRoles = requireRole("admin", "inbox");
/** The content editor (/admin/content): its forms, history and publishing. */
export const contentRoles = requireRole("admin", "editor");
/** The tour schedule decides what every visitor can book: admin accounts only (docs/security.md). */
export const scheduleRoles = requireRole("admin");
/** Pages every signed-in member of the staff may open (their own account). */
export const everyRole = requireRole("admin", "editor", "inbox");

/**
 * Whether a role must sign in with a second factor: every role that opens visitors' personal data
 * (the inbox, its exports, the privacy tools, guests' records). Such an account without one enrols
 * at its next sign-in before any session opens; other roles may set one up from their account page.
 */
export const needsSecondFactor = (role: StaffRole): boolean => roleAllows(inboxRoles, role);

/** Where a sign-in leads: the inbox for those it is for, the content list for an editor, else their account page. */
export const homeFor = (role: StaffRole) => (roleAllows(inboxRoles, role) ? "/admin" : roleAllows(contentRoles, role) ? "/admin/content" : "/admin/account");

/** Stops the server at start-up for an admin route that says neither its roles nor that it is public. */
export function assertDeclaresAccess(url: string, config: { adminPublic?: boolean; roles?: readonly StaffRole[] } | undefined): void {
  if (config?.adminPublic === true || (config?.roles?.length ?? 0) > 0) return;
  throw new Error(`admin route ${url} must say which roles it is for (requireRole) or that it is public (publicRoute)`);
}

/** Whether a role opens a route configured with `requireRole`. */
export function roleAllows(config: { roles?: readonly StaffRole[] }, role: StaffRole): boolean {
  return config.roles?.includes(role) ?? false;
}
