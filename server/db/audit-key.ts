/**
 * The secret the audit log's address digests are keyed with (docs/security.md, "Audit"): 256
 * random bits in DATA_DIR/audit-key, readable by the server's user only, made on first use. A bare
 * SHA-256 of an address let anyone who knew the address find out it had been erased; an HMAC under
 * this key can be recomputed only by whoever holds DATA_DIR.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, closeSync, fsyncSync, linkSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from "node:fs";
import { join } from "node:path";

export const auditKeyFileName = "audit-key";

const keyShape = /^[0-9a-f]{64}$/;

/**
 * The key in `dataDir`, made now if there is none. It is written to a file of its own and then
 * linked into place (a link never replaces an existing file), so that two processes starting at
 * once end up with the same key.
 */
export function auditKey(dataDir: string): Buffer {
  const path = join(dataDir, auditKeyFileName);
  try {
    return readKey(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const draft = `${path}.${process.pid}.${randomBytes(4).toString("hex")}`;
  const fd = openSync(draft, "wx", 0o600);
  try {
    writeSync(fd, `${randomBytes(32).toString("hex")}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(draft, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(draft);
  }
  return readKey(path);
}

function readKey(path: string): Buffer {
  const text = readFileSync(path, "utf8").trim();
  if (!keyShape.test(text)) throw new Error(`${path} does not hold an audit key (64 hexadecimal digits)`);
  // Readable by the server's user only, whoever copied it in.
  if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  return Buffer.from(text, "hex");
}
