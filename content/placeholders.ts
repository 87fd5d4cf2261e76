/**
 * What must be filled in before the site goes live (`npm run check:launch`, docs/deployment.md):
 * every legal fact of the company, the host and the consumer mediator still `null` in site.json,
 * and every address, link or phone number that is still a placeholder (the reserved `.example`
 * domain, a sample page named `…-example`, a phone number of zeros).
 */
import type { Site } from "./schemas/site";

/** One placeholder: where it is in site.json (`company.vatNumber`), and why it counts. */
export interface Placeholder {
  path: string;
  /** `unfilled`: a legal fact not given yet; `example`: a sample address or link; `phone`: a sample number. */
  kind: "unfilled" | "example" | "phone";
}

/** A phone number whose digits after the country code are all zeros: "+33 5 00 00 00 00". */
const samplePhone = /^\+\d{1,3}(?:\s*\d)\s*(?:0\s*)+$/;
/**
 * A host on the reserved `.example` domain (RFC 2606), in an address or a link, or a sample page
 * on a real site (`…/rooms/hermitage-lescours-villa-example`).
 */
const exampleDomain = /[.-]example(?:$|[/:?#.])/;

/** The placeholders still in `site`, in the file's order. */
export function launchPlaceholders(site: Site): Placeholder[] {
  const found: Placeholder[] = [];
  const walk = (value: unknown, path: string) => {
    if (value === null) found.push({ path, kind: "unfilled" });
    else if (typeof value === "string") {
      if (exampleDomain.test(value)) found.push({ path, kind: "example" });
      else if (samplePhone.test(value)) found.push({ path, kind: "phone" });
    } else if (Array.isArray(value)) value.forEach((item, index) => walk(item, `${path}[${index}]`));
    else if (typeof value === "object" && value !== undefined) for (const [key, inner] of Object.entries(value)) walk(inner, path ? `${path}.${key}` : key);
  };
  walk(site, "");
  return found;
}
