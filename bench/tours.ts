/**
 * `npm run bench:tours`: the tour bookings under load, against the real server (child process,
 * loopback, a fresh DATA_DIR, `build/` as built, rate limiting off, no mail).
 * 1. Availability: `GET /api/tours/availability` for 93 days, the three packages in turn, from
 *    BENCH_CLIENTS (default 200) concurrent connections for BENCH_DURATION seconds (default 10).
 * 2. BENCH_ATTEMPTS (default 500) booking attempts sent at once for one slot, while a page is
 *    being read by 10 connections: how many places were given (must equal the capacity), the
 *    answers' codes (no 5xx), and the page's latency meanwhile.
 * Writes the results to docs/benchmarks.md between the `bench:tours` markers.
 */
import "./scratch";
import { existsSync, mkdtempSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { startServer } from "../e2e/support/server";
import { openDatabase } from "../server/db/database";
import { addDays, localOf } from "../server/bookings/paris-time";
import { autocannon } from "./autocannon";
import { writeBenchmarkSection } from "./benchmarks-doc";

const duration = Number(process.env.BENCH_DURATION ?? 10);
const clients = Number(process.env.BENCH_CLIENTS ?? 200);
const attempts = Number(process.env.BENCH_ATTEMPTS ?? 500);
const buildDir = process.env.BUILD_DIR ?? "build";
const docPath = "docs/benchmarks.md";
const start = "<!-- bench:tours:start -->";
const end = "<!-- bench:tours:end -->";

async function main() {
  if (!existsSync(join(buildDir, "build-info.json"))) throw new Error(`No built site in ${buildDir}: run "npm run build" first.`);
  const load = loadavg()[0]!.toFixed(2);
  const dataDir = mkdtempSync(join(tmpdir(), "lescours-bench-tours-"));
  const server = await startServer({ buildDir, dataDir, env: { RATE_LIMIT_MAX: "0", SMTP_URL: "", LOG_LEVEL: "warn" } });
  try {
    const today = localOf(new Date()).date;
    const from = addDays(today, 2);
    const to = addDays(from, 92);
    const requests = ["hermitage", "mongiron", "both"].map((pkg) => ({ path: `/api/tours/availability?package=${pkg}&from=${from}&to=${to}` }));
    console.log(`availability: ${clients} connections, ${duration} s…`);
    await autocannon({ url: server.url, connections: clients, duration: 2, requests });
    const availability = await autocannon({ url: server.url, connections: clients, duration, requests });

    // One slot a week ahead (10:00 in Paris), the 500 attempts for one place each, all at once.
    const slotDay = addDays(today, 7);
    const slotAnswer = (await (await fetch(`${server.url}/api/tours/availability?package=hermitage&from=${slotDay}&to=${slotDay}`)).json()) as {
      slots: { start: string; capacity: number }[];
    };
    const slot = slotAnswer.slots[0]!;
    console.log(`${attempts} booking attempts for ${slot.start} (capacity ${slot.capacity}), a page read meanwhile…`);
    const pageRun = autocannon({ url: `${server.url}/wine-tours`, connections: 10, duration: 4 });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const began = Date.now();
    const codes = await Promise.all(
      Array.from({ length: attempts }, (_, i) =>
        fetch(`${server.url}/api/tour-bookings`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            language: "en",
            page: "/wine-tours",
            name: "Bench",
            email: `bench${i}@example.com`,
            guests: 1,
            package: "hermitage",
            slot: slot.start,
          }),
        }).then(
          (response) => response.status,
          () => 0,
        ),
      ),
    );
    const bookingSeconds = (Date.now() - began) / 1000;
    const page = await pageRun;
    const db = openDatabase(dataDir, { readonly: true });
    const given = (db.prepare("SELECT coalesce(sum(guests), 0) AS n FROM tour_slot_bookings WHERE status IN ('pending', 'confirmed')").get() as { n: number })
      .n;
    db.close();
    const count = (code: number) => codes.filter((c) => c === code).length;
    const serverErrors = codes.filter((c) => c >= 500 || c === 0).length;

    const machine = {
      cores: availableParallelism(),
      cpu: cpus()[0]?.model.trim() ?? "unknown",
      node: process.version,
      date: new Date().toISOString().slice(0, 10),
    };
    const section = [
      start,
      "## Tour availability and the last places (`npm run bench:tours`)",
      "",
      `Measured ${machine.date} on ${machine.cores} cores (${machine.cpu}), Node ${machine.node}, against the real server on loopback`,
      `(a fresh \`DATA_DIR\`, the default schedule, rate limiting off, no mail); the 1-minute load average was ${load} before the run`,
      "(other jobs share the two cores, and the load generator runs on them too: compare runs made at a similar load).",
      "The server keeps an availability answer for a second unless places or the schedule change (`server/bookings/availability.ts`).",
      "",
      "| what | result |",
      "|---|---|",
      `| \`GET /api/tours/availability\`, 93 days, the three packages in turn, ${clients} connections, ${duration} s | ${Math.round(availability.requests.average).toLocaleString("en")} per second, p50 ${availability.latency.p50} ms, **p99 ${availability.latency.p99} ms**, max ${availability.latency.max} ms; ${availability.non2xx} non-2xx, ${availability.errors} errors of which ${availability.timeouts} timeouts (autocannon's 10 s) |`,
      `| ${attempts} booking attempts at once for one slot of ${slot.capacity} places | **${given} places given** (${count(201)} × 201, ${count(409)} × 409), ${serverErrors} answers 5xx or none, all answered in ${bookingSeconds.toFixed(2)} s |`,
      `| \`GET /wine-tours\` meanwhile (10 connections, 4 s) | p50 ${page.latency.p50} ms, p99 ${page.latency.p99} ms, max ${page.latency.max} ms, ${page.non2xx + page.errors + page.timeouts} errors |`,
      "",
      `Places given ${given === slot.capacity ? "equal" : "**do not equal**"} the capacity; ${serverErrors === 0 ? "no" : "**some**"} 5xx.`,
      end,
    ].join("\n");
    writeBenchmarkSection(docPath, section, { start, end });
    console.log(`\n${section}\n\nwritten to ${docPath}`);
  } finally {
    await server.stop();
  }
}

await main();
