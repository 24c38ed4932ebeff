/**
 * The client command the MCP conformance suite runs for each client scenario:
 * `node test/conformance/widget-client.mjs SERVER_URL` (scenario name in MCP_CONFORMANCE_SCENARIO,
 * its data in MCP_CONFORMANCE_CONTEXT). The client under test is the real `<agent-chat>` of the
 * built bundle in Chromium: a page holds it with an `<agent-chat-mcp-server>` for SERVER_URL; the
 * harness waits for the server's status, presses "Sign in to …" whenever the chat offers it and
 * lets the authorization window come back, and once the server is ready has the scripted model
 * ask for the scenario's tool (scenario-plans.mjs), submitting any form the server asks for as
 * the chat offers it. Exits 0 when all of that worked; otherwise says what went wrong on stderr
 * and exits 1 (the suite's checks decide the scenario either way).
 *
 * test/conformance/run.mjs runs it with one shared browser. One scenario by hand (after
 * `npm run build`; a browser of its own, behind a proxy of its own):
 *   npx -y -p node@22 -p @modelcontextprotocol/conformance@0.1.16 -c \
 *     'conformance client --scenario initialize --command "node test/conformance/widget-client.mjs"'
 */
import { chatTurn } from '../e2e/browser.mjs';
import { SERVER_NAME, distBuilt, startChatPage } from './chat-page.mjs';
import { openBrowser } from './proxied-browser.mjs';
import { planFor } from './scenario-plans.mjs';

/** How long a status may take to settle, and a sign-in window to come back. */
const SETTLE_MS = 12_000;
const WINDOW_MS = 10_000;
const ELICITATION = 'agent-chat [part="elicitation"]';

const serverUrl = process.argv[2];
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
const context = process.env.MCP_CONFORMANCE_CONTEXT ? JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT) : {};
/** Sign-in presses in the whole scenario. */
let pressesMade = 0;
const log = (message) => console.log(`[widget-client ${(performance.now() / 1000).toFixed(2)} s] ${message}`);

/** Records every `agent-chat-mcp-status` of the page (runs before the bundle loads). */
function recordStatuses() {
  window.mcpStatuses = [];
  document.addEventListener('agent-chat-mcp-status', (event) => window.mcpStatuses.push(event.detail));
}

/** Waits for a status after the first `seen` that is not `connecting`; returns it ({ status, error? }). */
async function settledStatus(page, seen) {
  const handle = await page.waitForFunction(
    (seen) => {
      const fresh = window.mcpStatuses.slice(seen);
      const last = fresh.at(-1);
      return last && last.status !== 'connecting' ? { ...last, count: window.mcpStatuses.length } : undefined;
    },
    seen,
    { timeout: SETTLE_MS, polling: 50 },
  );
  return handle.jsonValue();
}

const statusCount = (page) => page.evaluate(() => window.mcpStatuses.length);

/** Presses Sign in and waits for the authorization window to come back and close itself. */
async function signIn(page, browserContext) {
  const opened = browserContext.waitForEvent('page', { timeout: WINDOW_MS });
  await page.locator('agent-chat [part="mcp-sign-in"]').first().click();
  const popup = await opened;
  try {
    await popup.waitForEvent('close', { timeout: WINDOW_MS });
  } catch {
    const where = popup.url();
    const text = (
      await popup
        .locator('body')
        .innerText()
        .catch(() => '')
    ).slice(0, 300);
    throw new Error(`the sign-in window did not come back (it is at ${where}: ${JSON.stringify(text)})`);
  }
}

/**
 * Brings the server to `ready`, pressing Sign in while the chat asks (at most `presses` times).
 * Returns how many presses it took; throws with the status when the server does not get there.
 */
async function untilReady(page, browserContext, { seen, presses }) {
  let pressed = 0;
  for (;;) {
    const state = await settledStatus(page, seen);
    seen = state.count;
    log(`status ${state.status}${state.error ? `: ${state.error}` : ''}`);
    if (state.status === 'ready') return pressed;
    if (state.status !== 'auth-required' || pressed >= presses) {
      throw new Error(`the server ended ${state.status}${state.error ? `: ${state.error}` : ''}${pressed ? ` after ${pressed} sign-in(s)` : ''}`);
    }
    pressed += 1;
    pressesMade += 1;
    log(`pressing Sign in (${pressesMade} in all)`);
    await signIn(page, browserContext);
  }
}

/**
 * Until `done` settles: whenever the server asks for input with a form, the person submits it as
 * the chat offers it (its defaults filled in, nothing changed). Returns how many were submitted.
 */
async function submitForms(page, done) {
  let finished = false;
  void done.finally(() => (finished = true)).catch(() => undefined);
  const forms = page.locator(ELICITATION).filter({ has: page.locator('agent-chat-schema-form') });
  let submitted = 0;
  while (!finished) {
    if ((await forms.count()) > 0) {
      const request = forms.first();
      log(`the server asks: ${JSON.stringify((await request.innerText()).slice(0, 200))}; submitting the form as it is`);
      await request.getByRole('button', { name: 'Submit' }).click();
      submitted += 1;
      await request
        .locator('agent-chat-schema-form')
        .waitFor({ state: 'detached', timeout: 5000 })
        .catch(() => undefined);
    } else await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return submitted;
}

/**
 * Has the model call `call.tool` (answering the server's forms on the way); after a call that
 * needs a new sign-in, signs in and asks again.
 */
async function callTool(page, browserContext, requests, call, presses) {
  for (;;) {
    const seen = await statusCount(page);
    const turn = chatTurn(page, `Please run ${call.tool}.`);
    const [end] = await Promise.all([turn, submitForms(page, turn)]);
    const offered = requests.find((input) => input.messages?.at(-1)?.role === 'user')?.tools?.map((tool) => tool.name) ?? [];
    if (!offered.includes(call.tool)) throw new Error(`${call.tool} was not offered to the model (offered: ${offered.join(', ') || 'none'})`);
    const result = requests.at(-1)?.messages?.findLast((message) => message.role === 'tool')?.content ?? '';
    log(`turn ${end.status}; ${call.tool} gave ${JSON.stringify(String(result).slice(0, 200))}`);
    if (call.expect.test(result) && !/could not run/.test(result)) return presses;
    const status = await page.locator(`agent-chat agent-chat-mcp-server[name="${SERVER_NAME}"]`).getAttribute('status');
    if (status !== 'auth-required' || presses <= 0) throw new Error(`${call.tool} did not give the expected result`);
    presses -= await untilReady(page, browserContext, { seen, presses });
  }
}

async function main() {
  if (!serverUrl) throw new Error('usage: widget-client.mjs SERVER_URL');
  if (!distBuilt()) throw new Error('dist/agent-chat.js is missing: run `npm run build` first');
  const plan = planFor(scenario, context);
  log(`scenario ${scenario || '(none)'} at ${serverUrl}; attributes ${JSON.stringify(plan.attributes)}`);
  const pages = await startChatPage({ serverUrl, attributes: plan.attributes, ...plan.call });
  const { browser, close } = await openBrowser();
  try {
    const browserContext = await browser.newContext();
    await browserContext.addInitScript(recordStatuses);
    const page = await browserContext.newPage();
    page.on('pageerror', (error) => log(`page error: ${error.message}`));
    await page.goto(pages.url);
    const pressed = await untilReady(page, browserContext, { seen: 0, presses: plan.signIns });
    if (plan.call) await callTool(page, browserContext, pages.requests, plan.call, plan.signIns - pressed);
    await browserContext.close();
    log('done');
  } finally {
    await close();
    await pages.close();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`[widget-client] ${scenario}: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  },
);
