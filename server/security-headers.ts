/** Outside origins the site may use, and only when the visitor or the configuration asks. */
const embedOrigins = ["https://www.openstreetmap.org", "https://www.youtube-nocookie.com"];
const snipcartOrigins = ["https://cdn.snipcart.com", "https://app.snipcart.com", "https://payment.snipcart.com"];

export interface CspOptions {
  /** `'sha256-…'` sources of the page's inline scripts, computed at build. */
  scriptHashes: readonly string[];
  /** Snipcart was configured at build: open its origins. */
  snipcart: boolean;
  /** The site is served over HTTPS: upgrade any stray http:// request. */
  https: boolean;
}

/**
 * The Content-Security-Policy of a page: scripts only from the site and the page's own hashed
 * inline scripts, no plugins, no framing, and the embeds' origins for frames only.
 */
export function contentSecurityPolicy({ scriptHashes, snipcart, https }: CspOptions): string {
  const extra = snipcart ? snipcartOrigins : [];
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", ...scriptHashes, ...extra],
    // Snipcart's widget sets inline styles; without it, styles come only from our files.
    ["style-src", "'self'", ...(snipcart ? ["'unsafe-inline'", ...extra] : [])],
    ["img-src", "'self'", "data:", ...extra],
    ["font-src", "'self'", ...extra],
    ["media-src", "'self'"],
    ["connect-src", "'self'", ...extra],
    ["frame-src", ...embedOrigins, ...extra],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'", ...extra],
    ["frame-ancestors", "'none'"],
    ...(https ? ([["upgrade-insecure-requests"]] as [string][]) : []),
  ];
  return directives.map((parts) => parts.join(" ")).join("; ");
}

/**
 * The policy of every answer that is not a page (API JSON, errors, scripts, images, SVG): such a
 * document, if ever opened or framed by itself, may load and run nothing.
 */
export const resourceSecurityPolicy = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Headers sent with every response. */
export function baseSecurityHeaders({ hsts }: { hsts: boolean }): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    // Features the site never uses, refused to every frame too (interest-cohort, FLoC's, is long gone: browsing-topics replaced it).
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    ...(hsts ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
  };
}
