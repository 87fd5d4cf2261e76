/**
 * The pages the staff area shows in frames of its own pages keep these policies instead of the
 * staff area's (./staff-guard.ts sets its own on every other answer).
 */

/**
 * The policy of a previewed page of the site: its own styles, fonts and pictures from this server,
 * no script (it shows as it paints before its scripts load), shown only in a frame of the staff
 * area (the editor's live preview) or on its own.
 */
export const previewPagePolicy =
  "default-src 'none'; style-src 'self'; font-src 'self'; img-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

/**
 * The policy of an e-mail shown in the staff's preview frame: its inline styles and its pictures
 * (the logo as data, the picture from the site), no script, no form, framed by the staff
 * area only.
 */
export const mailPreviewPolicy =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

/** The policies an answer of the staff area may carry in place of its own. */
export const framedPolicies: ReadonlySet<string> = new Set([previewPagePolicy, mailPreviewPolicy]);
