/**
 * Several instances on one PostgreSQL database share the publish folder (PUBLISH_DIR on storage
 * every instance reaches: docs/deployment.md, "Two machines on one PostgreSQL"). The instance that
 * publishes switches to its new build and then points `<builds>/current` at it (./publisher.ts);
 * each other instance looks at `current` every few seconds and, when it points somewhere new,
 * serves that build and speaks with the content it was made from, as the publishing instance does
 * (its `onFinished`). Only a change of `current` after the start is followed: which build a server
 * starts with (the last publish, or a deploy's newer build) stays ./published.ts's `liveAtStart`.
 */
import { realpath } from "node:fs/promises";
import { join } from "node:path";
import { builtFrom, type PublishedContent } from "./published";

/** How often an instance looks at `current`: a publish reaches every instance within this (and NFS's attribute cache). */
const followEveryMs = 5_000;

interface Log {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export class LiveBuildFollower {
  /** The build `current` pointed at when last looked at. */
  private seen: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;

  constructor(
    private readonly options: {
      buildsDir: string;
      published: PublishedContent;
      /** The build this instance serves. */
      servedBuild: () => string;
      /** Serves another build (throws, changing nothing, when it is no whole build). */
      switchBuild: (dir: string) => Promise<void>;
      /** The content store reads the content in this folder from now on; false when it does not read. */
      switchContent: (dir: string) => boolean;
      log: Log;
      everyMs?: number;
    },
  ) {}

  private async current(): Promise<string | null> {
    return realpath(join(this.options.buildsDir, "current")).catch(() => null);
  }

  /** Starts looking, from what `current` points at now. */
  async start(): Promise<void> {
    this.stopped = false;
    this.seen = await this.current();
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.look().finally(() => this.schedule());
    }, this.options.everyMs ?? followEveryMs);
    this.timer.unref();
  }

  /** Serves the build `current` points at when it changed since the last look and is not served already; true when it switched. */
  async look(): Promise<boolean> {
    const live = await this.current();
    if (live === null || live === this.seen) return false;
    this.seen = live;
    const served = await realpath(this.options.servedBuild()).catch(() => this.options.servedBuild());
    // This instance published it: it serves it already.
    if (live === served) return false;
    // The content it was made from, found first: the pages and the content store change together.
    const from = await builtFrom(live);
    const content = from ? await this.options.published.checkout(from.commit).catch(() => null) : null;
    try {
      await this.options.switchBuild(live);
    } catch (error) {
      this.options.log.warn(
        { build: live, error: error instanceof Error ? error.message : String(error) },
        "content: another instance's publish could not be served",
      );
      return false;
    }
    if (content === null || !this.options.switchContent(content))
      this.options.log.warn({ build: live }, "content: serving another instance's publish, but its content does not read: the server keeps the content it had");
    this.options.log.info({ build: live }, "content: serving the build another instance published");
    return true;
  }
}
