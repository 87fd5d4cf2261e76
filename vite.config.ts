import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { imagetools } from "vite-imagetools";

// The Snipcart key and the public origin are read from the build's environment under their documented names.
process.env.VITE_SNIPCART_PUBLIC_KEY = process.env.SNIPCART_PUBLIC_KEY ?? "";
process.env.VITE_SITE_URL = process.env.SITE_URL ?? "";
process.env.VITE_BUILD_YEAR = String(new Date().getFullYear());

export default defineConfig({
  plugins: [tailwindcss(), imagetools({ removeMetadata: true }), reactRouter()],
  resolve: {
    alias: { "~": new URL("./app", import.meta.url).pathname },
  },
  build: {
    // Inline nothing as data URIs: the Content-Security-Policy and the byte budgets count real files.
    assetsInlineLimit: 0,
  },
});
