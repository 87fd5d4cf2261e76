import { copyFileSync, existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const compressible = /\.(html|js|css|json|data|svg|xml|txt|webmanifest)$/;

/**
 * Writes `<file>.br` (brotli 11) and `<file>.gz` (gzip 9) beside a text file of 512 bytes or
 * more, which the server sends to clients that accept them. Returns the brotli size, or
 * undefined when the file is left as it is. When `previous` (the same file in an earlier build)
 * has the same bytes and its variants, they are copied instead: a publish from the content
 * editor changes a few pages, and compressing every file again was most of its postbuild
 * (16.7 s of 17 s measured here, docs/performance.md "Publishing from the editor").
 */
export function precompress(file: string, previous?: string): number | undefined {
  if (!compressible.test(file) || statSync(file).size < 512) return undefined;
  const body = readFileSync(file);
  if (previous && existsSync(`${previous}.br`) && existsSync(`${previous}.gz`) && existsSync(previous) && readFileSync(previous).equals(body)) {
    copyFileSync(`${previous}.br`, `${file}.br`);
    copyFileSync(`${previous}.gz`, `${file}.gz`);
    return statSync(`${file}.br`).size;
  }
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  return br.length;
}
