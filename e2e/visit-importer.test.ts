import { content } from "#content";
import { textIn } from "#content/text";
import { languages } from "#core/languages";
import { expect } from "./support/fixtures";
import { baseUrl } from "./support/servers";
import { formFields, honeypot, mockApi, pathIn, scrollThrough, test, text } from "./support/visit";

const { importer } = content;

// The application form is on a desk first: every visit has this viewport unless it says otherwise.
test.use({ viewport: { width: 1280, height: 800 } });

const form = 'form[aria-labelledby="application-title"]';

test.describe("/become-importer", () => {
  test("shows the presence map drawn on the site, the reach, three benefits, requirements, commitments and the form", async ({ visit }) => {
    const { page, problems, outside } = await visit("/become-importer");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Become an Importer");
    expect(await page.locator("main h2").allInnerTexts()).toEqual([
      "A global presence",
      "Why partner with us",
      "What we look for",
      "What we commit to",
      "Apply to become an importer",
    ]);

    const map = page.getByRole("img", { name: text("en", "importer.presence.mapAlt") });
    await map.scrollIntoViewIfNeeded();
    await expect.poll(() => map.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1000);
    const src = await map.getAttribute("src");
    expect(src).toMatch(/^\/assets\/world-map-[\w-]+\.svg$/);
    const svg = await (await fetch(`${baseUrl}${src}`)).text();
    expect(svg).toContain('r="7"');

    const reach = await page
      .getByTestId("reach")
      .evaluate((dl) => [...dl.querySelectorAll("div")].map((d) => [d.querySelector("dd")?.textContent, d.querySelector("dt")?.textContent]));
    expect(reach).toEqual([
      [`${importer.countries}+`, "Countries"],
      [`${importer.retailPartners}+`, "Retail partners"],
    ]);

    const titles = (list: typeof importer.benefits) => list.map((point) => textIn(point.title, "en"));
    expect(await page.locator('section[aria-labelledby="benefits-title"] h3').allInnerTexts()).toEqual(titles(importer.benefits));
    // Spec §2: the requirements and the commitments the page names.
    expect(await page.locator('section[aria-labelledby="requirements-title"] h3').allInnerTexts()).toEqual([
      "Distribution network",
      "Market knowledge",
      "Financial stability",
    ]);
    expect(await page.locator('section[aria-labelledby="commitments-title"] h3').allInnerTexts()).toEqual([
      "Quality assurance",
      "Marketing support",
      "Long-term partnership",
    ]);
    expect(await page.getByTestId("answer-promise").innerText()).toBe(`We answer every application within ${importer.answerWithinHours} hours.`);

    await scrollThrough(page);
    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
  });

  test("scrolls to the application form (#application-form) when Apply Now is pressed", async ({ visit }) => {
    const { page } = await visit("/become-importer", { viewport: { width: 390, height: 700 } });
    const target = page.locator("#application-form");
    const inView = () =>
      target.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return box.top < window.innerHeight && box.bottom > 0;
      });
    expect(await inView()).toBe(false);
    await page.getByRole("link", { name: "Apply Now" }).click();
    await expect.poll(inView).toBe(true);
    expect(new URL(page.url()).hash).toBe("#application-form");
    // The fixed navigation bar does not cover the form's heading.
    const heading = await page.locator("#application-title").boundingBox();
    const nav = await page.locator("header").boundingBox();
    expect(heading!.y).toBeGreaterThanOrEqual(nav!.y + nav!.height - 1);
  });

  test("has the spec's fields with visible labels and the browser's own validation", async ({ visit }) => {
    const { page } = await visit("/become-importer");
    expect(await formFields(page, form)).toEqual([
      { name: "companyName", type: "text", required: true, label: "Company name", labelVisible: true },
      { name: "contactName", type: "text", required: true, label: "Contact name", labelVisible: true },
      { name: "email", type: "email", required: true, label: "Email", labelVisible: true },
      { name: "phone", type: "tel", required: true, label: "Phone", labelVisible: true },
      { name: "country", type: "text", required: true, label: "Country", labelVisible: true },
      { name: "website", type: "url", required: false, placeholder: "https://www.example.com", label: "Website", labelVisible: true },
      { name: "experience", type: "text", required: true, label: "Years in the wine industry", labelVisible: true },
      { name: "marketSize", type: "text", required: false, label: "Market size", labelVisible: true },
      { name: "message", type: "textarea", required: false, label: "Message", labelVisible: true },
    ]);
    expect(await honeypot(page, form)).toEqual({ tabIndex: -1, autocomplete: "off", labelled: true, hidden: true, onScreen: false });

    const api = await mockApi(page, 201);
    const fill = async (name: string, value: string) => page.locator(`${form} [name="${name}"]`).fill(value);
    await fill("companyName", "Vins du Monde Ltd");
    await fill("contactName", "Ada Lovelace");
    await fill("email", "ada@example.com");
    await fill("phone", "+44 20 7946 0000");
    await fill("country", "United Kingdom");
    await fill("website", "not a url");
    await fill("experience", "12");
    await page.getByRole("button", { name: "Submit Application" }).click();
    expect(await page.locator(`${form} [name="website"]`).evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true);
    expect(api.calls).toEqual([]);
  });

  test("sends the application, confirms with 'Application Received' and empties the form; a failure keeps it", async ({ visit }) => {
    const { page } = await visit("/become-importer");
    const fill = async (name: string, value: string) => page.locator(`${form} [name="${name}"]`).fill(value);
    const values = {
      companyName: "Vins du Monde Ltd",
      contactName: "Ada Lovelace",
      email: "ada@example.com",
      phone: "+44 20 7946 0000",
      country: "United Kingdom",
      website: "https://vins.example",
      experience: "12",
      marketSize: "40 restaurants",
      message: "We import Bordeaux into London.",
    };
    for (const [name, value] of Object.entries(values)) await fill(name, value);

    await page.route("**/api/**", (route) => route.fulfill({ status: 429, contentType: "application/json", body: '{"error":"Too Many Requests"}' }));
    await page.getByRole("button", { name: "Submit Application" }).click();
    await page.locator("[data-tone=error]").waitFor();
    expect(await page.locator("[data-tone=error]").innerText()).toContain(text("en", "forms.error.rateLimited"));
    for (const [name, value] of Object.entries(values)) expect(await page.locator(`${form} [name="${name}"]`).inputValue(), name).toBe(value);

    await page.unroute("**/api/**");
    const api = await mockApi(page, 201);
    await page.getByRole("button", { name: "Submit Application" }).click();
    await page.locator("[data-tone=success]").waitFor();
    expect(await page.locator("[data-tone=success]").innerText()).toContain("Application Received");
    expect(await page.locator("[data-tone=success]").innerText()).toContain(`We will answer within ${importer.answerWithinHours} hours.`);
    expect(new URL(api.calls[0]!.url).pathname).toBe("/api/importer-applications");
    expect(api.calls[0]!.body).toEqual({ ...values, language: "en", page: "/become-importer", fax: "" });
    for (const name of Object.keys(values)) expect(await page.locator(`${form} [name="${name}"]`).inputValue(), name).toBe("");
  });

  for (const lang of languages) {
    test(`speaks ${lang}`, async ({ visit }) => {
      const { page, problems } = await visit(pathIn(lang, "/become-importer"));
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(text(lang, "importer.hero.title"));
      expect(await page.getByRole("link", { name: text(lang, "importer.presence.apply") }).getAttribute("href")).toBe("#application-form");
      expect(await page.getByRole("img", { name: text(lang, "importer.presence.mapAlt") }).count()).toBe(1);
      expect(await page.getByTestId("answer-promise").innerText()).toBe(text(lang, "importer.form.promise", { hours: importer.answerWithinHours }));
      expect(problems).toEqual([]);
    });
  }
});
