/**
 * The React and Vue apps of docs/frameworks.md ("Using `<agent-chat>` from React and Vue"), as
 * projects a user would have: the page's files (marked `<!-- frameworks:<app>:<path> -->` before a
 * fenced block), the few files `npm create vite` would have made (index.html, the entry,
 * vite.config.js for React) and `./auth.js`, in a temporary folder whose `node_modules` links to
 * the packages.
 * `node_modules/agent-chat` links to this repository, as `npm install <folder>` does, so the
 * app resolves `agent-chat` through the package's own `exports`, as after `npm install agent-chat`.
 * A third project, TypeScript only, checks what the package's types give a typed ref.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview } from 'vite';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const TSC = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

/** The token the apps' `getToken()` gives, so the test can find it in the backend's requests. */
export const APP_TOKEN = 'token-from-the-app';

const packageJson = (app) => `${JSON.stringify({ name: `agent-chat-${app}-app`, private: true, type: 'module' }, null, 2)}\n`;
const AUTH_JS = `export async function getToken() {\n  return '${APP_TOKEN}';\n}\n`;
const indexHtml = (mountId, entry) =>
  `<!doctype html>\n<html lang="en">\n  <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>agent-chat in ${mountId}</title></head>\n  <body><div id="${mountId}"></div><script type="module" src="${entry}"></script></body>\n</html>\n`;

/** A TypeScript module using the chat through the package's types (what a typed ref gives). */
const TYPED_CHAT_TS = `import type { AgentChat, AgentChatEventMap, ChatStringOverrides, ToolDisplay } from 'agent-chat';

const strings: ChatStringOverrides = { send: 'Ask' };
const toolDisplay: Record<string, ToolDisplay> = { get_weather: { title: 'Weather', icon: '☀️', open: true } };
const chat: AgentChat | null = document.querySelector('agent-chat');
if (chat) {
  chat.strings = strings;
  chat.toolDisplay = toolDisplay;
  chat.headers = async () => ({ Authorization: 'Bearer token' });
  chat.addEventListener('agent-chat-response-end', (event) => {
    const status: 'done' | 'error' | 'cancelled' = event.detail.status;
    console.log(status, event.detail.text.length);
  });
  void chat.send('hello');
}
export type ResponseEnd = AgentChatEventMap['agent-chat-response-end'];
`;
const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'bundler',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  },
  include: ['src'],
};

/** What each app needs besides the page's files, and the packages its node_modules links. */
const SCAFFOLDING = {
  react: {
    packages: ['react', 'react-dom', 'vite', '@vitejs/plugin-react'],
    files: {
      'package.json': packageJson('react'),
      'index.html': indexHtml('root', '/src/main.jsx'),
      'src/main.jsx': `import { StrictMode } from 'react';\nimport { createRoot } from 'react-dom/client';\nimport { App } from './App.jsx';\n\ncreateRoot(document.getElementById('root')).render(\n  <StrictMode>\n    <App />\n  </StrictMode>,\n);\n`,
      'vite.config.js': `import { defineConfig } from 'vite';\nimport react from '@vitejs/plugin-react';\n\nexport default defineConfig({ plugins: [react()] });\n`,
      'src/auth.js': AUTH_JS,
    },
  },
  vue: {
    packages: ['vue', 'vite', '@vitejs/plugin-vue'],
    files: {
      'package.json': packageJson('vue'),
      'index.html': indexHtml('app', '/src/main.js'),
      'src/main.js': `import { createApp } from 'vue';\nimport App from './App.vue';\n\ncreateApp(App).mount('#app');\n`,
      'src/auth.js': AUTH_JS,
    },
  },
  typescript: {
    packages: [],
    files: { 'tsconfig.json': `${JSON.stringify(TSCONFIG, null, 2)}\n`, 'src/chat.ts': TYPED_CHAT_TS },
  },
};

/** The files per app in docs/frameworks.md: `{ react: { 'src/App.jsx': '…' }, vue: { … } }`. */
export async function docsFiles() {
  const page = await readFile(path.join(ROOT, 'docs', 'frameworks.md'), 'utf8');
  const files = {};
  for (const [, app, file, code] of page.matchAll(/<!-- frameworks:(\w+):(\S+) -->\n```\w*\n([\s\S]*?)```/g)) {
    (files[app] ??= {})[file] = code;
  }
  return files;
}

/** Writes `app`'s project into a new temporary folder; resolves to its path. */
export async function createProject(app, docsCode) {
  const { packages, files } = SCAFFOLDING[app];
  const dir = await mkdtemp(path.join(tmpdir(), `agent-chat-${app}-`));
  for (const [file, text] of Object.entries({ ...files, ...docsCode })) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  const link = async (name, target) => {
    await mkdir(path.dirname(path.join(dir, 'node_modules', name)), { recursive: true });
    await symlink(target, path.join(dir, 'node_modules', name), 'dir');
  };
  await link('agent-chat', ROOT);
  for (const name of packages) await link(name, path.join(ROOT, 'node_modules', name));
  return dir;
}

export const removeProject = (dir) => rm(dir, { recursive: true, force: true });

/** `tsc -p` of the project; resolves to its output (empty when the types check). */
export function typecheckProject(dir) {
  return new Promise((resolve) => {
    execFile(process.execPath, [TSC, '-p', dir], (error, stdout, stderr) => resolve(error ? `${stdout}${stderr}` || String(error) : ''));
  });
}

/**
 * `vite build` of the project into `<dir>/<outDir>`. `development` makes a development build
 * (React's and Vue's warnings kept), as `NODE_ENV=development vite build` does.
 */
export async function buildProject(dir, { outDir, development = false }) {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = development ? 'development' : 'production';
  try {
    // React's development build is over Vite's 500 kB chunk warning, as expected.
    const chunkSizeWarningLimit = development ? 2000 : 500;
    await build({ root: dir, logLevel: 'warn', build: { outDir, emptyOutDir: true, chunkSizeWarningLimit } });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/**
 * `vite preview` of a build, with `/api` proxied to `backendUrl` (what a Vite user's
 * `server.proxy` does), so the app calls its backend on its own origin. `requests` records
 * the method, path and headers of every request the backend got through it.
 */
export async function previewProject(dir, { outDir, backendUrl }) {
  const requests = [];
  const server = await preview({
    root: dir,
    logLevel: 'warn',
    build: { outDir },
    preview: {
      host: '127.0.0.1',
      port: 0,
      proxy: {
        '/api': {
          target: backendUrl,
          configure: (proxy) => proxy.on('proxyReq', (_, req) => requests.push({ method: req.method, url: req.url, headers: req.headers })),
        },
      },
    },
  });
  const url = server.resolvedUrls?.local[0];
  assert.ok(url, 'vite preview listens');
  return { url, requests, close: () => server.close() };
}
