import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { defaultReporter } from '@web/test-runner';
import { aguiScenarios } from './test/servers/agui-scenarios.mjs';
import { mcpProbeServer } from './test/servers/mcp-probe-server.mjs';
import { summaryReporter } from './test/servers/summary-reporter.mjs';
import { highlightCoreAsEsm } from './test/servers/highlight-core-esm.mjs';
import { chromiumPath, chromiumArgs } from './scripts/chromium.mjs';

export default {
  files: ['test/unit/**/*.test.ts', 'test/components/**/*.test.ts'],
  nodeResolve: { browser: true, exportConditions: ['production'] },
  concurrency: 1,
  concurrentBrowsers: 1,
  testsFinishTimeout: 180_000,
  browserStartTimeout: 60_000,
  // A file's first test compiles the views it loads on first need (messages, cards…): slow on a busy 2-core machine.
  testFramework: { config: { timeout: 20_000 } },
  browsers: [chromeLauncher({ launchOptions: { executablePath: chromiumPath(), headless: true, args: chromiumArgs } })],
  // `.css` as text: the math renderer imports KaTeX's stylesheet as a string (Vite's `?raw` in the build).
  plugins: [esbuildPlugin({ ts: true, tsconfig: 'tsconfig.json', loaders: { '.css': 'text' } }), highlightCoreAsEsm()],
  middleware: [aguiScenarios(), mcpProbeServer()],
  reporters: [defaultReporter({ reportTestResults: true, reportTestProgress: false }), summaryReporter()],
};
