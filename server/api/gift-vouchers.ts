/**
 * The gift vouchers' public routes: a gift card's printable page behind the private link of its
 * e-mail; the page where a visitor buys one (GET shows the form in their language, POST orders it
 * and sends them to the payment provider's checkout: a 303 for the page's form, `201
 * { checkoutUrl }` for a JSON post, or the refused fields); and the page the checkout returns to.
 * The sale itself is ../bookings/buy-gift-voucher.ts's.
 */
import formbody from "@fastify/formbody";
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { isLanguage, languages, type Language } from "#core/languages";
import { apiPaths } from "#core/paths";
import { tourPackageIds } from "#forms/tour-booking";
import { isWellFormedText, neutraliseLine, neutraliseText } from "#forms/text";
import type { MessageId } from "#locales";
import { orderGiftVoucher, type GiftVoucherPurchase } from "../bookings/buy-gift-voucher";
import type { Bookings } from "../bookings/deps";
import { giftCardByToken } from "../bookings/gift-vouchers";
import { packagePrices } from "../bookings/pricing";
import { contactLink } from "../bookings/visits";
import { languageFromHeader } from "../mail/language";
import { buyGiftVoucherPage, giftVoucherPaidPage, type GiftVoucherField } from "../pages/buy-gift-voucher";
import { sendServerPage, siteStylesheetOf } from "../pages/document";
import { giftCardPage, unknownGiftCardPage } from "../pages/gift-card";
import type { RouteLimit } from "./route-config";

/** A line as typed: cleaned of control characters, trimmed, well formed, at most `max` characters. */
const line = (max: number) =>
  z
    .string()
    .default("")
    .transform((text) => neutraliseLine(text).trim())
    .refine((text) => [...text].length <= max && isWellFormedText(text));

/** What the buy form sends; the kind decides which of amount, or package and guests, count. */
const purchaseForm = z
  .object({
    kind: z.enum(["value", "package"]),
    amount: z.coerce.string().default(""),
    package: z.string().default(""),
    guests: z.coerce.string().default(""),
    buyerName: line(120).pipe(z.string().min(1)),
    buyerEmail: z.string().trim().max(254).pipe(z.email()),
    recipient: line(120),
    message: z
      .string()
      .default("")
      .transform((text) => neutraliseText(text.replace(/\r\n?/g, "\n")).trim())
      .refine((text) => [...text].length <= 500 && isWellFormedText(text)),
    language: z.enum(languages),
  })
  .transform((form, check): GiftVoucherPurchase => {
    const card = { buyerName: form.buyerName, buyerEmail: form.buyerEmail, recipient: form.recipient, message: form.message, language: form.language };
    if (form.kind === "package") {
      const pkg = tourPackageIds.find((id) => id === form.package);
      const guests = /^\d{1,2}$/.test(form.guests.trim()) ? Number(form.guests) : NaN;
      if (!pkg) check.addIssue({ code: "custom", path: ["package"], message: "package" });
      if (!(guests >= 1 && guests <= 12)) check.addIssue({ code: "custom", path: ["guests"], message: "guests" });
      return pkg ? { kind: "package", package: pkg, guests, ...card } : z.NEVER;
    }
    const euros = /^\d{1,4}$/.test(form.amount.trim()) ? Number(form.amount) : NaN;
    if (!(euros >= 20 && euros <= 1000)) check.addIssue({ code: "custom", path: ["amount"], message: "amount" });
    return { kind: "value", amountCents: euros * 100, ...card };
  });

const fields = ["kind", "amount", "package", "guests", "buyerName", "buyerEmail", "recipient", "message"] as const satisfies readonly GiftVoucherField[];
const isField = (name: unknown): name is GiftVoucherField => fields.some((field) => field === name);

/** Each field's message when refused. */
const problemText: Record<GiftVoucherField, MessageId> = {
  kind: "giftBuy.error.kind",
  amount: "giftBuy.error.amount",
  package: "giftBuy.error.package",
  guests: "giftBuy.error.guests",
  buyerName: "giftBuy.error.buyerName",
  buyerEmail: "giftBuy.error.buyerEmail",
  recipient: "giftBuy.error.recipient",
  message: "giftBuy.error.message",
};

