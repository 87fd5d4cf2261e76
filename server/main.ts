import { buildServer } from "./app";
import { loadConfigOrExit } from "./config";

/** `npm start`: serves the built site on HOST:PORT until SIGINT or SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await buildServer(config);
  const close = async (signal: string) => {
    app.log.info(`${signal} received, closing`);
    await app.close();
    process.exit(0);
  };
  process.once("SIGINT", (signal) => void close(signal));
  process.once("SIGTERM", (signal) => void close(signal));
  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
