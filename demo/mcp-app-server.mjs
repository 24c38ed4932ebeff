// The demo's MCP server: a dice roller with an MCP App (spec 2026-01-26). The model may call
// `roll_dice`, whose card shows the app; the app's page may call `reroll_dice`, which the model
// never sees. The app page (demo/mcp-app/) is bundled once with esbuild into one self-contained
// HTML document: the default app CSP allows inline scripts and styles but no network.
//
//   node demo/mcp-app-server.mjs   → http://127.0.0.1:8790/mcp (PORT, HOST override)

import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { startMcpServer } from './mcp-http.mjs';
import { isMainModule } from './is-main.mjs';

const APP_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'mcp-app');
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';
export const DICE_APP_URI = 'ui://dice/app.html';
/** The tool the model calls; the scripted agent looks for it in `RunAgentInput.tools`. */
export const DICE_TOOL = 'roll_dice';
export const REROLL_TOOL = 'reroll_dice';

const rollInput = {
  dice: z.number().int().min(1).max(6).optional().describe('How many dice to roll (1–6, default 2).'),
  sides: z.number().int().min(2).max(100).optional().describe('Sides per die (default 6).'),
};

/** Rolls `dice` dice with `sides` sides each, as an MCP tool result. */
export function rollDice({ dice = 2, sides = 6 } = {}) {
  const rolls = Array.from({ length: dice }, () => randomInt(1, sides + 1));
  const total = rolls.reduce((sum, value) => sum + value, 0);
  return {
    content: [{ type: 'text', text: `Rolled ${dice}d${sides}: ${rolls.join(' + ')} = ${total}` }],
    structuredContent: { dice, sides, rolls, total },
  };
}

let appHtmlPromise;

/** The app document, bundled on first use and kept. */
export function diceAppHtml() {
  appHtmlPromise ??= buildAppHtml().catch((error) => {
    appHtmlPromise = undefined; // try again on the next read
    throw error;
  });
  return appHtmlPromise;
}

async function buildAppHtml() {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [path.join(APP_DIR, 'app.js')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  const script = result.outputFiles[0].text.trim().replace(/<\/script/gi, '<\\/script');
  const template = await readFile(path.join(APP_DIR, 'app.html'), 'utf8');
  // A function replacement: `$` patterns in the bundle must stay as they are.
  return template.replace('<!-- app-script -->', () => `<script>${script}</script>`);
}

/** A fresh McpServer with the dice tools and the app resource (one per request when stateless). */
export function createDemoMcpServer() {
  const server = new McpServer({ name: 'dice', title: 'Dice roller', version: '1.0.0' }, { capabilities: { resources: {}, tools: {} } });

  server.registerTool(
    DICE_TOOL,
    {
      title: 'Dice roller',
      description: 'Rolls dice and shows them in an interactive app the person can roll again.',
      inputSchema: z.object(rollInput),
      _meta: {
        ui: { resourceUri: DICE_APP_URI, visibility: ['model', 'app'] },
        'agent-chat': { icon: '🎲' },
      },
    },
    async (args) => rollDice(args),
  );

  server.registerTool(
    REROLL_TOOL,
    {
      title: 'Roll again',
      description: 'Rolls the dice again (called by the dice roller app only).',
      inputSchema: z.object(rollInput),
      _meta: { ui: { visibility: ['app'] } },
    },
    async (args) => rollDice(args),
  );

  server.registerResource('dice-app', DICE_APP_URI, { title: 'Dice roller app', mimeType: APP_MIME_TYPE, _meta: { ui: { prefersBorder: true } } }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: APP_MIME_TYPE, text: await diceAppHtml() }],
  }));

  return server;
}

/**
 * Serves the dice server over Streamable HTTP (stateless, CORS open) at `http://host:port/mcp`.
 * @returns {Promise<{ url: string, port: number, calls: Record<string, number>, resetCalls: () => void, close: () => Promise<void> }>}
 */
export async function startDemoMcpServer({ host = '127.0.0.1', port = 0 } = {}) {
  await diceAppHtml(); // a broken app bundle shows at start, not on the first card
  return startMcpServer(createDemoMcpServer, { host, port, path: '/mcp' });
}

if (isMainModule(import.meta.url)) {
  const server = await startDemoMcpServer({ host: process.env.HOST || '127.0.0.1', port: Number(process.env.PORT ?? 8790) });
  console.log(`dice MCP server: ${server.url}`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => server.close().then(() => process.exit(0)));
}
