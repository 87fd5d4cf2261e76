import type { FormDefinition } from "./fields";

/**
 * Newsletter sign-up: the address only (spec §3). The server keeps one row per address with its
 * consent and state, exported after the address.
 */
export const newsletterSignupForm = {
  kind: "newsletterSignup",
  slug: "newsletter-signups",
  table: "newsletter_subscribers",
  success: { title: "news.newsletter.success.title", description: "news.newsletter.success.description" },
  fields: [{ name: "email", kind: "email", max: 254, required: true, column: "email", label: "news.newsletter.email", autoComplete: "email" }],
  kept: [
    { name: "consentedAt", column: "consented_at" },
    { name: "confirmedAt", column: "confirmed_at" },
    { name: "unsubscribedAt", column: "unsubscribed_at" },
  ],
} as const satisfies FormDefinition;
