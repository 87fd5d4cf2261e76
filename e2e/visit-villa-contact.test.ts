import { content } from "#content";
import { textIn } from "#content/text";
import { languages } from "#core/languages";
import { expect } from "./support/fixtures";
import { formFields, honeypot, mockApi, pathIn, scrollThrough, test, text } from "./support/visit";

const { site, villa } = content;

test.describe("/villa", () => {
  test("shows the hero, the house, the experience, three amenities, three views and where it is", async ({ visit }) => {
    const { page, problems, outside } = await visit("/villa");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("The Villa");
    expect(await page.locator("main h2").allInnerTexts()).toEqual([
      "Wake up in the heart of the vineyard",
      "Everything for a relaxed stay",
      "A look inside",
      "Where you will be",
      "Book your stay",
      text("en", "villa.enquiry.title"),
    ]);
    expect(await page.locator('section[aria-labelledby="amenities-title"] h3').allInnerTexts()).toEqual(villa.amenities.map((a) => textIn(a.title, "en")));
    const gallery = page.locator('section[aria-labelledby="gallery-title"] img');
    expect(await gallery.evaluateAll((imgs) => imgs.map((img) => img.getAttribute("alt")))).toEqual(villa.gallery.map((view) => textIn(view.alt, "en")));
    expect(await page.locator("main img").first().getAttribute("alt")).toBe(textIn(villa.exteriorAlt, "en"));
    expect(
      await page
        .getByTestId("villa-distances")
        .locator("li")
        .evaluateAll((items) => items.map((li) => li.textContent?.replace("◆", "").trim())),
    ).toEqual([
      `${villa.minutesToVillage} minutes from the village of Saint-Émilion`,
      `${villa.minutesToBordeaux} minutes from Bordeaux`,
      textIn(villa.surroundings, "en"),
    ]);
    await scrollThrough(page);
    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
  });

  test("opens the two holiday-rental sites in new tabs and offers a direct e-mail inquiry", async ({ visit }) => {
    const { page } = await visit("/villa");
    const links = page.locator('section[aria-labelledby="location-title"] a[target]');
    expect(
      await links.evaluateAll((anchors) =>
        anchors.map((a) => ({
          href: a.getAttribute("href"),
          target: a.getAttribute("target"),
          rel: a.getAttribute("rel"),
          text: a.textContent?.replace(/\s+/g, " ").trim(),
        })),
      ),
    ).toEqual(
      site.villaRentals.map((rental) => ({
        href: rental.url,
        target: "_blank",
        rel: "noopener noreferrer",
        text: `Book on ${rental.name} ${text("en", "footer.newTab")}`,
      })),
    );
    const mail = page.locator(`main a[href="mailto:${site.contact.villaEmail}"]`);
    expect(await mail.count()).toBe(1);
    expect(await mail.innerText()).toBe(site.contact.villaEmail);
  });

  test("sends an enquiry about a stay to the estate's inbox as a contact message from the villa page, and keeps it when refused", async ({ visit }) => {
    const { page } = await visit("/fr/villa");
    const form = page.locator("#villa-enquiry form");
    expect(await form.getAttribute("action")).toBe("/api/contact-messages");
    expect(await form.locator('[name="subject"]').inputValue()).toBe(text("fr", "villa.enquiry.subject"));
    const refused = await mockApi(page, 400);
    await form.locator('[name="name"]').fill("Camille Martin");
    await form.locator('[name="email"]').fill("camille@example.fr");
    await form.locator('[name="message"]').fill("Du 3 au 10 août, six personnes.");
    await form.getByRole("button", { name: text("fr", "villa.enquiry.submit") }).click();
    await page.locator("[data-tone=error]").waitFor();
    expect(refused.calls).toHaveLength(1);
    expect(await form.locator('[name="message"]').inputValue()).toBe("Du 3 au 10 août, six personnes.");
    await page.unroute("**/api/**");
    const api = await mockApi(page, 201);
    await form.getByRole("button", { name: text("fr", "villa.enquiry.submit") }).click();
    await page.locator("[data-tone=success]").waitFor();
    expect(api.calls.map((c) => [new URL(c.url).pathname, c.body])).toEqual([
      [
        "/api/contact-messages",
        {
          name: "Camille Martin",
          email: "camille@example.fr",
          phone: "",
          subject: text("fr", "villa.enquiry.subject"),
          message: "Du 3 au 10 août, six personnes.",
          language: "fr",
          page: "/fr/villa",
          fax: "",
        },
      ],
    ]);
    expect(await form.locator('[name="subject"]').inputValue()).toBe(text("fr", "villa.enquiry.subject"));
  });

  for (const lang of languages) {
    test(`speaks ${lang}`, async ({ visit }) => {
      const { page, problems } = await visit(pathIn(lang, "/villa"));
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(text(lang, "villa.hero.title"));
      const distances = await page.getByTestId("villa-distances").innerText();
      expect(distances).toContain(text(lang, "villa.location.village", { minutes: villa.minutesToVillage }));
      expect(distances).toContain(text(lang, "villa.location.bordeaux", { minutes: villa.minutesToBordeaux }));
      expect(await page.locator("main").innerText()).toContain(text(lang, "villa.booking.bookOn", { site: site.villaRentals[0]!.name }));
      expect(problems).toEqual([]);
    });
  }
});

