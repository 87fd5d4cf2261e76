/**
 * One backup, made in a folder before it goes to restic: the database copied while the server
 * serves (SQLite's online backup API, or pg_dump on PostgreSQL: ./postgres-dump.ts) and checked, the audit log's key, the photographs waiting
 * for their save, the content's git history as a bundle, and a manifest with every file's size
 * and SHA-256. A restore checks the files against the manifest before it puts anything back.
 */
import { createHash } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { copyFile, cp, mkdir, readdir, rm, stat, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { join, relative, sep } from "node:path";
import { auditKeyFileName } from "../db/audit-key";
import { newsletterPicturesFolder } from "../pictures";
import { checkDatabaseCopy, copyDatabase, type DatabaseCheck } from "../db/backups";
import { databaseFileName, sqliteOf, type Db } from "../db/database";
import { bundleContent, type ContentHistory } from "./content-history";
import { dumpDatabase, dumpFileName } from "./postgres-dump";

/** The manifest's file name, beside what it lists. */
export const manifestFileName = "manifest.json";
/** The folder of the photographs waiting for their save, in DATA_DIR and in a backup. */
const uploadsFolder = "content-uploads";

/** The folders of pictures in DATA_DIR a backup keeps: those waiting for the content editor's save, and the newsletter's photographs. */
export const pictureFolders = [uploadsFolder, newsletterPicturesFolder] as const;
/** The content's history in a backup. */
const bundleFileName = "content.bundle";

/** A file of the backup: its path (relative, with `/`), bytes and SHA-256. */
interface ManifestFile {
  path: string;
  bytes: number;
  sha256: string;
}

/** What a backup holds, written beside it as `manifest.json`. */
export interface Manifest {
  format: 1;
  /** When the database was copied (the moment the backup stands for). */
  takenAt: string;
  host: string;
  /** The database: a SQLite file, or (`format: "pg_dump"`) PostgreSQL's archive; backups made before PostgreSQL name no format. */
  database: DatabaseCheck & { file: string; format?: "pg_dump" };
  /** The content's history, or null when the content folder is in no git repository. */
  content: ContentHistory | null;
  files: ManifestFile[];
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Every file under `dir`, relative and sorted. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .sort();
}

/** Sizes and SHA-256 of the files of a backup folder (the manifest left out). */
async function describeFiles(dir: string): Promise<ManifestFile[]> {
  const files: ManifestFile[] = [];
  for (const path of await filesUnder(dir)) {
    if (path === manifestFileName) continue;
    const file = join(dir, path);
    files.push({ path, bytes: (await stat(file)).size, sha256: await sha256Of(file) });
  }
  return files;
}

/** The database copied into `staging` and checked: SQLite's file, or PostgreSQL's archive of the database at `databaseUrl`. */
async function copyAndCheck(db: Db, databaseUrl: string | undefined, staging: string, markTaken: (copy: string) => void): Promise<Manifest["database"]> {
  const sqlite = sqliteOf(db);
  if (!sqlite) {
    if (!databaseUrl) throw new Error("the database is PostgreSQL, but no DATABASE_URL was given to dump it from");
    // The run's row is marked done in the restored database instead (./postgres-dump.ts, markDumpTaken).
    return { file: dumpFileName, format: "pg_dump", ...(await dumpDatabase(databaseUrl, join(staging, dumpFileName))) };
  }
  const copy = join(staging, databaseFileName);
  await copyDatabase(sqlite, copy);
  markTaken(copy);
  return { file: databaseFileName, ...checkDatabaseCopy(copy) };
}

/**
 * Makes a backup in `staging` (emptied first) from the server's data and content folders, while
 * they are in use: returns its manifest. Throws, keeping nothing as good, when the copy of the
 * database fails its check. On SQLite, `markTaken` is called on the copy before it is checked.
 */
export async function stageBackup(
  db: Db,
  folders: { dataDir: string; contentDir: string; staging: string; databaseUrl?: string | undefined },
  markTaken: (copy: string, at: Date) => void,
): Promise<Manifest> {
  const { dataDir, contentDir, staging } = folders;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true, mode: 0o700 });
  const takenAt = new Date();
  const database = await copyAndCheck(db, folders.databaseUrl, staging, (copy) => markTaken(copy, takenAt));
  if (existsSync(join(dataDir, auditKeyFileName))) await copyFile(join(dataDir, auditKeyFileName), join(staging, auditKeyFileName));
  for (const folder of pictureFolders) {
    if (!existsSync(join(dataDir, folder))) continue;
    // A picture being written has a temporary name: only whole pictures are kept.
    await cp(join(dataDir, folder), join(staging, folder), { recursive: true, filter: (source) => !source.endsWith(".tmp") });
  }
  const history = await bundleContent(contentDir, join(staging, bundleFileName));
  const manifest: Manifest = {
    format: 1,
    takenAt: takenAt.toISOString(),
    host: hostname(),
    database,
    content: history ? { bundle: bundleFileName, ...history } : null,
    files: await describeFiles(staging),
  };
  await writeFile(join(staging, manifestFileName), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
