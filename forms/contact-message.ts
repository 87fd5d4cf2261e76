import type { FormDefinition } from "./fields";

/** Contact message (spec §3, §5): name, email and message required; phone and subject optional. */
export const contactMessageForm = {
  kind: "contactMessage",
  slug: "contact-messages",
  table: "contact_messages",
  success: { title: "contact.form.success.title", description: "contact.form.success.description" },
  fields: [
    { name: "name", kind: "line", max: 120, required: true, column: "name", label: "forms.fields.name", autoComplete: "name" },
    { name: "email", kind: "email", max: 254, required: true, column: "email", label: "forms.fields.email", autoComplete: "email" },
    { name: "phone", kind: "phone", max: 40, required: false, column: "phone", label: "forms.fields.phone", autoComplete: "tel" },
    { name: "subject", kind: "line", max: 200, required: false, column: "subject", label: "contact.form.subject" },
    { name: "message", kind: "text", max: 5000, required: true, column: "message", label: "forms.fields.message" },
  ],
  kept: [],
} as const satisfies FormDefinition;
