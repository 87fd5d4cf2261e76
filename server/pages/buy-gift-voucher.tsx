/**
 * The page where a visitor buys a gift voucher (../api/gift-vouchers.ts), written by the server in
 * their language, with no script: an amount or a tour for a number of people, who it is from and
 * for, a message, and the buyer's address (the card is mailed there); then the payment provider's
 * checkout. A refused field is named at the field, and everything typed is kept. And the page the
 * checkout returns to once paid.
 */
import { formatPrice } from "#core/format";
import { apiPaths, localizePath, pagePaths } from "#core/paths";
import type { Language } from "#core/languages";
import { translator, type MessageId } from "#locales";
import { renderPage } from "./document";

/** The buy form's fields that can be refused. */
export type GiftVoucherField = "kind" | "amount" | "package" | "guests" | "buyerName" | "buyerEmail" | "recipient" | "message";

export interface BuyPageModel {
  lang: Language;
  /** The tours that can be given, with their price per person (euros). */
  tours: readonly { id: string; name: string; price: number }[];
  /** Whether payments are set up: without them, the page says to contact the estate. */
  open: boolean;
  contact: string;
  typed: Record<string, string>;
  problems: Partial<Record<GiftVoucherField, MessageId>>;
  /** The checkout could not be made: try again. */
  unavailable: boolean;
}

export function buyGiftVoucherPage(model: BuyPageModel, stylesheet: string | null): string {
  const { lang, typed, problems } = model;
  const { t } = translator(lang);
  const problem = (field: GiftVoucherField) => {
    const id = problems[field];
    return id ? (
      <p id={`${field}-problem`} role="alert">
        {t(id)}
      </p>
    ) : null;
  };
  const invalid = (field: GiftVoucherField) => (problems[field] ? { "aria-invalid": true, "aria-describedby": `${field}-problem` } : {});
  const kind = typed.kind === "package" ? "package" : "value";
  return renderPage({
    lang,
    title: t("giftBuy.title"),
    stylesheet,
    children: (
      <>
        <h1>{t("giftBuy.title")}</h1>
        <p>{t("giftBuy.intro")}</p>
        {!model.open ? (
          <p>{t("giftBuy.closed", { contact: model.contact })}</p>
        ) : (
          <form method="post" action={apiPaths.giftVoucherOrder}>
            {model.unavailable ? <p role="alert">{t("giftBuy.unavailable", { contact: model.contact })}</p> : null}
            <input type="hidden" name="language" value={lang} />
            <fieldset>
              <legend>{t("giftBuy.kind")}</legend>
              <label>
                <input type="radio" name="kind" value="value" defaultChecked={kind === "value"} />
                {t("giftBuy.kindValue")}
              </label>
              <label>
                <input type="radio" name="kind" value="package" defaultChecked={kind === "package"} />
                {t("giftBuy.kindTour")}
              </label>
              {problem("kind")}
            </fieldset>
            <label htmlFor="amount">{t("giftBuy.amount")}</label>
            <input
              id="amount"
              type="number"
              name="amount"
              min={20}
              max={1000}
              step={1}
              inputMode="numeric"
              defaultValue={typed.amount ?? "100"}
              {...invalid("amount")}
            />
            {problem("amount")}
            <label htmlFor="package">{t("giftBuy.tour")}</label>
            <select id="package" name="package" defaultValue={typed.package ?? model.tours[0]?.id} {...invalid("package")}>
              {model.tours.map((tour) => (
                <option key={tour.id} value={tour.id}>
                  {t("giftBuy.tourOption", { tour: tour.name, price: formatPrice(tour.price, lang) })}
                </option>
              ))}
            </select>
            {problem("package")}
            <label htmlFor="guests">{t("giftBuy.guests")}</label>
            <input id="guests" type="number" name="guests" min={1} max={12} inputMode="numeric" defaultValue={typed.guests ?? "2"} {...invalid("guests")} />
            {problem("guests")}
            <label htmlFor="recipient">{t("giftBuy.recipient")}</label>
            <input id="recipient" type="text" name="recipient" maxLength={120} defaultValue={typed.recipient ?? ""} {...invalid("recipient")} />
            {problem("recipient")}
            <label htmlFor="message">{t("giftBuy.message")}</label>
            <textarea id="message" name="message" maxLength={500} rows={3} defaultValue={typed.message ?? ""} {...invalid("message")} />
            {problem("message")}
            <label htmlFor="buyerName">{t("giftBuy.buyerName")}</label>
            <input
              id="buyerName"
              type="text"
              name="buyerName"
              required
              maxLength={120}
              autoComplete="name"
              defaultValue={typed.buyerName ?? ""}
              {...invalid("buyerName")}
            />
            {problem("buyerName")}
            <label htmlFor="buyerEmail">{t("giftBuy.buyerEmail")}</label>
            <input
              id="buyerEmail"
              type="email"
              name="buyerEmail"
              required
              maxLength={254}
              autoComplete="email"
              defaultValue={typed.buyerEmail ?? ""}
              {...invalid("buyerEmail")}
            />
            {problem("buyerEmail")}
            <button type="submit">{t("giftBuy.submit")}</button>
          </form>
        )}
      </>
    ),
  });
}

/** The page the checkout returns to once paid: the card is on its way by e-mail. */
export function giftVoucherPaidPage(lang: Language, stylesheet: string | null): string {
  const { t } = translator(lang);
  return renderPage({
    lang,
    title: t("giftBuy.paidTitle"),
    stylesheet,
    children: (
      <>
        <h1>{t("giftBuy.paidTitle")}</h1>
        <p>{t("giftBuy.paidText")}</p>
        <p>
          <a href={localizePath(lang, pagePaths.wineTours)}>{t("giftCard.book")}</a>
        </p>
      </>
    ),
  });
}
