import { mkdirSync, mkdtempSync, renameSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LiveBuildFollower } from "../follow-live";
import type { PublishedContent } from "../published";

/**
 * An instance following the builds another instance publishes into the shared publish folder
 * (server/admin/content/follow-live.ts): it serves a new `current`, and only a change made after
 * its start (a deploy's newer build, served at start, is not replaced by an older publish). The
 * whole, with two servers on one PostgreSQL database: shared-publish.test.ts.
 */

/** A publish folder with these builds (each a folder of its own) and `current` pointing at the first. */
function publishFolder(...builds: string[]) {
  const dir = mkdtempSync(join(tmpdir(), "lescours-follow-"));
  for (const build of builds) mkdirSync(join(dir, build));
  const point = (build: string) => {
    symlinkSync(build, join(dir, "current.next"));
    renameSync(join(dir, "current.next"), join(dir, "current"));
  };
  point(builds[0]!);
  return { dir, point };
}

function follower(buildsDir: string, served: string) {
  const switched: string[] = [];
  let serving = served;
  const follow = new LiveBuildFollower({
    buildsDir,
    published: {} as PublishedContent,
    servedBuild: () => serving,
    switchBuild: async (dir) => {
      switched.push(dir);
      serving = dir;
    },
    switchContent: () => true,
    log: { info: () => {}, warn: () => {} },
    // Looked at by the test itself.
    everyMs: 2 ** 30,
  });
  return { follow, switched, serve: (dir: string) => (serving = dir) };
}

describe("an instance following the publish folder", () => {
  it("serves the build current points at once it changed, and only once", async () => {
    const { dir, point } = publishFolder("build-1", "build-2");
    const { follow, switched } = follower(dir, join(dir, "build-1"));
    await follow.start();
    expect(await follow.look()).toBe(false);
    point("build-2");
    expect(await follow.look()).toBe(true);
    expect(await follow.look()).toBe(false);
    follow.stop();
    expect(switched).toEqual([join(dir, "build-2")]);
  });

  it("keeps a deploy's newer build served at start until the next publish, and leaves its own publish as it is", async () => {
    const { dir, point } = publishFolder("build-1", "build-2");
    const deployed = mkdtempSync(join(tmpdir(), "lescours-deployed-"));
    writeFileSync(join(deployed, "build-info.json"), "{}");
    const { follow, switched } = follower(dir, deployed);
    await follow.start();
    expect(await follow.look()).toBe(false);
    point("build-2");
    expect(await follow.look()).toBe(true);
    expect(switched).toEqual([join(dir, "build-2")]);
    follow.stop();

    // The instance that published serves its build before it points current at it: nothing to do.
    const again = publishFolder("build-1", "build-2");
    const publisher = follower(again.dir, join(again.dir, "build-1"));
    await publisher.follow.start();
    publisher.serve(join(again.dir, "build-2"));
    again.point("build-2");
    expect(await publisher.follow.look()).toBe(false);
    publisher.follow.stop();
    expect(publisher.switched).toEqual([]);
  });
});
