/**
 * Reads every wine page in every language as Snipcart's crawler does: the HTML as served,
 * with no JavaScript. Each must hold its one buy button with the cart data of spec §7, and
 * the wine's real content.
 */
import { content } from "#content";
import { wineNameIn } from "#content/names";
import { textIn } from "#content/text";
import { languages } from "#core/languages";
import { localizePath } from "#core/paths";
import { expect, test } from "./support/fixtures";
import { baseUrl } from "./support/servers";

const { wines } = content;

// A crawler: no JavaScript, no session.
test.use({ javaScriptEnabled: false, adult: false });

for (const lang of languages) {
  test.describe(`wine pages in ${lang}, as served, before any JavaScript`, () => {
    for (const wine of wines) {
      test(`${wine.id} has its buy button with the cart data`, async ({ page }) => {
        const path = localizePath(lang, `/shop/${wine.id}`);
        const response = await page.goto(`${baseUrl}${path}`);
        expect(response?.status()).toBe(200);

        const buttons = await page.$$eval(".snipcart-add-item", (nodes) =>
          nodes.map((node) => ({
            tag: node.tagName,
            attributes: Object.fromEntries([...node.attributes].filter((a) => a.name.startsWith("data-item-")).map((a) => [a.name, a.value])),
            text: node.textContent,
          })),
        );
        expect(buttons).toHaveLength(1);
        const [button] = buttons;
        expect(button!.tag).toBe("BUTTON");
        const { "data-item-image": image, ...rest } = button!.attributes;
        expect(rest).toEqual({
          "data-item-id": wine.id,
          "data-item-name": `${wine.name} ${wine.vintage}`,
          "data-item-price": wine.price.toFixed(2),
          "data-item-url": path,
          "data-item-description": textIn(wine.tastingNotes, lang),
          "data-item-categories": "Wine|Saint-Émilion Grand Cru",
        });
        expect(rest["data-item-price"]).toMatch(/^\d+\.\d\d$/);
        // The image is an absolute path on this site, served as a picture.
        expect(image).toMatch(/^\/assets\/[\w-]+\.(jpe?g|png|webp)$/);
        const picture = await fetch(`${baseUrl}${image}`);
        expect(picture.status).toBe(200);
        expect(picture.headers.get("content-type")).toMatch(/^image\//);
        expect(button!.text).toContain(new Intl.NumberFormat(lang, { style: "currency", currency: "EUR", maximumFractionDigits: 0 }).format(wine.price));

        // The page's real content is in the HTML: heading, price, tasting notes, ratings.
        // The heading names the wine as the page's language does (莱斯库尔隐庐酒庄 2020, L’Hermitage's apostrophe).
        expect(await page.locator("h1").innerText()).toBe(`${wineNameIn(content.site, wine, lang)} ${wine.vintage}`);
        expect(await page.locator("main").innerText()).toContain(textIn(wine.tastingNotes, lang));
        for (const rating of wine.ratings) expect(await page.locator("main").innerText()).toContain(rating.critic);
      });
    }
  });
}
