// A stand-in for pipeline/publish-build.ts in the publishing tests: it "builds" a one-page site
// from CONTENT_DIR into BUILD_DIR (the page shows chateau-2020's price, with a style sheet and a
// picture of its own build, as a real page has), waits until the test creates `<BUILD_DIR>.go` (so
// the test can look at the live site while a build runs), and fails like a broken build when the
// price is above 1000. Like a real build it keeps what it was made from (renderer/content.json), and
// leaves out a news item scheduled outside the moment it builds for (CONTENT_AS_OF): the page lists
// the news items on the site, by id and English title. `<BUILD_DIR>.waiting` holds its process id.
/* global process, console, Buffer */
import { existsSync, mkdirSync, readdirSync, readFileSync, watch, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

const { BUILD_DIR: out, CONTENT_DIR: content } = process.env;
const wine = JSON.parse(readFileSync(join(content, "wines", "chateau-2020.json"), "utf8"));
console.log("publish-step: pages (stand-in)");
const go = `${out}.go`;
mkdirSync(dirname(go), { recursive: true });
// A test that does not look at the site during the build says so with `<publish folder>/no-wait`.
// Decided before the build says it started: a test that sees `.waiting` and then writes `no-wait`
// (for the next server's builds) cannot let this one go on by the way. Announced first, a build at
// `nice 10` on a busy machine could read the test's `no-wait` written meanwhile, and a "killed"
// server's build then finished under the next server (admin-drafts.test.ts, seen in CI; a 400 ms
// pause between the two lines made it fail every time).
const waits = !existsSync(go) && !existsSync(join(dirname(out), "no-wait"));
writeFileSync(`${out}.waiting`, String(process.pid));
if (waits) {
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
const asOf = Date.parse(process.env.CONTENT_AS_OF ?? new Date().toISOString());
const news = readdirSync(join(content, "news"))
  .filter((file) => file.endsWith(".json"))
  .sort()
  .map((file) => ({ id: file.slice(0, -".json".length), item: JSON.parse(readFileSync(join(content, "news", file), "utf8")) }))
  .filter(({ item }) => (!item.publishAt || Date.parse(item.publishAt) <= asOf) && (!item.unpublishAt || Date.parse(item.unpublishAt) > asOf))
  .map(({ id, item }) => `<li id="${id}">${String(item.title?.en ?? "").replace(/[<&]/g, "")}</li>`)
  .join("");
mkdirSync(join(out, "client"), { recursive: true });
mkdirSync(join(out, "errors", "en"), { recursive: true });
writeFileSync(
  join(out, "client", "index.html"),
  `<!DOCTYPE html><html><head><title>Home — ${wine.price}</title><meta name="built-for" content="${process.env.CONTENT_AS_OF ?? ""}"><link rel="stylesheet" href="/assets/site.css"><link rel="modulepreload" href="/assets/app.js"><script>console.log("inline")</script></head><body><button data-item-price="${wine.price}">Buy</button><ul id="news">${news}</ul><img src="/assets/photo.jpeg" srcSet="/assets/photo.jpeg 480w" alt=""></body></html>`,
);
mkdirSync(join(out, "client", "assets"), { recursive: true });
writeFileSync(join(out, "client", "assets", "site.css"), "@font-face{font-family:Serif;src:url(/assets/serif.woff2)}body{font-family:Serif}");
writeFileSync(join(out, "client", "assets", "photo.jpeg"), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
mkdirSync(join(out, "renderer"), { recursive: true });
writeFileSync(
  join(out, "renderer", "content.json"),
  JSON.stringify({ "wines/chateau-2020.json": readFileSync(join(content, "wines", "chateau-2020.json"), "utf8") }),
);
writeFileSync(join(out, "errors", "en", "notFound.html"), "<!DOCTYPE html><html><body>Not found</body></html>");
writeFileSync(join(out, "build-info.json"), JSON.stringify({ snipcart: false, inlineScriptHashes: {} }));
console.log("publish-step: done (stand-in)");
