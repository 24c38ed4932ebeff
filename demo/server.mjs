// Demo backend for <agent-chat>: an AG-UI 1.0 endpoint (/api/agent) and an AI SDK UI message
// stream endpoint (/api/ai-sdk, ai-sdk-agent.mjs) plus the demo pages and the built bundle, and
// beside it, each on a port of its own, the dice roller MCP server (an MCP App), two official MCP App
// examples (example-apps.mjs), a second origin that serves only the MCP Apps sandbox proxy (dist/
// sandbox.html), and a notes MCP server behind OAuth with its authorization server (for /notes.html).
//
//   node demo/server.mjs            → http://127.0.0.1:8787/, /shop.html and /notes.html (PORT, HOST, DEMO_DELAY_MS override;
//                                     MCP_PORT, SANDBOX_PORT, HEATMAP_PORT, THREEJS_PORT pick the other ports, else free ones)
//   OPENAI_API_KEY=… node demo/server.mjs   → a real model instead of the scripted agent

import { createReadStream, existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { EventEncoder } from '@ag-ui/encoder';
import { DEFAULT_DELAY_MS, scriptedRun } from './scripted-agent.mjs';
import { isOpenaiConfigured, openaiConfig, openaiRun } from './openai-agent.mjs';
import { startDemoMcpServer } from './mcp-app-server.mjs';
import { EXAMPLE_APPS, startExampleApps, withExampleUrls } from './example-apps.mjs';
import { startAuthorizationServer } from './oauth-authorization-server.mjs';
import { startProtectedMcpServer } from './protected-mcp-server.mjs';
import { notesRun } from './notes-agent.mjs';
import { isMainModule } from './is-main.mjs';
import { HttpError, SSE_HEADERS, drained, readBody, sendJsonError, sendText } from './http-helpers.mjs';
import { AI_SDK_PATH, aiSdkRoute, createAiSdkAgent } from './ai-sdk-agent.mjs';
import { STORE_PATH, demoStoreDir, lazyThreadStore } from './thread-store.mjs';

/** @typedef {import('@ag-ui/core').RunAgentInput} RunAgentInput */
/** @typedef {(input: RunAgentInput, signal: AbortSignal) => AsyncIterable<object>} AgentRun */

const DEMO_DIR = path.dirname(fileURLToPath(import.meta.url));
const INDEX_HTML = path.join(DEMO_DIR, 'index.html');
const DEFAULT_DIST_DIR = path.join(DEMO_DIR, '..', 'dist');
const DEFAULT_PORT = 8787;

const CONTENT_TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

// ---------------------------------------------------------------------------------------------
// Static files

/** `relative` (URL-encoded, from the request) inside `root`, or undefined if it would leave it. */
export function resolveInside(root, relative) {
  let decoded;
  try {
    decoded = decodeURIComponent(relative);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.split(/[\\/]/).includes('..')) return undefined;
  const base = path.resolve(root);
  const resolved = path.resolve(base, decoded);
  return resolved.startsWith(base + path.sep) ? resolved : undefined;
}

async function sendFile(req, res, file) {
  const info = file ? await stat(file).catch(() => undefined) : undefined;
  if (!info?.isFile()) return sendText(res, 404, 'Not found');
  res.writeHead(200, {
    'Content-Type': CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': info.size,
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  });
  if (req.method === 'HEAD') return res.end();
  await pipeline(createReadStream(file), res).catch(() => {}); // the client may leave mid-file
}

/** The host name the browser used to reach this server (so the other two ports work for it too). */
function requestHostname(req, fallback) {
  try {
    const { hostname } = new URL(`http://${req.headers.host}`);
    if (/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)$/i.test(hostname)) return hostname;
  } catch {
    // a missing or odd Host header: use the address the server listens on
  }
  return fallback;
}

