/**
 * The one Chromium the conformance scenarios share (Debian's, headless, through the CORS proxy).
 * The runner starts it as a Playwright browser server and hands its address to each scenario's
 * harness in AGENT_CHAT_CONFORMANCE_BROWSER; a harness started without it (the suite's own CLI
 * run by hand) starts a proxy and a browser of its own.
 */
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';
import { startCorsProxy } from './cors-proxy.mjs';

export const BROWSER_ENV = 'AGENT_CHAT_CONFORMANCE_BROWSER';

// Playwright routes loopback through the proxy too (it adds `<-loopback>` to the bypass list):
// the scenario servers all listen on localhost.
const launchOptions = (proxyUrl) => ({
  executablePath: chromiumPath(),
  headless: true,
  args: chromiumArgs,
  proxy: { server: proxyUrl },
});

/** Starts the proxy and a browser server behind it. Returns { wsEndpoint, close() }. */
export async function startSharedBrowser() {
  const proxy = await startCorsProxy();
  const server = await chromium.launchServer(launchOptions(proxy.url));
  return {
    wsEndpoint: server.wsEndpoint(),
    async close() {
      await server.close();
      await proxy.close();
    },
  };
}

/** The shared browser when the runner gave one, else a browser (and proxy) of this process's own. Returns { browser, close() }. */
export async function openBrowser() {
  const shared = process.env[BROWSER_ENV];
  if (shared) {
    const browser = await chromium.connect(shared);
    return { browser, close: () => browser.close() };
  }
  const proxy = await startCorsProxy();
  const browser = await chromium.launch(launchOptions(proxy.url));
  return {
    browser,
    async close() {
      await browser.close();
      await proxy.close();
    },
  };
}
