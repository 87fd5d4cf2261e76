/**
 * docs/benchmarks.md holds one section per benchmark script, between that script's own markers
 * (`<!-- bench:<name>:start -->` … `<!-- bench:<name>:end -->`). Each script replaces only its
 * section, reading the file right before writing: other scripts write theirs.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";

const heading = "# Benchmarks\n\nMeasurements of this machine's runs, one section per benchmark script.\n";

/** Puts `section` (its markers included) in place of the one between `start` and `end`, or at the end of the file. */
export function writeBenchmarkSection(docPath: string, section: string, { start, end }: { start: string; end: string }): void {
  const existing = existsSync(docPath) ? readFileSync(docPath, "utf8") : heading;
  const updated =
    existing.includes(start) && existing.includes(end)
      ? existing.slice(0, existing.indexOf(start)) + section + existing.slice(existing.indexOf(end) + end.length)
      : `${existing.trimEnd()}\n\n${section}\n`;
  writeFileSync(docPath, updated);
}
