// Demo backend for <agent-chat>: an AG-UI 1.0 endpoint plus the demo page and the built bundle.
//
//   node demo/server.mjs            → http://127.0.0.1:8787/ (PORT, HOST, DEMO_DELAY_MS override)
//   OPENAI_API_KEY=… node demo/server.mjs   → a real model instead of the scripted agent

import { createReadStream, existsSync, realpathSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { EventEncoder } from '@ag-ui/encoder';
import { DEFAULT_DELAY_MS, scriptedRun } from './scripted-agent.mjs';
import { isOpenaiConfigured, openaiConfig, openaiRun } from './openai-agent.mjs';

/** @typedef {import('@ag-ui/core').RunAgentInput} RunAgentInput */
/** @typedef {(input: RunAgentInput, signal: AbortSignal) => AsyncIterable<object>} AgentRun */

const DEMO_DIR = path.dirname(fileURLToPath(import.meta.url));
const INDEX_HTML = path.join(DEMO_DIR, 'index.html');
const DEFAULT_DIST_DIR = path.join(DEMO_DIR, '..', 'dist');
const DEFAULT_PORT = 8787;
const MAX_BODY_BYTES = 10 * 1024 * 1024;

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

const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  Connection: 'keep-alive',
  'X-Accel-Buffering': 'no',
};

class HttpError extends Error {
  /** @param {number} status @param {string} message */
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

// ---------------------------------------------------------------------------------------------
// Small response helpers

function sendJsonError(res, status, message, headers = {}) {
  const body = JSON.stringify({ error: { message } });
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

function sendText(res, status, text, headers = {}) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** Resolves once the response can take more data, or is gone. */
function drained(res) {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

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

// ---------------------------------------------------------------------------------------------
// The AG-UI endpoint

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new HttpError(413, 'The request body is too large.'));
        req.pause();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

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

async function route(req, res, { agent, distDir, log }) {
  const pathname = requestPath(req);
  if (pathname === undefined) return sendText(res, 400, 'Bad request');
  if (pathname === '/api/agent') {
    if (req.method !== 'POST') return sendJsonError(res, 405, 'Use POST with an AG-UI RunAgentInput.', { Allow: 'POST' });
    return handleAgentRequest(req, res, agent, log);
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
  if (pathname === '/' || pathname === '/index.html') return sendFile(req, res, INDEX_HTML);
  if (pathname.startsWith('/dist/')) return sendFile(req, res, resolveInside(distDir, pathname.slice('/dist/'.length)));
  return sendText(res, 404, 'Not found');
}

function formatUrl(host, port) {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}/`;
}

/**
 * Starts the demo server.
 *
 * @param {object} [options]
 * @param {number} [options.port] 0 picks a free port.
 * @param {string} [options.host]
 * @param {number} [options.delayMs] pause between streamed deltas of the scripted agent.
 * @param {(line: string) => void} [options.log]
 * @param {Record<string, string | undefined>} [options.env] where OPENAI_* settings are read.
 * @param {string} [options.distDir] folder served under /dist/ (the repo's dist/ by default).
 * @returns {Promise<{ url: string, port: number, agent: string, close: () => Promise<void> }>}
 */
export async function startDemoServer({
  port = 0,
  host = '127.0.0.1',
  delayMs,
  log = console.log,
  env = process.env,
  distDir = DEFAULT_DIST_DIR,
} = {}) {
  const agent = chooseAgent(env, delayMs);
  const server = createServer((req, res) => {
    route(req, res, { agent, distDir, log }).catch((error) => {
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
  if (!existsSync(path.join(distDir, 'agent-chat.js'))) {
    log('agent-chat demo: dist/agent-chat.js is missing; run "npm run build" first, then reload the page.');
  }
  const actualPort = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
  return {
    url: formatUrl(host, actualPort),
    port: actualPort,
    agent: agent.description,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
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
  const server = await startDemoServer({
    port: numberFromEnv(env.PORT, DEFAULT_PORT, 'PORT'),
    host: env.HOST || '127.0.0.1',
    delayMs: numberFromEnv(env.DEMO_DELAY_MS, DEFAULT_DELAY_MS, 'DEMO_DELAY_MS'),
    env,
  });
  console.log(`agent-chat demo: ${server.url}  (${server.agent})`);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => server.close().then(() => process.exit(0)));
  }
}

function isMainModule() {
  try {
    return Boolean(process.argv[1]) && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
  } catch {
    return false;
  }
}

if (isMainModule()) {
  main().catch((error) => {
    console.error(`agent-chat demo: could not start: ${error.message}`);
    process.exit(1);
  });
}
