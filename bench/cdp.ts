/**
 * A Chromium driven over the DevTools protocol through a pipe (`--remote-debugging-pipe`), with
 * nothing enabled on the page but what a measurement asks for. Playwright and Puppeteer enable the
 * Runtime domain on every page, and with it V8 records a detailed stack for every Error the page
 * creates: React's module evaluation then re-parses the framework to find source positions, 48 ms
 * of CPU more on this machine than for a visitor (docs/benchmarks.md). The lab INP measurement
 * and `bench:trace` use this instead. `Runtime.evaluate` (`evaluate` below) does not turn the
 * domain on.
 */
import { spawn, type ChildProcess } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import { chromiumArgs } from "../e2e/support/browser";

export interface CdpSession {
  send<T = Record<string, unknown>>(method: string, params?: object): Promise<T>;
  /** Resolves with the parameters of the next event of that name. */
  once<T = Record<string, unknown>>(method: string): Promise<T>;
  /** Calls `listener` with the parameters of every event of that name, until the returned function is called. */
  on<T = Record<string, unknown>>(method: string, listener: (params: T) => void): () => void;
}

export interface CdpBrowser {
  /**
   * A new page (tab) and a session attached to it. `fresh` opens it in a browser context of its
   * own (an empty profile: no HTTP cache, no V8 code cache, no storage), closed with it.
   */
  newPage(options?: { fresh?: boolean }): Promise<CdpSession & { close(): Promise<void> }>;
  /** The browser's own session (tracing, targets). */
  session: CdpSession;
  close(): Promise<void>;
}

interface Message {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { message: string };
  sessionId?: string;
}

/** Launches Chromium headless with the project's usual flags and a CDP pipe. */
export function launchCdpBrowser(executable = process.env.CHROME_PATH ?? "/usr/bin/chromium"): CdpBrowser {
  const child: ChildProcess = spawn(executable, ["--headless=new", ...chromiumArgs, "--remote-debugging-pipe", "about:blank"], {
    stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"],
  });
  const input = child.stdio[3] as Writable;
  const output = child.stdio[4] as Readable;
  let nextId = 0;
  const pending = new Map<number, { resolve: (value: Record<string, unknown>) => void; reject: (error: Error) => void; method: string }>();
  const waiting: { method: string; sessionId?: string; resolve: (params: Record<string, unknown>) => void }[] = [];
  const listeners: { method: string; sessionId?: string; listener: (params: Record<string, unknown>) => void }[] = [];
  let buffered = "";
  output.on("data", (chunk: Buffer) => {
    buffered += chunk.toString("utf8");
    for (let end = buffered.indexOf("\0"); end >= 0; end = buffered.indexOf("\0")) {
      const message = JSON.parse(buffered.slice(0, end)) as Message;
      buffered = buffered.slice(end + 1);
      if (message.id !== undefined) {
        const call = pending.get(message.id);
        pending.delete(message.id);
        if (message.error) call?.reject(new Error(`${call.method}: ${message.error.message}`));
        else call?.resolve(message.result ?? {});
        continue;
      }
      for (const l of listeners) if (l.method === message.method && l.sessionId === message.sessionId) l.listener(message.params ?? {});
      const index = waiting.findIndex((w) => w.method === message.method && w.sessionId === message.sessionId);
      if (index >= 0) waiting.splice(index, 1)[0]!.resolve(message.params ?? {});
    }
  });
  const session = (sessionId?: string): CdpSession => ({
    send: <T>(method: string, params: object = {}) =>
      new Promise<T>((resolve, reject) => {
        nextId += 1;
        pending.set(nextId, { resolve: resolve as (value: Record<string, unknown>) => void, reject, method });
        input.write(`${JSON.stringify({ id: nextId, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
      }),
    once: <T>(method: string) =>
      new Promise<T>((resolve) => waiting.push({ method, sessionId, resolve: resolve as (params: Record<string, unknown>) => void })),
    on: <T>(method: string, listener: (params: T) => void) => {
      const entry = { method, sessionId, listener: listener as (params: Record<string, unknown>) => void };
      listeners.push(entry);
      return () => void listeners.splice(listeners.indexOf(entry), 1);
    },
  });
  const browser = session();
  return {
    session: browser,
    async newPage({ fresh = false } = {}) {
      const context = fresh ? await browser.send<{ browserContextId: string }>("Target.createBrowserContext") : undefined;
      const { targetId } = await browser.send<{ targetId: string }>("Target.createTarget", { url: "about:blank", ...context });
      const { sessionId } = await browser.send<{ sessionId: string }>("Target.attachToTarget", { targetId, flatten: true });
      return {
        ...session(sessionId),
        close: async () => {
          await browser.send("Target.closeTarget", { targetId });
          if (context) await browser.send("Target.disposeBrowserContext", context);
        },
      };
    },
    async close() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      await browser.send("Browser.close").catch(() => child.kill());
      await exited;
    },
  };
}

/** Evaluates `expression` in the page (awaiting a promise) and returns its value. */
export async function evaluate<T>(page: CdpSession, expression: string): Promise<T> {
  const { result, exceptionDetails } = await page.send<{ result: { value: T }; exceptionDetails?: { text: string } }>("Runtime.evaluate", {
    expression,
    returnByValue: true,
    awaitPromise: true,
  });
  if (exceptionDetails) throw new Error(`${expression.slice(0, 60)}: ${exceptionDetails.text}`);
  return result.value;
}
