import { configDefaults, defineConfig } from "vitest/config";

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
          include: ["{app,content,core,forms,presentation,server,pipeline,generators,bench}/**/__tests__/**/*.test.{ts,tsx}", "tests/**/*.test.ts", "locales/__tests__/**/*.test.ts"],
          exclude: [...configDefaults.exclude, "**/*.integration.test.ts"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          // Whole processes: the server started as `npm start` would, killed with SIGKILL or SIGTERM.
          name: "integration",
          include: ["**/__tests__/**/*.integration.test.ts"],
          exclude: [...configDefaults.exclude],
          environment: "node",
          testTimeout: 120_000,
        },
      },
    ],
  },
});
