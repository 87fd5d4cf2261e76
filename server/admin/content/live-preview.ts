/**
 * The live preview beside an item's form: the page that shows the item (a news card on /fr/news, a
 * wine's page), rendered by the site's own code from the editor's unsaved draft. The server keeps
 * one child process for it, `pipeline/render-service.ts` (at a lower priority than the visitors'
 * requests), started at the first preview and stopped after ten minutes without one, or with the
 * server. It renders with the kept server bundle of the build being served (docs/performance.md,
 * "Publishing from the editor"); a build without one has no live preview.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { projectDir } from "../../project";

/** A picture as the site's pages take it (app/lib/images.ts `Picture`). */
export interface PreviewPicture {
  sources: Record<string, string>;
  img: { src: string; w: number; h: number };
}

export type PreviewResult = { html: string } | { problem: string } | { error: string };

export interface LivePreviewOptions {
  contentDir: string;
  /** The build served now. */
  servedBuild: () => string;
  /** How long a render may take before the answer gives up (the process is busy or stuck). */
  timeoutMs?: number;
  /** How long the process is kept without a preview. */
  idleMs?: number;
}

export class LivePreview {
  private child: ChildProcess | null = null;
  private ready: Promise<void> | null = null;
  private next = 1;
  private readonly waiting = new Map<number, (result: PreviewResult) => void>();
  private idle: NodeJS.Timeout | null = null;

  constructor(private readonly options: LivePreviewOptions) {}

  /** Whether the served build can render a live preview (it kept its server bundle). */
  available(): boolean {
    return existsSync(join(this.options.servedBuild(), "renderer", "manifest.json"));
  }

  /** Renders `path` with `overrides` in place of their files; the pictures the bundle lacks given as staff URLs. */
  async render(path: string, overrides: Record<string, unknown>, pictures: Record<string, PreviewPicture>): Promise<PreviewResult> {
    if (!this.available()) return { error: "no bundle" };
    await this.start();
    const child = this.child;
    if (!child?.connected) return { error: "the renderer stopped" };
    this.keepAlive();
    const id = this.next++;
    return new Promise<PreviewResult>((done) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        done({ error: "the renderer took too long" });
      }, this.options.timeoutMs ?? 60_000);
      this.waiting.set(id, (result) => {
        clearTimeout(timer);
        done(result);
      });
      child.send({ id, build: resolve(this.options.servedBuild()), path, overrides, pictures });
    });
  }

  /** Stops the process (the server stops). */
  stop(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    this.child?.kill("SIGTERM");
    this.child = null;
    this.ready = null;
    for (const [id, answer] of this.waiting) {
      this.waiting.delete(id);
      answer({ error: "the server is stopping" });
    }
  }

  private keepAlive(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = setTimeout(() => this.stop(), this.options.idleMs ?? 10 * 60_000);
    this.idle.unref();
  }

  private start(): Promise<void> {
    this.ready ??= new Promise<void>((done, fail) => {
      // Node itself (not tsx's launcher, which runs another process): the IPC channel reaches the script.
      const child = spawn("nice", ["-n", "5", process.execPath, "--import", "tsx", "pipeline/render-service.ts"], {
        cwd: projectDir,
        env: { ...process.env, CONTENT_DIR: this.options.contentDir, NODE_ENV: "production", FORCE_COLOR: "0" },
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      });
      this.child = child;
      child.on("message", (message: { ready?: boolean; id?: number; html?: string; problem?: string; error?: string }) => {
        if (message.ready) return done();
        if (message.id === undefined) return;
        const answer = this.waiting.get(message.id);
        this.waiting.delete(message.id);
        answer?.(
          message.html !== undefined
            ? { html: message.html }
            : message.problem !== undefined
              ? { problem: message.problem }
              : { error: message.error ?? "no answer" },
        );
      });
      child.on("error", fail);
      child.on("exit", () => {
        if (this.child === child) {
          this.child = null;
          this.ready = null;
        }
        fail(new Error("the renderer exited"));
        for (const [id, answer] of this.waiting) {
          this.waiting.delete(id);
          answer({ error: "the renderer exited" });
        }
      });
    });
    return this.ready;
  }
}