test.describe("/contact", () => {
  test("shows the e-mail, phone and address from site.json, and the three social profiles", async ({ visit }) => {
    const { page, problems } = await visit("/contact");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Contact");
    const details = page.locator('section[aria-labelledby="details-title"]');
    expect(await details.locator(`a[href="mailto:${site.contact.email}"]`).innerText()).toBe(site.contact.email);
    expect(await details.locator(`a[href="tel:${site.contact.phone.replace(/\s/g, "")}"]`).innerText()).toBe(site.contact.phone);
    expect(await details.locator("address").innerText()).toBe("860 Rte du Menhir, 33330 Saint-Sulpice-de-Faleyrens, France");
    const social = page.locator('section[aria-labelledby="social-title"] a');
    expect(await social.evaluateAll((anchors) => anchors.map((a) => [a.getAttribute("href"), a.getAttribute("target"), a.getAttribute("rel")]))).toEqual(
      [site.social.instagram, site.social.facebook, site.social.linkedin].map((href) => [href, "_blank", "noopener noreferrer"]),
    );
    expect(await social.evaluateAll((anchors) => anchors.map((a) => a.textContent?.replace(/\s+/g, " ").trim()))).toEqual([
      `Instagram ${text("en", "footer.newTab")}`,
      `Facebook ${text("en", "footer.newTab")}`,
      `LinkedIn ${text("en", "footer.newTab")}`,
    ]);
    expect(await page.locator("#contact-form").count()).toBe(1);
    expect(problems).toEqual([]);
  });

  test("writes the address for a Spanish reader: the street written out, the country in Spanish, in the page and the footer", async ({ visit }) => {
    const { page } = await visit("/es/contact");
    const expected = "860 Route du Menhir, 33330 Saint-Sulpice-de-Faleyrens, Francia";
    expect(await page.locator('section[aria-labelledby="details-title"] address').innerText()).toBe(expected);
    expect(await page.locator("footer").innerText()).toContain(expected);
  });

  test("loads nothing from another site until the visitor asks for the map, then shows the map frame", async ({ visit }) => {
    const { page, outside } = await visit("/contact");
    await scrollThrough(page);
    expect(outside).toEqual([]);
    expect(await page.locator("iframe").count()).toBe(0);

    await page.getByRole("button", { name: /Show the map/ }).click();
    const frame = page.locator("iframe");
    await frame.waitFor();
    expect(await frame.getAttribute("src")).toBe(site.mapEmbedUrl);
    expect(await frame.getAttribute("title")).toBe(text("en", "contact.map.frameTitle"));
    expect(await frame.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => outside.some((url) => url.startsWith("https://www.openstreetmap.org/export/embed.html"))).toBe(true);
  });

  test("has the spec's fields with visible labels: name, email and message required, phone and subject optional", async ({ visit }) => {
    const { page } = await visit("/contact");
    expect(await formFields(page, "#contact-form form")).toEqual([
      { name: "name", type: "text", required: true, label: "Name", labelVisible: true },
      { name: "email", type: "email", required: true, label: "Email", labelVisible: true },
      { name: "phone", type: "tel", required: false, label: "Phone", labelVisible: true },
      { name: "subject", type: "text", required: false, label: "Subject", labelVisible: true },
      { name: "message", type: "textarea", required: true, label: "Message", labelVisible: true },
    ]);
    expect(await honeypot(page, "#contact-form form")).toEqual({ tabIndex: -1, autocomplete: "off", labelled: true, hidden: true, onScreen: false });
    const api = await mockApi(page, 201);
    await page.locator('#contact-form [name="name"]').fill("Ada");
    await page.locator('#contact-form [name="email"]').fill("ada@example.com");
    await page.getByRole("button", { name: "Send Message" }).click();
    expect(await page.locator('#contact-form [name="message"]').evaluate((el: HTMLTextAreaElement) => el.validity.valueMissing)).toBe(true);
    expect(api.calls).toEqual([]);
  });

  test("sends the message, confirms with 'Message Sent' and empties the form", async ({ visit }) => {
    const { page } = await visit("/contact?subject=order");
    const api = await mockApi(page, 201);
    await expect.poll(() => page.locator('#contact-form [name="subject"]').inputValue()).toBe("Order inquiry");
    await page.locator('#contact-form [name="name"]').fill("Ada Lovelace");
    await page.locator('#contact-form [name="email"]').fill("ada@example.com");
    await page.locator('#contact-form [name="message"]').fill("Do you ship to Belgium?");
    await page.getByRole("button", { name: "Send Message" }).click();
    const toast = page.locator("[data-tone=success]");
    await toast.waitFor();
    expect(await toast.innerText()).toContain("Message Sent");
    expect(await toast.innerText()).toContain(text("en", "contact.form.success.description"));
    expect(api.calls.map((c) => [new URL(c.url).pathname, c.body])).toEqual([
      [
        "/api/contact-messages",
        {
          name: "Ada Lovelace",
          email: "ada@example.com",
          phone: "",
          subject: "Order inquiry",
          message: "Do you ship to Belgium?",
          language: "en",
          page: "/contact",
          fax: "",
        },
      ],
    ]);
    for (const name of ["name", "email", "phone", "subject", "message"])
      expect(await page.locator(`#contact-form [name="${name}"]`).inputValue(), name).toBe("");
  });

  test("keeps the message when the network fails", async ({ visit }) => {
    const { page } = await visit("/es/contact");
    await page.route("**/api/**", (route) => route.abort("internetdisconnected"));
    await page.locator('#contact-form [name="name"]').fill("Ada");
    await page.locator('#contact-form [name="email"]').fill("ada@example.com");
    await page.locator('#contact-form [name="message"]').fill("¿Hacen envíos a Bélgica?");
    await page.getByRole("button", { name: text("es", "contact.form.submit") }).click();
    const toast = page.locator("[data-tone=error]");
    await toast.waitFor();
    expect(await toast.innerText()).toContain(text("es", "forms.error.network"));
    expect(await page.locator('#contact-form [name="message"]').inputValue()).toBe("¿Hacen envíos a Bélgica?");
    expect(await page.locator("[data-tone=success]").count()).toBe(0);
  });

  for (const [path, subject] of [
    ["/contact?subject=event-private", "Private event at the estate"],
    ["/contact?subject=event-corporate", "Corporate event at the estate"],
    ["/fr/contact?subject=event-private", text("fr", "contact.form.subjects.eventPrivate")],
    ["/ja/contact?subject=order", text("ja", "contact.form.subjects.order")],
    ["/contact?subject=%20%20Inquiry%3A%20Ch%C3%A2teau%202019%20%20", "Inquiry: Château 2019"],
    [`/contact?subject=${"x".repeat(300)}`, "x".repeat(200)],
    ["/contact", ""],
  ] as const) {
    test(`fills the subject in from ${path}`, async ({ visit }) => {
      const { page, problems } = await visit(path);
      await expect.poll(() => page.locator('#contact-form [name="subject"]').inputValue()).toBe(subject);
      expect(problems).toEqual([]);
    });
  }

  for (const lang of languages) {
    test(`speaks ${lang}`, async ({ visit }) => {
      const { page, problems } = await visit(pathIn(lang, "/contact"));
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(text(lang, "contact.hero.title"));
      expect(await page.locator("#contact-form h2").innerText()).toBe(text(lang, "contact.form.title"));
      expect(await page.getByRole("button", { name: text(lang, "contact.map.load") }).count()).toBe(1);
      expect(await page.locator('#contact-form button[type="submit"]').innerText()).toBe(text(lang, "contact.form.submit"));
      expect(problems).toEqual([]);
    });
  }
});
