import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { staffFeed } from "../../bookings/staff-feed";
import { feedOwnerOf, renewCalendarFeed } from "../../staff/calendar-feed";
import { staffOf } from "../shared/context";
import { inboxRoles, publicRoute, roleAllows } from "../shared/roles";
import { guardedRoutes } from "../shared/staff-guard";
import { buttonForm } from "../shared/staff-form";

const tokenPattern = /^[A-Za-z0-9_-]{43}$/;
/** Renewing the feed's address: the tick that says the old address may stop working (without it, nothing changes). */
const renewalForm = buttonForm({ sure: z.literal("yes").optional() });

/**
 * The private calendar feed of confirmed tours: read by a calendar app without a session (the
 * address's token is the key, and only an account that still opens the inbox has one that works),
 * revoked and renewed from the account page (POST, with the staff area's session, origin and CSRF).
 */
export const calendarFeedRoutes = guardedRoutes("calendar-feed", (admin, context) => {
  const routes = admin.withTypeProvider<ZodTypeProvider>();

  // `<token>.ics`: the token is checked by the route (anything else: 404).
  routes.get("/admin/calendar/feed/:file", { config: publicRoute, schema: { params: z.object({ file: z.string() }) } }, async (request, reply) => {
    const { file } = request.params;
    const token = file.endsWith(".ics") ? file.slice(0, -4) : "";
    const owner = tokenPattern.test(token) ? feedOwnerOf(context.accounts, token) : null;
    const account = owner === null ? null : context.staff.byId(owner);
    if (!account || !roleAllows(inboxRoles, account.role)) return reply.status(404).type("text/plain; charset=utf-8").send("Not found");
    // In the language the member chose in the staff area (English until they choose).
    const feed = staffFeed(context.bookings, {
      siteUrl: context.config.SITE_URL,
      content: context.content,
      now: context.now(),
      lang: account.language ?? "en",
    });
    return reply.type("text/calendar; charset=utf-8").header("Cache-Control", "private, no-store").header("X-Robots-Tag", "noindex").send(feed);
  });

  routes.post("/admin/account/calendar-feed", { config: inboxRoles, schema: { body: renewalForm } }, async (request, reply) => {
    if (!request.body.sure) return reply.redirect("/admin/account", 303);
    const session = staffOf(request);
    await renewCalendarFeed(context.accounts, session, context.now());
    return reply.redirect("/admin/account?feed=renewed", 303);
  });
});
