import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config";
import { apiRoutes } from "./routes";

/**
 * The form API: the routes under /api/, on the database, the mail and the bookings, which are
 * plugins of their own (../plugins/), registered first.
 */
async function registerApi(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  await app.register(apiRoutes, { config, store: app.submissions, bookings: app.bookings });
}

/** The form API as a plugin of the server (`api`). */
export const api = fp(registerApi, { name: "api", fastify: "5.x", dependencies: ["content-store", "database", "mail", "bookings"] });