export async function giftVoucherRoutes(
  api: FastifyInstance,
  { bookings, limit, siteUrl }: { bookings: Bookings; limit: RouteLimit; siteUrl: string },
): Promise<void> {
  await api.register(formbody, { bodyLimit: 4096 });
  const config: FastifyContextConfig = limit ? { rateLimit: limit } : {};
  const langOf = (request: FastifyRequest, asked: unknown): Language => (isLanguage(asked) ? asked : languageFromHeader(request.headers["accept-language"]));
  const query = (request: FastifyRequest) => (typeof request.query === "object" && request.query !== null ? new Map(Object.entries(request.query)) : new Map());

  const buyPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    lang: Language,
    typed: Record<string, string> = {},
    problems: Partial<Record<GiftVoucherField, MessageId>> = {},
    unavailable = false,
  ) => {
    const content = bookings.content.current;
    const tours = tourPackageIds.flatMap((id) => {
      const prices = packagePrices(content, id);
      return prices ? [{ id, name: bookings.estate().tourName(id, lang), price: prices.price }] : [];
    });
    const model = { lang, tours, open: bookings.payments !== null, contact: contactLink(siteUrl, lang), typed, problems, unavailable };
    // Its form's answer is a 303 to the provider's checkout: the page's policy lets the form go there.
    const checkout = bookings.payments ? [bookings.payments.checkoutOrigin] : [];
    return sendServerPage(reply, status, buyGiftVoucherPage(model, siteStylesheetOf(request)), checkout);
  };

  api.get(apiPaths.giftCard, { config }, async (request, reply) => {
    const token = query(request).get("token");
    const card = typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token) ? giftCardByToken(bookings, token) : null;
    if (!card) {
      const lang = languageFromHeader(request.headers["accept-language"]);
      return sendServerPage(reply, 404, unknownGiftCardPage(lang, contactLink(siteUrl, lang), siteStylesheetOf(request)));
    }
    return sendServerPage(reply, 200, giftCardPage(card, bookings.estate(), siteStylesheetOf(request)));
  });

  api.get(apiPaths.giftVoucherOrder, { config }, async (request, reply) => buyPage(request, reply, 200, langOf(request, query(request).get("lang"))));

  api.get(apiPaths.giftVoucherPaid, { config }, async (request, reply) =>
    sendServerPage(reply, 200, giftVoucherPaidPage(langOf(request, query(request).get("lang")), siteStylesheetOf(request))),
  );

  api.post(apiPaths.giftVoucherOrder, { config }, async (request, reply) => {
    const json = (request.headers["content-type"] ?? "").startsWith("application/json");
    const body = typeof request.body === "object" && request.body !== null ? Object.entries(request.body) : [];
    const typed = Object.fromEntries(
      body.flatMap(([name, value]) => (typeof value === "string" || typeof value === "number" ? [[name, String(value).slice(0, 600)]] : [])),
    );
    const lang = langOf(request, typed.language);
    const parsed = purchaseForm.safeParse({ ...typed, language: lang });
    if (!parsed.success) {
      const problems: Partial<Record<GiftVoucherField, MessageId>> = {};
      for (const issue of parsed.error.issues) {
        const field = isField(issue.path[0]) ? issue.path[0] : "kind";
        problems[field] ??= problemText[field];
      }
      if (json) return reply.status(400).send({ error: "Some fields were refused", fields: Object.keys(problems) });
      return buyPage(request, reply, 400, lang, typed, problems);
    }
    const outcome = await orderGiftVoucher(bookings, parsed.data);
    if (outcome === "unavailable" || outcome === "no-price") {
      if (json) return reply.status(503).send({ error: "Gift vouchers cannot be bought online just now" });
      return buyPage(request, reply, 503, lang, typed, {}, true);
    }
    if (json) return reply.status(201).send(outcome);
    return reply.redirect(outcome.checkoutUrl, 303);
  });
}
