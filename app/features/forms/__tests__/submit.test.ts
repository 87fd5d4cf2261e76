import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formDefinitions } from "#forms/definitions";
import { formPath, type Accepted } from "#forms/fields";
import { submitForm } from "../submit";

const envelope = { language: "en", page: "/contact", fax: "" };
/** What the API answers to an accepted submission (server/api/forms.ts). */
const accepted = (): Accepted => ({ ok: true, id: randomUUID() });
const contactPath = formPath(formDefinitions.contactMessage);
const contact = { ...envelope, name: "Ada", email: "ada@example.com", phone: "", subject: "Order inquiry", message: "Two cases, please." };

function answer(status: number, body?: unknown) {
  const fetchMock = vi.fn(
    async (..._args: Parameters<typeof fetch>) =>
      new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("submitForm", () => {
  it("POSTs the payload as JSON to the form's endpoint and reports a 201 as success", async () => {
    const body = accepted();
    const fetchMock = answer(201, body);
    // The answer's body comes back too: a tour booking's says what became of it.
    expect(await submitForm(contactPath, contact)).toEqual({ ok: true, answer: body });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/contact-messages");
    expect(init?.method).toBe("POST");
    expect(new Headers(init?.headers).get("Content-Type")).toBe("application/json");
    expect(JSON.parse(String(init?.body))).toEqual(contact);
  });

  it.each([
    [
      "tourBooking",
      {
        ...envelope,
        name: "Ada",
        email: "ada@example.com",
        guests: 2,
        date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
        package: "both",
      },
    ],
    [
      "importerApplication",
      {
        ...envelope,
        companyName: "Vins SA",
        contactName: "Ada",
        email: "ada@example.com",
        phone: "+44 20 0000 0000",
        country: "UK",
        website: "https://vins.example",
        experience: "12",
        marketSize: "",
        message: "",
      },
    ],
    ["newsletterSignup", { ...envelope, email: "ada@example.com" }],
  ] as const)("sends %s to its own endpoint", async (kind, payload) => {
    const body = accepted();
    const fetchMock = answer(201, body);
    expect(await submitForm(formPath(formDefinitions[kind]), payload)).toEqual({ ok: true, answer: body });
    expect(fetchMock.mock.calls[0]![0]).toBe(formPath(formDefinitions[kind]));
  });

  it("reports a 400 as invalid with the fields the server named", async () => {
    answer(400, { error: "Invalid submission", fields: ["email", "message"] });
    expect(await submitForm(contactPath, contact)).toEqual({ ok: false, reason: "invalid", fields: ["email", "message"] });
  });

  it("reports a 400 without a readable body as invalid", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("<html>", { status: 400 })),
    );
    expect(await submitForm(contactPath, contact)).toEqual({ ok: false, reason: "invalid" });
  });

  it.each([
    [413, "invalid"],
    [415, "invalid"],
    [429, "rate-limited"],
    [500, "server"],
    [502, "server"],
    [503, "server"],
    [404, "server"],
  ])("reports %i as %s", async (status, reason) => {
    answer(status, { error: "x" });
    expect(await submitForm(contactPath, contact)).toEqual({ ok: false, reason });
  });

  it("reports a failed connection as a network failure", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    expect(await submitForm(contactPath, contact)).toEqual({ ok: false, reason: "network" });
  });
});
