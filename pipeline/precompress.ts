import { readFileSync, statSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const compressible = /\.(html|js|css|json|data|svg|xml|txt|webmanifest)$/;

/**
 * Writes `<file>.br` (brotli 11) and `<file>.gz` (gzip 9) beside a text file of 512 bytes or
 * more, which the server sends to clients that accept them. Returns the brotli size, or
 * undefined when the file is left as it is.
 */
export function precompress(file: string): number | undefined {
  if (!compressible.test(file) || statSync(file).size < 512) return undefined;
  const body = readFileSync(file);
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  return br.length;
}
