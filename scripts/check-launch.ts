/**
 * `npm run check:launch`, the step before going live (docs/deployment.md): lists every placeholder
 * content/site.json still holds (legal facts not given yet, sample addresses, links and phone
 * numbers: content/placeholders.ts) and exits 1 while any remains, 0 once none does. Reads the
 * content folder given as its argument, else CONTENT_DIR, else `content/`.
 */
import { pathToFileURL } from "node:url";
import { readContent } from "#content";
import { launchPlaceholders, type Placeholder } from "#content/placeholders";

const why: Record<Placeholder["kind"], string> = {
  unfilled: "not given yet (null): the legal pages show a placeholder",
  example: "a sample address or link (.example)",
  phone: "a sample phone number",
};

/** The report and the exit status for the content in `dir`. */
export function checkLaunch(dir?: string): { status: number; report: string } {
  const found = launchPlaceholders(readContent(dir, { pictures: false }).site);
  if (found.length === 0) return { status: 0, report: "check:launch: content/site.json holds no placeholder: ready to go live." };
  const width = Math.max(...found.map((item) => item.path.length));
  const lines = found.map((item) => `  ${item.path.padEnd(width)}  ${why[item.kind]}`);
  return { status: 1, report: [`check:launch: ${found.length} placeholders to fill in content/site.json before going live:`, ...lines].join("\n") };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { status, report } = checkLaunch(process.argv[2]);
  (status === 0 ? console.log : console.error)(report);
  process.exitCode = status;
}
