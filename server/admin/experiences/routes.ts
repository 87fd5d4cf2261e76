/**
 * `/admin/experiences` (admin accounts, as the schedule): each package's minimum group, lead time,
 * horizon and deposit, and the thank-you e-mail's switch. Saved at once in one write transaction
 * and logged (`experiences.changed`): none of them moves a booking already made.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { keysOf } from "#core/records";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createElement } from "react";
import { z } from "zod";
import { tourPackageIds } from "#forms/tour-booking";
import type { PackageRules } from "../../bookings/schedule";
import { paymentsConfigured } from "../../config";
import { saveExperienceRules } from "../../bookings/package-rules";
import type { PackageRulesRow } from "../../db/tour-rules";
import { afterVisitMailsOn } from "../../bookings/after-visit";
import { queryText, sendPage, staffForm, staffOf, viewFor } from "../shared/context";
import { box, checkedForm, listedFields, namedProblems } from "../shared/staff-form";
import { scheduleRoles } from "../shared/roles";
import { guardedRoutes } from "../shared/staff-guard";
import type { ViewContext } from "../shared/view-context";
import { ExperiencesPage, ruleField } from "./experiences-page";

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
const ruleNames = keysOf(bounds);

/** A rule's whole number within its bounds; null when an optional one is left empty. */
const ruleNumber = ({ min, max, optional }: (typeof bounds)[keyof PackageRules]) =>
  z
    .string()
    .default("")
    .transform((text, check) => {
      const trimmed = text.trim();
      if (trimmed === "" && optional) return null;
      const n = /^\d{1,4}$/.test(trimmed) ? Number(trimmed) : NaN;
      return n >= min && n <= max ? n : (check.addIssue({ code: "custom", message: "number" }), z.NEVER);
    });

/**
 * The form, its fields named from the packages (`ruleField`): each package's rules, and the
 * thank-you e-mail's switch. Each problem is filed under its field's own name.
 */
const experiencesForm = staffForm.transform((fields, check) => {
  const { field, refused } = listedFields(fields, check);
  const rows = tourPackageIds.map((pkg): PackageRulesRow => {
    const rule = (name: keyof PackageRules) => field(ruleField(pkg, name), ruleNumber(bounds[name])) ?? null;
    return {
      package: pkg,
      min_guests: rule("minGuests") ?? 1,
      cutoff_hours: rule("cutoffHours"),
      horizon_months: rule("horizonMonths"),
      deposit_percent: rule("depositPercent") ?? 0,
    };
  });
  const afterVisitMail = field("afterVisitMail", box) ?? false;
  return refused() ? z.NEVER : { rows, afterVisitMail };
});

/** Each field's problem on the page, in the staff's language: the tour, the rule and its bounds. */
const experiencesProblems = (view: ViewContext): Record<string, string> =>
  Object.fromEntries(
    tourPackageIds.flatMap((pkg) =>
      ruleNames.map((rule) => {
        const { min, max, label } = bounds[rule];
        return [ruleField(pkg, rule), view.t("experiences.error", { tour: view.tourName(pkg), field: view.t(label, { hours: 0, months: 0 }), min, max })];
      }),
    ),
  );

export const experienceRoutes = guardedRoutes("experiences", (admin, context) => {
  const routes = admin.withTypeProvider<ZodTypeProvider>();
  const page = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    extra: { saved?: boolean; fieldProblems?: Record<string, string>; typed?: Record<string, string> } = {},
  ) => {
    const schedule = context.bookings.schedule.current();
    return sendPage(
      reply,
      status,
      createElement(ExperiencesPage, {
        view: viewFor(context, request, reply),
        content: context.content.current,
        rules: schedule.rules,
        defaults: { cutoffHours: schedule.cutoffHours, horizonMonths: schedule.horizonMonths },
        afterVisitMail: afterVisitMailsOn(context.bookings),
        paymentsOn: paymentsConfigured(context.config),
        saved: extra.saved ?? false,
        fieldProblems: extra.fieldProblems ?? {},
        typed: extra.typed ?? null,
      }),
    );
  };

  routes.get("/admin/experiences", { config: scheduleRoles, schema: { querystring: z.object({ saved: queryText }) } }, async (request, reply) =>
    page(request, reply, 200, { saved: request.query.saved === "1" }),
  );

  routes.post(
    "/admin/experiences",
    // Field names are made per package: the problems are keyed by any of them.
    { config: scheduleRoles, schema: { body: checkedForm<typeof experiencesForm, string>(experiencesForm, { fallback: "afterVisitMail", typedMax: 200 }) } },
    async (request, reply) => {
      const { typed } = request.body;
      if (!request.body.ok)
        return page(request, reply, 400, { fieldProblems: namedProblems(request.body.problems, experiencesProblems(viewFor(context, request, reply))), typed });
      await saveExperienceRules(context.bookings, request.body.value, staffOf(request).email);
      return reply.redirect("/admin/experiences?saved=1", 303);
    },
  );
});
