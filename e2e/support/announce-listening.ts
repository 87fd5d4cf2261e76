/**
 * Preloaded (`node --import`) into the servers that e2e/support/server.ts starts: tells the
 * parent process, over the IPC channel it opened, the moment the server accepts connections.
 * The parent waits for that message (or for the process to exit) instead of polling `/healthz`
 * against a deadline. Node's documented `net.server.listen` tracing channel reports it; nothing of
 * the server is changed.
 */
import { subscribe } from "node:diagnostics_channel";
import type { Server } from "node:net";

if (process.send) {
  // The channel must not keep the server alive, nor outlive the one message it is for.
  process.channel?.unref();
  subscribe("tracing:net.server.listen:asyncEnd", (message) => {
    const { server } = message as { server: Server };
    process.send?.({ listening: server.address() }, () => process.disconnect());
  });
}
