/**
 * `npm run bench:upload-memory`: does the server's memory come back after large uploads (the sixth
 * probe's G8: four bursts of six 9999 × 9999 PNGs left a server at 820 MB against 200 MB fresh)?
 * Each variant runs in a process of its own: BENCH_BURSTS bursts (4) of six pictures handed at
 * once to the editor's own upload path (`processPicture`, server/admin/content/pictures.ts: decoded
 * one at a time, re-encoded as a JPEG), with a pause after each burst as an editor's would be; the
 * resident memory (RSS, from /proc) before, at the peak of each burst (sampled every 50 ms) and
 * after each pause. The variants: sharp as the server had it, sharp's cache off, the cache off with
 * one libvips thread, and glibc's allocator limited to two arenas (MALLOC_ARENA_MAX=2). Writes
 * the table to docs/benchmarks.md between the `bench:upload-memory` markers.
 */
import "./scratch";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { processPicture, UploadedFile } from "../server/pictures";
import { writeBenchmarkSection } from "./benchmarks-doc";

const bursts = Number(process.env.BENCH_BURSTS ?? 4);
const perBurst = 6;
const pauseMs = 5000;
const docPath = "docs/benchmarks.md";
const markers = { start: "<!-- bench:upload-memory:start -->", end: "<!-- bench:upload-memory:end -->" };

interface Variant {
  name: string;
  /** sharp's settings in the measuring process. */
  cache: boolean;
  concurrency: number | null;
  env: Record<string, string>;
}

const variants: Variant[] = [
  { name: "sharp's defaults (the server before this change)", cache: true, concurrency: null, env: {} },
  { name: "`sharp.cache(false)`", cache: false, concurrency: null, env: {} },
  { name: "`sharp.cache(false)`, `sharp.concurrency(1)`", cache: false, concurrency: 1, env: {} },
  { name: "sharp's defaults, `MALLOC_ARENA_MAX=2`", cache: true, concurrency: null, env: { MALLOC_ARENA_MAX: "2" } },
];

interface Measured {
  before: number;
  peaks: number[];
  after: number[];
}

const residentMb = () => Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"))![1]) / 1024);

/** In the child: the bursts, with the variant's settings. */
async function measure(picture: string, variant: Variant): Promise<Measured> {
  if (!variant.cache) sharp.cache(false);
  if (variant.concurrency !== null) sharp.concurrency(variant.concurrency);
  const bytes = readFileSync(picture);
  const before = residentMb();
  const peaks: number[] = [];
  const after: number[] = [];
  for (let burst = 0; burst < bursts; burst++) {
    let peak = residentMb();
    const sampler = setInterval(() => (peak = Math.max(peak, residentMb())), 50);
    const results = await Promise.all(Array.from({ length: perBurst }, () => processPicture(new UploadedFile("huge.png", bytes, false))));
    clearInterval(sampler);
    if (results.some((result) => !result.ok)) throw new Error(`a picture was refused: ${JSON.stringify(results.find((result) => !result.ok))}`);
    peaks.push(Math.max(peak, residentMb()));
    // An editor looks at the result before the next upload; the server is otherwise idle.
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    after.push(residentMb());
  }
  return { before, peaks, after };
}

/** In the parent: one child per variant, in turn. */
function runChild(picture: string, index: number): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "bench/upload-memory.ts", "--child", picture, String(index)], {
      env: { ...process.env, ...variants[index]!.env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.on("close", (code) =>
      code === 0 ? resolve(JSON.parse(output.trim().split("\n").at(-1)!) as Measured) : reject(new Error(`variant ${index} exited ${code}`)),
    );
  });
}

async function main(): Promise<void> {
  if (process.argv[2] === "--child") {
    const measured = await measure(process.argv[3]!, variants[Number(process.argv[4])]!);
    console.log(JSON.stringify(measured));
    return;
  }
  // The probe's picture: 9999 × 9999, one colour, a PNG of a few hundred KB that decodes to 300 MB.
  const picture = join(mkdtempSync(join(tmpdir(), "lescours-upload-")), "huge.png");
  writeFileSync(
    picture,
    await sharp({ create: { width: 9999, height: 9999, channels: 3, background: "#6b2737" }, limitInputPixels: false })
      .png({ compressionLevel: 9 })
      .toBuffer(),
  );
  const load = loadavg()[0]!.toFixed(1);
  const rows: string[] = [];
  for (let i = 0; i < variants.length; i++) {
    console.log(`bench:upload-memory: ${variants[i]!.name}…`);
    const { before, peaks, after } = await runChild(picture, i);
    rows.push(`| ${variants[i]!.name} | ${before} | ${peaks.join(", ")} | ${after.join(", ")} |`);
    console.log(rows.at(-1));
  }
  const section = [
    markers.start,
    "## Memory after large uploads (`npm run bench:upload-memory`)",
    "",
    `**${new Date().toISOString().slice(0, 10)}**, ${availableParallelism()} × ${cpus()[0]?.model.trim() ?? "?"} (load average ${load} at the start), Node ${process.versions.node}, sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}. ` +
      `${bursts} bursts of ${perBurst} uploads at once of a 9999 × 9999 PNG (${Math.round(readFileSync(picture).length / 1024)} KB) through the editor's upload path ` +
      `(\`processPicture\`: decoded one at a time, re-encoded as a JPEG of 4000 px), ${pauseMs / 1000} s idle after each burst; resident memory in MB, each variant in a fresh process ` +
      "that loads only the upload path (the server adds its own 175 MB or so).",
    "",
    "| variant | before | peak of each burst | after each pause |",
    "|---|---:|---|---|",
    ...rows,
    "",
    "glibc keeps eight allocator arenas per core; libvips decodes on threads of its own, and what they freed stayed with the process. " +
      "`deploy/lescours.service` sets `MALLOC_ARENA_MAX=2` (docs/deployment.md, section 4).",
    markers.end,
  ].join("\n");
  writeBenchmarkSection(docPath, section, markers);
  console.log(`\n${section}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
