import { buildServer } from "./app";
import { loadConfigOrExit, unknownVariableWarnings } from "./config";
import { listenError, startupMessage } from "./startup";

/**
 * `npm start`: serves the built site on HOST:PORT until SIGINT or SIGTERM. A signal starts a
 * graceful shutdown: new requests get 503, requests in flight finish, the outbox sends what is
 * due for up to SHUTDOWN_TIMEOUT_MS (the e-mails already handed to the SMTP server are recorded
 * before the database closes), then the process exits 0, or 1 when e-mails are left unsent in the
 * outbox (they are sent after the next start) or the shutdown overran its time.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await buildServer(config);
  // A misspelt setting (RATE_LIMT_MAX) would otherwise leave its default in force without a word.
  for (const warning of unknownVariableWarnings(process.env)) app.log.warn(warning);
  let closing = false;
  const close = async (signal: string) => {
    // npm passes a terminal's Ctrl-C on as a second SIGINT: one shutdown is enough.
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    setTimeout(() => {
      app.log.error(`shutdown took longer than SHUTDOWN_TIMEOUT_MS=${config.SHUTDOWN_TIMEOUT_MS}: exiting with requests or e-mails unfinished`);
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS + 1000).unref();
    await app.close();
    const unsent = app.mailLeftUnsent;
    if (unsent > 0) {
      app.log.warn(`closed with ${unsent} e-mail(s) left unsent in the outbox: they are sent after the next start`);
      process.exit(1);
    }
    app.log.info("closed cleanly");
    process.exit(0);
  };
  process.on("SIGINT", (signal) => void close(signal));
  process.on("SIGTERM", (signal) => void close(signal));
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    throw listenError(error, config.PORT, config.HOST);
  }
}

main().catch((error: unknown) => {
  console.error(startupMessage(error));
  process.exit(1);
});
