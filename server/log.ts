/** Query values in logged URLs: newsletter tokens, e-mail addresses in tracking links, anything a visitor typed. */
const redacted = "[redacted]";

/**
 * Paths whose last part is a key: a staff member's calendar feed (a calendar app has no session,
 * so the token in the address is the key), an invitation's link and a link to choose a new
 * password. Logged without it, whatever was typed there.
 */
const keyedPaths = [/^(\/admin\/calendar\/feed\/)[^/]+?(\.ics)?$/, /^(\/admin\/invite\/)[^/]+$/, /^(\/admin\/password\/)[^/]+$/];

/**
 * What else reads like a random token in a path: 32 or more URL-safe characters with a capital
 * letter or an underscore among them. The site's own paths (slugs, hashed assets) are lower case
 * or far shorter; a 43-character random token lacks both only once in billions.
 */
const tokenLike = /[A-Za-z0-9_-]{32,}/g;

/** The path with its keys replaced. */
function redactPath(path: string): string {
  for (const pattern of keyedPaths) {
    const match = pattern.exec(path);
    if (match) return `${match[1]}${redacted}${match[2] ?? ""}`;
  }
  return path.replace(tokenLike, (run) => (/[A-Z_]/.test(run) ? redacted : run));
}

/**
 * A request URL fit for the log: the path as requested with the tokens some paths carry replaced,
 * and every query parameter kept by name with its value replaced, so neither a newsletter token
 * (`?token=…`) nor a calendar feed's address ever reaches a log file.
 */
export function redactUrl(url: string): string {
  const query = url.indexOf("?");
  if (query === -1) return redactPath(url);
  const names = url
    .slice(query + 1)
    .split("#", 1)[0]!
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      // A name is kept only when it looks like one: a bare `?<token>` is a value too.
      const name = pair.split("=", 1)[0]!;
      return /^[A-Za-z][A-Za-z0-9_.-]{0,31}$/.test(name) && pair.includes("=") ? `${name}=${redacted}` : redacted;
    });
  return `${redactPath(url.slice(0, query))}?${names.join("&")}`;
}

/** A URL with its password replaced by `***` (`postgres://lescours:***@db:5432/lescours`), for errors and logs. */
export const withoutPassword = (value: string) => value.replace(/^((?:[a-z][a-z0-9+.-]*:)?[a-z][a-z0-9+.-]*:\/\/[^/:@\s]*:)[^/@\s]*@/i, "$1***@");
