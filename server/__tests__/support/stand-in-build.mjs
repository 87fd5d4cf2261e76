// A stand-in for pipeline/publish-build.ts in the publishing tests: it "builds" a one-page site
// from CONTENT_DIR into BUILD_DIR (the page shows chateau-2020's price), waits until the test
// creates `<BUILD_DIR>.go` (so the test can look at the live site while a build runs), and fails
// like a broken build when the price is above 1000.
/* global process, console */
import { existsSync, mkdirSync, readFileSync, watch, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

const { BUILD_DIR: out, CONTENT_DIR: content } = process.env;
const wine = JSON.parse(readFileSync(join(content, "wines", "chateau-2020.json"), "utf8"));
console.log("publish-step: pages (stand-in)");
const go = `${out}.go`;
mkdirSync(dirname(go), { recursive: true });
writeFileSync(`${out}.waiting`, "");
if (!existsSync(go)) {
  await new Promise((resolve) => {
    const done = () => {
      if (!existsSync(go)) return;
      watcher.close();
      resolve();
    };
    const watcher = watch(dirname(go), done);
    done();
  });
}
if (wine.price > 1000) {
  console.error(`Invalid price on purpose: ${wine.price}`);
  process.exit(1);
}
mkdirSync(join(out, "client"), { recursive: true });
mkdirSync(join(out, "errors", "en"), { recursive: true });
writeFileSync(join(out, "client", "index.html"), `<!DOCTYPE html><html><body><button data-item-price="${wine.price}">Buy</button></body></html>`);
writeFileSync(join(out, "errors", "en", "notFound.html"), "<!DOCTYPE html><html><body>Not found</body></html>");
writeFileSync(join(out, "build-info.json"), JSON.stringify({ snipcart: false, inlineScriptHashes: {} }));
console.log("publish-step: done (stand-in)");
