import type { FormDefinition } from "./fields";

/**
 * Importer application (spec §3, §5): company, contact, email, phone, country and experience
 * required; website (a web address), market size and message optional.
 */
export const importerApplicationForm = {
  kind: "importerApplication",
  slug: "importer-applications",
  table: "importer_applications",
  success: { title: "importer.form.success.title", description: "importer.form.success.description" },
  fields: [
    {
      name: "companyName",
      kind: "line",
      max: 200,
      required: true,
      column: "company_name",
      label: "importer.form.fields.companyName",
      autoComplete: "organization",
    },
    { name: "contactName", kind: "line", max: 120, required: true, column: "contact_name", label: "importer.form.fields.contactName", autoComplete: "name" },
    { name: "email", kind: "email", max: 254, required: true, column: "email", label: "importer.form.fields.email", autoComplete: "email" },
    { name: "phone", kind: "phone", max: 40, required: true, column: "phone", label: "importer.form.fields.phone", autoComplete: "tel" },
    { name: "country", kind: "line", max: 100, required: true, column: "country", label: "importer.form.fields.country", autoComplete: "country-name" },
    {
      name: "website",
      kind: "url",
      max: 300,
      required: false,
      column: "website",
      label: "importer.form.fields.website",
      autoComplete: "url",
      placeholder: "https://www.example.com",
    },
    /** Years in the wine industry, as the visitor states them. */
    { name: "experience", kind: "line", max: 100, required: true, column: "experience", label: "importer.form.fields.experience" },
    { name: "marketSize", kind: "line", max: 200, required: false, column: "market_size", label: "importer.form.fields.marketSize" },
    { name: "message", kind: "text", max: 5000, required: false, column: "message", label: "importer.form.fields.message" },
  ],
  kept: [],
} as const satisfies FormDefinition;
