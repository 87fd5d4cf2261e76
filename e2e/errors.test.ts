import { waitForHydration } from "./support/browser";
import { expect, test } from "./support/fixtures";
import { rawGet, rawRequest } from "./support/raw-http";
import { baseUrl } from "./support/servers";
import { text } from "./support/visit";

test.describe("unknown paths", () => {
  test("answer HTTP 404 with 'Oops! Page not found', a link home, and log the path", async ({ page, problems }) => {
    const response = await page.goto(`${baseUrl}/no-such-page`);
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Oops! Page not found");
    const home = page.getByRole("link", { name: "Return to Home" });
    expect(await home.getAttribute("href")).toBe("/");
    await expect.poll(() => problems.some((p) => p.startsWith("error:") && p.includes("/no-such-page"))).toBe(true);
    // Logged, but nothing else went wrong: no hydration error.
    expect(problems.filter((p) => !p.includes("/no-such-page") && !p.includes("404"))).toEqual([]);
    await home.click();
    await page.waitForURL(`${baseUrl}/`);
  });

  test("are translated under a language prefix, with a link to that language's home", async ({ page, problems }) => {
    const response = await page.goto(`${baseUrl}/es/nada/aqui`);
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("es");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(text("es", "notFound.title"));
    expect(await page.getByRole("link", { name: text("es", "notFound.home") }).getAttribute("href")).toBe("/es");
    await expect.poll(() => problems.some((p) => p.includes("/es/nada/aqui"))).toBe(true);
  });

  test("show 'Wine Not Found' with 'Return to Shop' for an unknown wine, with HTTP 404", async ({ page, problems }) => {
    const response = await page.goto(`${baseUrl}/shop/chateau-1999`);
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Wine Not Found");
    const back = page.getByRole("link", { name: "Return to Shop" });
    await back.click();
    await page.waitForURL(`${baseUrl}/shop`);
    // The browser reports the 404 document itself; nothing else may go wrong.
    expect(problems.filter((p) => !p.includes("status of 404"))).toEqual([]);
  });
});

test.describe("the server", () => {
  test("answers traversal attempts, sent byte for byte, with 400, never a file outside the build", async () => {
    // fetch and browsers resolve `..` and `%2e%2e` before sending: these go out exactly as written.
    const port = Number(new URL(baseUrl).port);
    for (const path of [
      "/../package.json",
      "/%2e%2e/package.json",
      "/assets/..%2f..%2fpackage.json",
      "/%00",
      "/..\\package.json",
      "/assets/../../package.json",
      "/.%2e/.%2e/package.json",
    ]) {
      const response = await rawRequest(port, rawGet(path));
      expect(response.status, path).toBe(400);
      expect(response.body, path).not.toContain('"name": "hermitage-lescours-website"');
    }
  });
});
