import { describe, expect, it } from "vitest";
import { contactMessageForm } from "../contact-message";
import { newsletterSignupForm } from "../newsletter-signup";
import { formPayload } from "../payload";
import { tourBookingForm } from "../tour-booking";

const formData = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
};

describe("formPayload", () => {
  it("sends every typed field as written, an empty one as the empty string", () => {
    const data = formData({ name: "Ada", email: "ada@example.com", phone: "", subject: " Order ", message: "Two cases.", fax: "" });
    expect(formPayload(contactMessageForm, data)).toEqual({ name: "Ada", email: "ada@example.com", phone: "", subject: " Order ", message: "Two cases." });
  });

  it("sends a count as a number, leaves a blank count out, and takes a choice from the page", () => {
    const filled = formData({ name: "Ada", email: "ada@example.com", phone: "", guests: " 3 ", date: "2027-05-14", message: "" });
    expect(formPayload(tourBookingForm, filled, { package: "both" })).toEqual({
      name: "Ada",
      email: "ada@example.com",
      phone: "",
      guests: 3,
      date: "2027-05-14",
      package: "both",
      message: "",
      noThanks: false,
    });
    const blank = formPayload(tourBookingForm, formData({ name: "Ada", guests: "  " }), { package: null });
    expect(blank).not.toHaveProperty("guests");
    expect(blank.package).toBe("");
  });

  it("sends a box as whether it is ticked: its name sent, whatever its value, is a tick", () => {
    expect(formPayload(tourBookingForm, formData({ name: "Ada", noThanks: "on" }), { package: "both" }).noThanks).toBe(true);
    expect(formPayload(tourBookingForm, formData({ name: "Ada" }), { package: "both" }).noThanks).toBe(false);
  });

  it("sends only the form's own fields", () => {
    expect(formPayload(newsletterSignupForm, formData({ email: "a@example.org", name: "x", fax: "bot" }))).toEqual({ email: "a@example.org" });
  });
});
