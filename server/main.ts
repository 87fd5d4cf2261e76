import { existsSync } from "node:fs";
import { buildServer } from "./app";
import { ConfigError, parseConfig } from "./config";

/** `npm start`: serves the built site on HOST:PORT until SIGINT or SIGTERM. */
async function main(): Promise<void> {
  // A local .env fills in what the environment does not set (see .env.example).
  if (existsSync(".env")) process.loadEnvFile(".env");
  let config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
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
