/**
 * `/admin/experiences` (admin accounts, as the schedule): each package's minimum group, lead time,
 * horizon and deposit, and the thank-you e-mail's switch. Saved at once in one write transaction
 * and logged (`experiences.changed`): none of them moves a booking already made.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createElement } from "react";
import { z } from "zod";
import { tourPackageIds } from "#forms/tour-booking";
import type { PackageRules } from "../../bookings/schedule";
import { paymentsConfigured } from "../../config";
import { auditActions, recordAudit } from "../../db/audit";
import { afterVisitMailOn, setAfterVisitMail, writePackageRules, type PackageRulesRow } from "../../db/tour-rules";
import { queryText, sendPage, staffForm, staffOf, viewFor } from "../context";
import { scheduleRoles } from "../roles";
import { guardedRoutes } from "../staff-guard";
import type { ViewContext } from "../view-context";
import { ExperiencesPage, ruleField } from "../views/experiences-page";

/** A whole number typed in a form within bounds; null for an empty optional field; NaN when it is neither. */
const numberOf = (text: string | undefined, min: number, max: number, optional: boolean): number | null => {
  const trimmed = String(text ?? "").trim();
  if (trimmed === "" && optional) return null;
  const n = /^\d{1,4}$/.test(trimmed) ? Number(trimmed) : NaN;
  return n >= min && n <= max ? n : NaN;
};

/** The bounds of each rule, and whether it may be left empty (the schedule's then). */
const bounds: Record<
  keyof PackageRules,
  {
    min: number;
    max: number;
    optional: boolean;
    label: "experiences.minGuests" | "experiences.cutoffLabel" | "experiences.horizonLabel" | "experiences.depositPercent";
  }
> = {
  minGuests: { min: 1, max: 50, optional: false, label: "experiences.minGuests" },
  cutoffHours: { min: 0, max: 720, optional: true, label: "experiences.cutoffLabel" },
  horizonMonths: { min: 1, max: 36, optional: true, label: "experiences.horizonLabel" },
  depositPercent: { min: 0, max: 100, optional: false, label: "experiences.depositPercent" },
};

/** Reads the form: every package's rules, or the problems in the staff's language. */
function readForm(fields: Record<string, string>, view: ViewContext): { rows: PackageRulesRow[] } | { problems: string[] } {
  const problems: string[] = [];
  const rows = tourPackageIds.map((pkg) => {
    const read = (rule: keyof PackageRules) => {
      const { min, max, optional, label } = bounds[rule];
      const n = numberOf(fields[ruleField(pkg, rule)], min, max, optional);
      if (Number.isNaN(n)) problems.push(view.t("experiences.error", { tour: view.tourName(pkg), field: view.t(label, { hours: 0, months: 0 }), min, max }));
      return n;
    };
    return {
      package: pkg,
      min_guests: read("minGuests") ?? 1,
      cutoff_hours: read("cutoffHours"),
      horizon_months: read("horizonMonths"),
      deposit_percent: read("depositPercent") ?? 0,
    };
  });
  return problems.length > 0 ? { problems } : { rows };
}

export const experienceRoutes = guardedRoutes("experiences", (admin, context) => {
  const routes = admin.withTypeProvider<ZodTypeProvider>();
  const page = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    extra: { saved?: boolean; problems?: string[]; typed?: Record<string, string> } = {},
  ) => {
    const schedule = context.tours.schedule();
    return sendPage(
      reply,
      status,
      createElement(ExperiencesPage, {
        view: viewFor(context, request, reply),
        content: context.content.current,
        rules: schedule.rules,
        defaults: { cutoffHours: schedule.cutoffHours, horizonMonths: schedule.horizonMonths },
        afterVisitMail: afterVisitMailOn(context.db),
        paymentsOn: paymentsConfigured(context.config),
        saved: extra.saved ?? false,
        problems: extra.problems ?? [],
        typed: extra.typed ?? null,
      }),
    );
  };

  routes.get("/admin/experiences", { config: scheduleRoles, schema: { querystring: z.object({ saved: queryText }) } }, async (request, reply) =>
    page(request, reply, 200, { saved: request.query.saved === "1" }),
  );

  routes.post("/admin/experiences", { config: scheduleRoles, schema: { body: staffForm } }, async (request, reply) => {
    const read = readForm(request.body, viewFor(context, request, reply));
    if ("problems" in read) return page(request, reply, 400, { problems: read.problems, typed: request.body });
    const afterVisitMail = request.body.afterVisitMail === "on";
    const now = context.now();
    try {
      await context.tours.change(() => {
        writePackageRules(context.db, read.rows);
        setAfterVisitMail(context.db, afterVisitMail);
        recordAudit(
          context.db,
          {
            actor: staffOf(request).email,
            action: auditActions.experiencesChanged,
            target: { type: "schedule", id: "tours" },
            detail: { packages: read.rows, afterVisitMail },
          },
          now,
        );
      });
    } finally {
      context.tours.scheduleChanged();
    }
    return reply.redirect("/admin/experiences?saved=1", 303);
  });
});
