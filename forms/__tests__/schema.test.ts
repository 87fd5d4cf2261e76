import { afterEach, describe, expect, it, vi } from "vitest";
import type { FormKind } from "../definitions";
import { formSchemas } from "../schema";

const envelope = { language: "fr", page: "/fr/contact" };
const valid: Record<FormKind, Record<string, unknown>> = {
  tourBooking: { ...envelope, name: "Ada", email: "ada@example.com", package: "both" },
  contactMessage: { ...envelope, name: "Ada", email: "ada@example.com", message: "Hello" },
  importerApplication: {
    ...envelope,
    companyName: "Vins SA",
    contactName: "Ada",
    email: "ada@example.com",
    phone: "+44 20 0000 0000",
    country: "UK",
    experience: "12",
  },
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

describe("text and dates, checked alike in the browser and by the API", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each<[string, FormKind, Record<string, unknown>, string[] | "ok"]>([
    ["a lone high surrogate", "contactMessage", { name: "a\ud800b" }, ["name"]],
    ["a lone low surrogate in a message", "contactMessage", { message: "x\udc00" }, ["message"]],
    ["the replacement character (bytes that were not UTF-8)", "importerApplication", { country: "Espa\ufffda" }, ["country"]],
    ["an emoji (a well-formed pair)", "contactMessage", { name: "Ada \ud83c\udf47" }, "ok"],
    ["a name that is only control characters", "tourBooking", { name: "\u0007\u202e" }, ["name"]],
    ["a bidi override in a web address", "importerApplication", { website: "https://vins.example/\u202egpj.exe" }, ["website"]],
    ["a line break in a page path", "newsletterSignup", { page: "/news\n" }, ["page"]],
  ])("%s: %j", (_name, kind, changes, expected) => {
    expect(verdict(kind, changes)).toEqual(expected);
  });

  it("clean names and subjects, and keep a message's lines and tabs", () => {
    const result = formSchemas.contactMessage.safeParse({
      ...valid.contactMessage,
      name: "\u202eAda\u0000Lovelace\u2069",
      subject: "Order\r\nBcc: x@example.org",
      message: "One\r\n\tTwo\u0007",
    });
    expect(result.success && [result.data.name, result.data.subject, result.data.message]).toEqual([
      "Ada Lovelace",
      "Order Bcc: x@example.org",
      "One\r\n\tTwo",
    ]);
  });

  it("take a preferred date from today anywhere on Earth to two years ahead", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2027-03-10T12:00:00Z"));
    const cases: [string, string[] | "ok"][] = [
      ["2027-03-08", ["date"]],
      ["2027-03-09", ["date"]], // already tomorrow in UTC−12 (00:00 on the 10th)
      ["2027-03-10", "ok"],
      ["2029-03-11", "ok"], // two years after today in UTC+14 (02:00 on the 11th)
      ["2029-03-12", ["date"]],
    ];
    expect(cases.map(([date]) => verdict("tourBooking", { date }))).toEqual(cases.map(([, expected]) => expected));
  });
});
