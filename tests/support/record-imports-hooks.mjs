/** The resolve hook of ./record-imports.mjs (module hooks run on a thread of their own). */
import { appendFileSync } from "node:fs";
import process from "node:process";

export async function resolve(specifier, context, next) {
  if (process.env.RECORD_IMPORTS_FILE) appendFileSync(process.env.RECORD_IMPORTS_FILE, `${specifier}\n`);
  return next(specifier, context);
}
