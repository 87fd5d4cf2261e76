import { z } from "zod";
import { partlyLocalized } from "./localized";

const httpsUrl = z.url({ protocol: /^https$/, error: "must be an https:// address" });

/**
 * A legal fact the estate has not given yet: `null` until it is filled in. The legal pages show a
 * placeholder in their own language in its place, and `npm run check:launch` lists it and fails
 * (content/placeholders.ts).
 */
const toFill = <T extends z.ZodType>(schema: T) => schema.nullable();
const fact = toFill(z.string().trim().min(1));

/** A name in the languages that do not write it in Latin letters; the others use the Latin name. */
const localNames = partlyLocalized(z.string().trim().min(1));

/** A postal address in France as the estate writes it, and as each language reads it (content/address.ts). */
const postalAddressSchema = z.strictObject({
  /** As the estate writes it (spec §9: "860 Rte du Menhir"): English and French pages, structured data. */
  street: z.string().min(1),
  /**
   * The same street with its abbreviations written out ("860 Route du Menhir"), for the languages
   * whose readers do not know French postal abbreviations (es, zh, ja: content/address.ts).
   */
  streetInFull: z.string().min(1),
  /**
   * The street as French running text writes it, « 860, route du Menhir » (a comma after the
   * number, the kind of road in full and in lower case): the legal pages' French sentences, as
   * `{addressInText}`. Address lines keep `street`.
   */
  streetInText: z.string().min(1),
  postalCode: z.string().min(1),
  locality: z.string().min(1),
  /** The country's name in English, used only where Intl has no name for `countryCode`. */
  country: z.string().min(1),
  /** ISO 3166-1 alpha-2, for structured data. */
  countryCode: z.string().length(2),
});

/** The estate's facts: names, address, the one place for contact e-mails, phones and outside links. */
export const siteSchema = z.strictObject({
  /** The estate's name as it appears everywhere, including the logo and the summary sheet file name. */
  estateName: z.string().min(1),
  /**
   * The estate's name as readers of a language write it, where that is not the Latin name: a
   * Chinese name (莱斯库尔隐庐酒庄) and a Japanese one (シャトー・レルミタージュ・レスクール), used in
   * those languages' page titles, first mentions, e-mails and structured data. PLACEHOLDERS for the
   * owner to choose (and, in China, register as a trade mark): content/README.md.
   */
  estateNameLocal: localNames,
  appellation: z.literal("Saint-Émilion Grand Cru"),
  /** The appellation as Chinese and Japanese write it (圣埃美隆特级园, サンテミリオン・グラン・クリュ). */
  appellationLocal: localNames,
  /** Area of the Grand Cru vineyard in hectares (spec §9: 4.12). */
  grandCruHectares: z.number().positive(),
  sisterEstate: z.strictObject({
    name: z.string().min(1),
    /** PLACEHOLDERS like `estateNameLocal`: 蒙吉隆酒庄, シャトー・モンジロン. */
    nameLocal: localNames,
    hectares: z.number().positive(),
    url: httpsUrl,
    /**
     * Its postal address, where the tours that meet there meet (tours.json `meetingPoint`). Sample
     * content until the estate gives it (content/README.md): next door, on the same road.
     */
    address: postalAddressSchema,
  }),
  address: postalAddressSchema,
  geo: z.strictObject({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }),
  /** Placeholders until the estate gives its real addresses (content/README.md). */
  contact: z.strictObject({
    email: z.email(),
    phone: z.string().regex(/^\+[0-9 ]{6,20}$/, "must be an international number such as +33 5 00 00 00 00"),
    villaEmail: z.email(),
    tradeEmail: z.email(),
  }),
  /**
   * The company that publishes the site and sells the wine, as the legal notice must name it
   * (France: LCEN art. 6-III; Spain: LSSI art. 10). Each value is shown as written, in every
   * language; `null` until the estate gives it (content/README.md, "Placeholders").
   */
  company: z.strictObject({
    /** Registered company name (dénomination sociale). */
    legalName: fact,
    /** Legal form (SCEA, SAS, SARL…). */
    legalForm: fact,
    /** Share capital as it should read, for example "100 000 €". */
    shareCapital: fact,
    /** Trade and Companies Register entry: "RCS <town of the court> <SIREN>". */
    registration: fact,
    /** SIRET of the estate's establishment (SIREN and five digits). */
    siret: fact,
    /** Intra-Community VAT number ("FR" and eleven characters); also the NIF-IVA the Spanish page names. */
    vatNumber: fact,
    /** Name of the director of publication (directeur de la publication). */
    publicationDirector: fact,
  }),
  /** Whoever hosts the site, as the legal notice must name it (LCEN art. 6-III: name, address, phone); `null` until given. */
  host: z.strictObject({ name: fact, address: fact, phone: fact }),
  /**
   * The consumer mediation body the estate has joined, named in the terms (Code de la consommation
   * L612-1 and L616-1: name, address, website); `null` until the estate has joined one.
   */
  consumerMediator: z.strictObject({ name: fact, address: fact, url: toFill(httpsUrl) }),
  social: z.strictObject({ instagram: httpsUrl, facebook: httpsUrl, linkedin: httpsUrl }),
  sisterBrands: z.array(z.strictObject({ name: z.string().min(1), url: httpsUrl })).min(1),
  villaRentals: z.array(z.strictObject({ name: z.string().min(1), url: httpsUrl })).length(2),
  /** The map shown on the contact page after the visitor asks for it. */
  mapEmbedUrl: httpsUrl,
});

export type Site = z.infer<typeof siteSchema>;
