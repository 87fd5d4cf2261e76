import { describe, expect, it } from "vitest";
import type { FormKind } from "../definitions";
import { formSchemas } from "../schema";

const envelope = { language: "fr", page: "/fr/contact" };
const valid: Record<FormKind, Record<string, unknown>> = {
  tourBooking: { ...envelope, name: "Ada", email: "ada@example.com", package: "both" },
  contactMessage: { ...envelope, name: "Ada", email: "ada@example.com", message: "Hello" },
  importerApplication: { ...envelope, companyName: "Vins SA", contactName: "Ada", email: "ada@example.com", phone: "+44 20 0000 0000", country: "UK", experience: "12" },
  newsletterSignup: { ...envelope, email: "ada@example.com" },
};

/** The fields a schema names for a payload, or "ok". */
function verdict(kind: FormKind, changes: Record<string, unknown>): string[] | "ok" {
  const result = formSchemas[kind].safeParse({ ...valid[kind], ...changes });
  if (result.success) return "ok";
  return [...new Set(result.error.issues.flatMap((issue) => (issue.code === "unrecognized_keys" ? issue.keys : [String(issue.path[0])])))];
}

describe("the schemas derived from the form definitions", () => {
  it("accept each form's smallest valid submission, with every optional field left out", () => {
    for (const kind of Object.keys(valid) as FormKind[]) expect(verdict(kind, {}), kind).toBe("ok");
  });

  it.each<[string, FormKind, Record<string, unknown>, string[] | "ok"]>([
    ["a blank required line", "tourBooking", { name: "   " }, ["name"]],
    ["a line at its limit", "contactMessage", { name: "x".repeat(120) }, "ok"],
    ["a line over its limit", "contactMessage", { name: "x".repeat(121) }, ["name"]],
    ["a subject over its limit", "contactMessage", { subject: "x".repeat(201) }, ["subject"]],
    ["a missing required message", "contactMessage", { message: undefined }, ["message"]],
    ["a message over 5000", "contactMessage", { message: "x".repeat(5001) }, ["message"]],
    ["blank optional fields", "contactMessage", { phone: "", subject: "" }, "ok"],
    ["a bad e-mail", "newsletterSignup", { email: "not-an-address" }, ["email"]],
    ["a phone with letters", "tourBooking", { phone: "call me" }, ["phone"]],
    ["a blank required phone", "importerApplication", { phone: " " }, ["phone"]],
    ["guests of 1 and 50", "tourBooking", { guests: 1 }, "ok"],
    ["50 guests", "tourBooking", { guests: 50 }, "ok"],
    ["no guests", "tourBooking", { guests: 0 }, ["guests"]],
    ["51 guests", "tourBooking", { guests: 51 }, ["guests"]],
    ["half a guest", "tourBooking", { guests: 2.5 }, ["guests"]],
    ["guests as text", "tourBooking", { guests: "3" }, ["guests"]],
    ["a blank date", "tourBooking", { date: "" }, "ok"],
    ["a day that does not exist", "tourBooking", { date: "2027-02-30" }, ["date"]],
    ["a date in another format", "tourBooking", { date: "14/05/2027" }, ["date"]],
    ["an unknown package", "tourBooking", { package: "gold" }, ["package"]],
    ["no package", "tourBooking", { package: "" }, ["package"]],
    ["a web address", "importerApplication", { website: "https://vins.example" }, "ok"],
    ["a blank web address", "importerApplication", { website: "" }, "ok"],
    ["a script address", "importerApplication", { website: "javascript:alert(1)" }, ["website"]],
    ["an ftp address", "importerApplication", { website: "ftp://vins.example" }, ["website"]],
    ["an unknown language", "contactMessage", { language: "de" }, ["language"]],
    ["a page that is not a path", "contactMessage", { page: "https://evil.example/" }, ["page"]],
    ["an unknown key", "newsletterSignup", { isAdmin: true }, ["isAdmin"]],
  ])("%s: %j", (_name, kind, changes, expected) => {
    expect(verdict(kind, changes)).toEqual(expected);
  });

  it("trims text as it checks it", () => {
    const result = formSchemas.contactMessage.safeParse({ ...valid.contactMessage, name: "  Ada  ", email: " ada@example.com " });
    expect(result.success && { name: result.data.name, email: result.data.email }).toEqual({ name: "Ada", email: "ada@example.com" });
  });
});
