/** Query values in logged URLs: newsletter tokens, e-mail addresses in tracking links, anything a visitor typed. */
const redacted = "[redacted]";

/**
 * A request URL fit for the log: the path as requested, every query parameter kept by name with
 * its value replaced, so a newsletter token (`?token=…`) never reaches a log file.
 */
export function redactUrl(url: string): string {
  const query = url.indexOf("?");
  if (query === -1) return url;
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
  return `${url.slice(0, query)}?${names.join("&")}`;
}
