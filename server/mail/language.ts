import Negotiator from "negotiator";
import { defaultLanguage, isLanguage, languages, type Language } from "#core/languages";

/** The visitor's preferred language among the site's, from an Accept-Language header (negotiator); English otherwise. */
export function languageFromHeader(header: string | undefined): Language {
  const [best] = new Negotiator({ headers: { "accept-language": header ?? "" } }).languages([...languages]);
  return isLanguage(best) ? best : defaultLanguage;
}
