import type { FastifyInstance } from "fastify";
import type { Language } from "#core/languages";
import { signUpForNewsletter } from "../../inbox/submit";

/** A subscriber as the tests make them: their address, language and state. */
export interface TestSubscriber {
  email: string;
  language: Language;
  state?: "confirmed" | "pending" | "unsubscribed";
}

/**
 * Signs subscribers up through the sign-up's use-case (without its confirmation e-mail), then confirms (or confirms and
 * unsubscribes) them with their own tokens: the double opt-in as the links do it. Returns each
 * one's id and unsubscribe token.
 */
export async function addSubscribers(app: FastifyInstance, list: readonly TestSubscriber[]): Promise<Map<string, { id: string; unsubscribeToken: string }>> {
  const made = new Map<string, { id: string; unsubscribeToken: string }>();
  for (const subscriber of list) {
    const { id } = await signUpForNewsletter(
      { ...app.bookings, mail: () => null },
      {
        email: subscriber.email,
        language: subscriber.language,
        page: subscriber.language === "en" ? "/news" : `/${subscriber.language}/news`,
      },
    );
    const row = app.db.prepare("SELECT confirm_token, unsubscribe_token FROM newsletter_subscribers WHERE id = ?").get(id) as {
      confirm_token: string;
      unsubscribe_token: string;
    };
    if (subscriber.state !== "pending") app.submissions.confirm(row.confirm_token);
    if (subscriber.state === "unsubscribed") app.submissions.unsubscribe(row.unsubscribe_token);
    made.set(subscriber.email, { id, unsubscribeToken: row.unsubscribe_token });
  }
  return made;
}
