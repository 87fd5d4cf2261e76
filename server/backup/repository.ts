/**
 * Where the backups' repository really is, as RESTIC_REPOSITORY (or the file RESTIC_REPOSITORY_FILE
 * names) says, without what it may hold of credentials: a folder on this machine (and whether it
 * shares the site's data disk, where a lost disk takes both), or a remote service by its scheme
 * (sftp, s3, rest, b2…) and host. The staff page and the admins' mail say it in their language
 * (server/mail/backup-words.ts), the log and /healthz in English; nothing promises "off this server" for a folder
 * on the same disk.
 */
import { readFileSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { RepositoryPlace } from "#core/backup";
import type { Config } from "../config";

/** The file system (device) a path is on, or of its nearest parent that exists: a vanished folder's disk is its parent's. */
function deviceOf(path: string): number | null {
  for (let at = path; ; at = dirname(at)) {
    try {
      return statSync(at).dev;
    } catch {
      if (dirname(at) === at) return null;
    }
  }
}

/** The host of an address (`user:password@host:port/…` or a URL), without its user and password. */
function hostOf(address: string): string | null {
  try {
    const url = new URL(address);
    if (url.host) return url.host;
  } catch {
    // Not a URL: `user@host:/path` (sftp), `host/bucket` (s3), `bucket:path` (b2, gs, azure, rclone's remote).
  }
  const withoutUser = address.slice(address.lastIndexOf("@") + 1);
  const host = /^[^/:]+/.exec(withoutUser)?.[0];
  return host ?? null;
}

/** Where the repository of `location` (RESTIC_REPOSITORY's form) is; `dataDir` tells whether a folder shares its disk. */
function placeOf(location: string, dataDir: string): RepositoryPlace {
  const service = /^([a-z0-9]+):/.exec(location)?.[1];
  // A Windows drive letter is no scheme; restic's `local:` is a folder.
  if (service && service !== "local" && service.length > 1) return { kind: "service", service, host: hostOf(location.slice(service.length + 1)) };
  const path = resolve(service === "local" ? location.slice("local:".length) : location);
  const repositoryDisk = deviceOf(path);
  return { kind: "folder", path, sameDisk: repositoryDisk !== null && repositoryDisk === deviceOf(resolve(dataDir)) };
}

/** Where the configuration's repository is, or null without one. */
export function repositoryPlace(config: Config): RepositoryPlace | null {
  if (config.RESTIC_REPOSITORY) return placeOf(config.RESTIC_REPOSITORY, config.DATA_DIR);
  if (!config.RESTIC_REPOSITORY_FILE) return null;
  try {
    return placeOf(readFileSync(config.RESTIC_REPOSITORY_FILE, "utf8").trim(), config.DATA_DIR);
  } catch {
    return { kind: "unknown", file: config.RESTIC_REPOSITORY_FILE };
  }
}

/** The place in English, for the log, the command's output and /healthz: "/srv/backups", "sftp at vault.example". */
export function placeInEnglish(place: RepositoryPlace | null): string {
  if (place === null) return "no repository";
  switch (place.kind) {
    case "folder":
      return place.path;
    case "service":
      return place.host ? `${place.service} at ${place.host}` : `a ${place.service} service`;
    case "unknown":
      return `the repository named in ${place.file}`;
  }
}
