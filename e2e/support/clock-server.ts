/**
 * The real server (server/app.ts, as server/main.ts builds it) on a clock a browser test moves:
 * its bookings' clock is the wall clock plus an offset, set through one more route that only this
 * entry adds: `POST /__e2e/clock?at=<ISO instant>` moves it there and runs the minute's sweep at
 * once (holds that lapse, reminders, the thank-you e-mails after a visit, refunds), answering when
 * it is done. `E2E_PUBLISH_COMMAND` (JSON `{ "file", "args" }`) builds publishes with that command
 * instead of pipeline/publish-build.ts (a stand-in that waits: server/__tests__/support/stand-in-build.mjs). For tests only: compiled with the server into build-server-test/ (`scripts/build-server.mjs --tests`,
 * which an install never runs), started as `clockServer` of ./server.ts; `npm start` never loads it.
 */
import { buildServer } from "../../server/app";
import { loadConfigOrExit } from "../../server/config";

let offset = 0;
const config = loadConfigOrExit();
const publishCommand = process.env.E2E_PUBLISH_COMMAND ? (JSON.parse(process.env.E2E_PUBLISH_COMMAND) as { file: string; args: string[] }) : undefined;
const app = await buildServer(config, { now: () => new Date(Date.now() + offset), ...(publishCommand ? { publishCommand } : {}) });

app.post("/__e2e/clock", async (request, reply) => {
  const at = new URL(request.url, "http://127.0.0.1").searchParams.get("at");
  if (!at || Number.isNaN(Date.parse(at))) return reply.status(400).send();
  offset = Date.parse(at) - Date.now();
  await app.sweepBookings();
  return reply.status(200).send({ now: new Date(Date.now() + offset).toISOString() });
});

process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
await app.listen({ port: config.PORT, host: config.HOST });