function escapeAttribute(text) {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The demo page, with the URLs of the MCP servers and of the sandbox proxy filled in. */
async function sendIndex(req, res, { urls, host }, file = INDEX_HTML) {
  const hostname = requestHostname(req, host.includes(':') ? `[${host}]` : host);
  // The notes server's address is the one its OAuth metadata names, whatever host the page was asked by.
  const values = { MCP_URL: urls.mcp(hostname), SANDBOX_URL: urls.sandbox(hostname), NOTES_URL: urls.notes };
  const page = withExampleUrls(await readFile(file, 'utf8'), urls.examples, hostname).replace(/%(MCP_URL|SANDBOX_URL|NOTES_URL)%/g, (_, name) => escapeAttribute(values[name]));
  res.writeHead(200, {
    'Content-Type': CONTENT_TYPES['.html'],
    'Content-Length': Buffer.byteLength(page),
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(req.method === 'HEAD' ? undefined : page);
}

// ---------------------------------------------------------------------------------------------
// The second origin: only the MCP Apps sandbox proxy

/**
 * Serves `sandbox.html` from `distDir` and nothing else. The sandbox proxy must be on another
 * origin than the page (here: another port) and get no Content-Security-Policy but, on a real
 * site, `frame-ancestors` naming its pages; the demo serves pages on this machine only, and any.
 */
async function routeSandbox(req, res, distDir) {
  const pathname = requestPath(req);
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
  if (pathname !== '/sandbox.html') {
    return sendText(res, 404, 'Not found. This origin serves only /sandbox.html, the MCP Apps sandbox proxy of <agent-chat>.');
  }
  const file = path.join(distDir, 'sandbox.html');
  if (!existsSync(file)) return sendText(res, 404, 'dist/sandbox.html is missing; run "npm run build" first.');
  return sendFile(req, res, file);
}

// ---------------------------------------------------------------------------------------------
// The AG-UI endpoint

/** The RunAgentInput in a request body, with defaults for the optional parts. */
export function parseRunInput(text) {
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
  if (!body || typeof body !== 'object' || !Array.isArray(body.messages)) {
    throw new HttpError(400, 'The request body must be an AG-UI RunAgentInput with a "messages" array.');
  }
  return {
    ...body,
    threadId: typeof body.threadId === 'string' && body.threadId ? body.threadId : randomUUID(),
    runId: typeof body.runId === 'string' && body.runId ? body.runId : randomUUID(),
    tools: Array.isArray(body.tools) ? body.tools : [],
    context: Array.isArray(body.context) ? body.context : [],
  };
}

/** Streams the agent's events as SSE until the run ends or the client leaves. */
async function streamRun(res, run, input, log) {
  const controller = new AbortController();
  res.on('close', () => controller.abort());
  res.writeHead(200, SSE_HEADERS);
  res.flushHeaders();
  const encoder = new EventEncoder();
  const send = (/** @type {any} */ event) => res.write(encoder.encodeSSE(event));
  const gone = () => controller.signal.aborted || res.destroyed || res.writableEnded;
  try {
    for await (const event of run(input, controller.signal)) {
      if (gone()) break;
      if (!send(event)) await drained(res);
    }
  } catch (error) {
    if (gone()) return;
    log(`agent-chat demo: the run failed: ${error?.stack ?? error}`);
    send({ type: 'RUN_ERROR', message: `The demo agent crashed: ${error?.message ?? error}`, code: 'AGENT_CRASHED' });
  } finally {
    if (!gone()) res.end();
  }
}

async function handleAgentRequest(req, res, agent, log) {
  let input;
  try {
    input = parseRunInput(await readBody(req));
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return sendJsonError(res, error.status, error.message, error.status === 413 ? { Connection: 'close' } : {});
  }
  await streamRun(res, agent.run, input, log);
}

// ---------------------------------------------------------------------------------------------
// Server

/**
 * The agent this server uses: a real model when the environment configures one.
 * @returns {{ description: string, run: AgentRun }}
 */
function chooseAgent(env, delayMs) {
  if (isOpenaiConfigured(env)) {
    const { model, baseUrl } = openaiConfig(env);
    return {
      description: `OpenAI-compatible agent: ${model} at ${baseUrl}`,
      run: (input, signal) => openaiRun(input, { signal, env }),
    };
  }
  return {
    description: 'scripted agent; set OPENAI_API_KEY for a real model',
    run: (input, signal) => scriptedRun(input, { delayMs, signal }),
  };
}

function requestPath(req) {
  try {
    return new URL(`http://localhost${req.url ?? '/'}`).pathname;
  } catch {
    return undefined;
  }
}

/**
 * CORS for the agent endpoint, so a page of your own on another origin of this machine (another
 * port, `localhost` or `127.0.0.1`) can embed the chat against this backend: the preflight is
 * answered and every answer names that origin. Other sites get no CORS headers — with
 * `OPENAI_API_KEY` set, a site open in the same browser must not be able to drive the key.
 * `DEMO_CORS_ORIGINS` (comma-separated) adds origins. A real backend lists the origins it trusts.
 */
function allowedOrigin(req, env) {
  const origin = req.headers.origin;
  if (!origin) return undefined;
  const extra = (env.DEMO_CORS_ORIGINS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (extra.includes(origin)) return origin;
  try {
    const { protocol, hostname } = new URL(origin);
    return protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(hostname) ? origin : undefined;
  } catch {
    return undefined;
  }
}

function corsHeaders(req, env) {
  const origin = allowedOrigin(req, env);
  return origin ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : { Vary: 'Origin' };
}

function answerPreflight(req, res, env, methods = 'POST, OPTIONS') {
  res.writeHead(204, {
    ...corsHeaders(req, env),
    'Access-Control-Allow-Methods': methods,
    'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? 'content-type, accept',
    'Access-Control-Max-Age': '600',
  });
  res.end();
}

/** The AI SDK endpoints: POST the chat, GET a reply's resumed stream; same CORS policy as AG-UI's. */
function routeAiSdk(req, res, { kind, id }, { aiSdkAgent, env }) {
  const method = kind === 'chat' ? 'POST' : 'GET';
  if (req.method === 'OPTIONS') return answerPreflight(req, res, env, `${method}, OPTIONS`);
  for (const [name, value] of Object.entries(corsHeaders(req, env))) res.setHeader(name, value);
  if (req.method !== method) {
    const use = kind === 'chat' ? 'Use POST with a useChat request body.' : 'Use GET to resume a reply.';
    return sendJsonError(res, 405, use, { Allow: `${method}, OPTIONS` });
  }
  return kind === 'chat' ? aiSdkAgent.chat(req, res) : aiSdkAgent.resume(res, id);
}

async function route(req, res, { agent, aiSdkAgent, distDir, log, urls, host, env, store }) {
  const pathname = requestPath(req);
  if (pathname === undefined) return sendText(res, 400, 'Bad request');
  if (store && (pathname === STORE_PATH || pathname.startsWith(`${STORE_PATH}/`))) return store.handle(req, res);
  const aiSdk = aiSdkRoute(pathname);
  if (aiSdk) return routeAiSdk(req, res, aiSdk, { aiSdkAgent, env });
  if (pathname === '/api/agent') {
    if (req.method === 'OPTIONS') return answerPreflight(req, res, env);
    for (const [name, value] of Object.entries(corsHeaders(req, env))) res.setHeader(name, value);
    if (req.method !== 'POST') return sendJsonError(res, 405, 'Use POST with an AG-UI RunAgentInput.', { Allow: 'POST, OPTIONS' });
    return handleAgentRequest(req, res, agent, log);
  }
  if (pathname === '/api/notes-agent') {
    if (req.method === 'OPTIONS') return answerPreflight(req, res, env);
    for (const [name, value] of Object.entries(corsHeaders(req, env))) res.setHeader(name, value);
    if (req.method !== 'POST') return sendJsonError(res, 405, 'Use POST with an AG-UI RunAgentInput.', { Allow: 'POST, OPTIONS' });
    return handleAgentRequest(req, res, { run: notesRun }, log);
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
  if (pathname === '/' || pathname === '/index.html') return sendIndex(req, res, { urls, host });
  if (pathname === '/shop.html') return sendFile(req, res, path.join(DEMO_DIR, 'shop.html')); // the popup on a product page
  if (pathname === '/page-tools.js') return sendFile(req, res, path.join(DEMO_DIR, 'page-tools.js')); // the main page's own tools
  if (pathname === '/notes.html') return sendIndex(req, res, { urls, host }, path.join(DEMO_DIR, 'notes.html')); // a server behind OAuth
  if (pathname.startsWith('/dist/')) return sendFile(req, res, resolveInside(distDir, pathname.slice('/dist/'.length)));
  return sendText(res, 404, 'Not found');
}

function formatUrl(host, port) {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}/`;
}

/** Starts an HTTP server with `handler` on host:port; resolves once it listens. */
async function listen(handler, { host, port, log }) {
  const server = createServer((req, res) => {
    handler(req, res).catch((error) => {
      log(`agent-chat demo: ${req.method} ${req.url} failed: ${error?.stack ?? error}`);
      if (!res.headersSent) sendText(res, 500, 'Internal server error');
      else res.destroy();
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    server,
    port: /** @type {import('node:net').AddressInfo} */ (server.address()).port,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Starts the demo server, the MCP servers (the dice roller, the example apps) and the sandbox proxy's origin.
 *
 * @param {object} [options]
 * @param {number} [options.port] 0 picks a free port.
 * @param {string} [options.host] all three servers listen here.
 * @param {number} [options.delayMs] pause between streamed deltas of the scripted agent (AG-UI and AI SDK).
 * @param {(line: string) => void} [options.log]
 * @param {Record<string, string | undefined>} [options.env] where OPENAI_* settings are read.
 * @param {string} [options.distDir] folder served under /dist/ (the repo's dist/ by default).
 * @param {number} [options.mcpPort] port of the dice roller MCP server; 0 (default) picks a free one.
 * @param {number} [options.sandboxPort] port of the sandbox proxy's origin; 0 (default) picks a free one.
 * @param {Record<string, number>} [options.examplePorts] ports of the example apps' servers by name (`heatmap`, `threejs`); free ones by default.
 * @param {string} [options.storeDir] where the conversation server's PGlite keeps its data (`memory`: nowhere).
 * @returns {Promise<{ url: string, port: number, agent: string, mcpUrl: string, mcpCalls: Record<string, number>, sandboxUrl: string,
 *   examples: Array<{ name: string, label: string, url: string, calls: Record<string, number> }>, storeDir: string, close: () => Promise<void> }>}
 *   `mcpCalls` counts the MCP server's `tools/call` requests by tool name (live), each example's `calls` its; the conversation
 *   server (the thread store) answers under `/store/`, started on its first request.
 */
export async function startDemoServer({
  port = 0,
  host = '127.0.0.1',
  delayMs,
  log = console.log,
  env = process.env,
  distDir = DEFAULT_DIST_DIR,
  mcpPort = 0,
  sandboxPort = 0,
  examplePorts = {},
  storeDir = 'memory',
} = {}) {
  const agent = chooseAgent(env, delayMs);
  const aiSdkAgent = createAiSdkAgent({ delayMs, log });
  const started = [{ close: async () => aiSdkAgent.close() }];
  try {
    const mcp = await startDemoMcpServer({ host, port: mcpPort });
    started.push(mcp);
    const examples = await startExampleApps({ host, ports: examplePorts, log });
    started.push(examples);
    // The notes MCP server asks for OAuth: the demo's own authorization server signs people in.
    const authorization = await startAuthorizationServer({ host });
    started.push(authorization);
    const notes = await startProtectedMcpServer(authorization, { host });
    started.push(notes);
    const sandbox = await listen((req, res) => routeSandbox(req, res, distDir), { host, port: sandboxPort, log });
    started.push(sandbox);
    const urls = {
      mcp: (hostname) => `http://${hostname}:${mcp.port}/mcp`,
      sandbox: (hostname) => `http://${hostname}:${sandbox.port}/sandbox.html`,
      notes: notes.url,
      examples: examples.running,
    };
    // Started on its first request (PGlite takes a moment); it needs the built handler.
    const store = lazyThreadStore({ distDir, dataDir: storeDir });
    started.push(store);
    const main = await listen((req, res) => route(req, res, { agent, aiSdkAgent, distDir, log, urls, host, env, store }), { host, port, log });
    started.push(main);
    if (!existsSync(path.join(distDir, 'agent-chat.js'))) {
      log('agent-chat demo: dist/agent-chat.js is missing; run "npm run build" first, then reload the page.');
    }
    const hostname = host.includes(':') ? `[${host}]` : host;
    return {
      url: formatUrl(host, main.port),
      port: main.port,
      agent: agent.description,
      mcpUrl: urls.mcp(hostname),
      mcpCalls: mcp.calls,
      examples: examples.running.map(({ name, label, port: examplePort, calls }) => ({ name, label, url: `http://${hostname}:${examplePort}/mcp`, calls })),
      notesUrl: notes.url,
      authorizationUrl: authorization.url,
      sandboxUrl: urls.sandbox(hostname),
      storeDir,
      close: async () => {
        await Promise.all(started.map((server) => server.close()));
      },
    };
  } catch (error) {
    await Promise.all(started.map((server) => server.close()));
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Command line

function numberFromEnv(value, fallback, name) {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new Error(`${name} must be a whole number, got "${value}".`);
  return number;
}

async function main() {
  const env = process.env;
  const port = numberFromEnv(env.PORT, DEFAULT_PORT, 'PORT');
  const server = await startDemoServer({
    port,
    host: env.HOST || '127.0.0.1',
    delayMs: numberFromEnv(env.DEMO_DELAY_MS, DEFAULT_DELAY_MS, 'DEMO_DELAY_MS'),
    env,
    mcpPort: numberFromEnv(env.MCP_PORT, 0, 'MCP_PORT'),
    sandboxPort: numberFromEnv(env.SANDBOX_PORT, 0, 'SANDBOX_PORT'),
    examplePorts: Object.fromEntries(EXAMPLE_APPS.map(({ name, portVariable }) => [name, numberFromEnv(env[portVariable], 0, portVariable)])),
    storeDir: demoStoreDir(port),
  });
  console.log(`agent-chat demo: ${server.url}  (${server.agent})`);
  console.log(`  the chat as a popup on a product page: ${server.url}shop.html`);
  console.log(`  AG-UI agent endpoint (CORS for pages on localhost / 127.0.0.1): ${server.url}api/agent`);
  console.log(`  AI SDK endpoint (useChat's protocol; a scripted mock model):  ${server.url}${AI_SDK_PATH.slice(1)}`);
  console.log(`  dice roller MCP server (an MCP App): ${server.mcpUrl}`);
  for (const example of server.examples) console.log(`  ${example.label}: ${example.url}`);
  console.log(`  an MCP server behind OAuth (sign in, progress, a form, an image): ${server.url}notes.html`);
  console.log(`    its server ${server.notesUrl}, its authorization server ${server.authorizationUrl}`);
  console.log(`  sandbox proxy on a second origin:    ${server.sandboxUrl}`);
  console.log(`  conversation server (the "Sync" switch): ${server.url}store/, its data in ${server.storeDir}`);
  if (!existsSync(path.join(DEFAULT_DIST_DIR, 'sandbox.html'))) {
    console.log('  dist/sandbox.html is missing; run "npm run build" so apps can run in the sandbox proxy.');
  }
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => server.close().then(() => process.exit(0)));
  }
}

if (isMainModule(import.meta.url)) {
  main().catch((error) => {
    console.error(`agent-chat demo: could not start: ${error.message}`);
    process.exit(1);
  });
}
