import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "~": new URL("./app", import.meta.url).pathname },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["{app,content,core,server,scripts}/**/__tests__/**/*.test.{ts,tsx}", "locales/__tests__/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          globalSetup: ["e2e/support/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Two cores: one Chromium per worker is all the machine carries well.
          maxWorkers: 2,
        },
      },
    ],
  },
});
