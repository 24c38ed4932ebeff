/**
 * Signing in to an MCP server that requires OAuth, in Chromium, on the built bundle. Three origins:
 * the page, a real authorization server (the MCP SDK's auth router: metadata, dynamic registration,
 * PKCE, refresh tokens) and the protected MCP server (401 with resource metadata). The person's
 * press opens the authorization window; Allow in it brings the server's tools; tokens live in
 * IndexedDB and are refreshed without a window; a failed refresh, a blocked window, a forged
 * answer, Deny and signOut() each end as the person would expect.
 *
 * Run: npm run build && node --test --test-reporter=spec test/e2e/mcp-oauth.test.mjs
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startAuthorizationServer } from '../../demo/oauth-authorization-server.mjs';
import { startProtectedMcpServer } from '../../demo/protected-mcp-server.mjs';
import { createNotesServer } from '../../demo/notes-tools.mjs';
import { chatTurn, launchChromium } from './browser.mjs';
import { chatPage, clientToolBackend, distBuilt, mcpServerChild, startPageServer, waitFor } from './mcp-fixtures.mjs';

const SERVER = 'agent-chat agent-chat-mcp-server';
const signInButton = (page) => page.locator('agent-chat [part="mcp-sign-in"]');

/** Records every `agent-chat-mcp-status` the page hears, before the bundle loads. */
function recordStatuses() {
  window.statuses = [];
  document.addEventListener('agent-chat-mcp-status', (event) => window.statuses.push(event.detail.status));
}

/** The element with the keyboard focus, looking into shadow roots: its tag name. */
function deepFocus() {
  let element = document.activeElement;
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
  return element?.localName;
}

/** The notes server with an app besides: `notes_board` shows a board of the notes in its card. */
function notesWithBoard() {
  const server = createNotesServer();
  server.registerTool('notes_board', { description: 'Shows the notes on a board.', _meta: { ui: { resourceUri: 'ui://notes/board.html' } } }, async () => ({
    content: [{ type: 'text', text: 'The board is shown.' }],
  }));
  server.registerResource('board', 'ui://notes/board.html', { mimeType: 'text/html;profile=mcp-app' }, async (url) => ({
    contents: [{ uri: url.href, mimeType: 'text/html;profile=mcp-app', text: '<!doctype html><p id="board">Board of notes</p>' }],
  }));
  return server;
}

/** The sign-in record the chat keeps for its servers, read from IndexedDB in the page. */
function readSignIns() {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('agent-chat-mcp-sign-in');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('servers')) return resolve([]);
      const all = db.transaction('servers').objectStore('servers').getAll();
      all.onsuccess = () => resolve(all.result);
      all.onerror = () => reject(all.error);
    };
  });
}

describe('signing in to an MCP server that requires OAuth (built bundle)', () => {
  let authorization;
  let protectedServer;
  let pages;
  let browser;
  let context;

  before(async () => {
    assert.ok(distBuilt(), 'run `npm run build` first');
    authorization = await startAuthorizationServer();
    protectedServer = await startProtectedMcpServer(authorization);
    pages = await startPageServer(clientToolBackend('list_notes', { everyTurn: true }), { page: chatPage(mcpServerChild('notes', protectedServer.url)) });
    browser = await launchChromium({ popupBlocking: true });
    // The whole 900 px chat in view: a page that scrolls moves under a press (scroll anchoring on
    // the focused composer) whenever the notice above the composer comes and goes.
    context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
    await context.addInitScript(recordStatuses);
  });
  after(async () => {
    await browser?.close();
    await pages?.close();
    await protectedServer?.close();
    await authorization?.close();
  });

  /**
   * Presses Sign in, runs `meanwhile(popup)` while the authorization page is up, presses `decision`
   * there, and waits for the window to close itself. Returns the authorization URL.
   */
  async function signInThroughWindow(page, decision = 'Allow', meanwhile = async () => {}, button = signInButton(page)) {
    const opened = context.waitForEvent('page');
    await button.click();
    const popup = await opened;
    await popup.waitForURL((url) => url.pathname === '/authorize');
    const authorizeUrl = new URL(popup.url());
    await meanwhile(popup);
    await popup.getByRole('button', { name: decision }).click();
    // Under a loaded machine the authorization page and the callback can take a while to come and go.
    await popup.waitForEvent('close', { timeout: 45_000 });
    return authorizeUrl;
  }

  it('asks on the press only, opens the authorization page with PKCE and the resource, and offers the tools once allowed', async () => {
    const page = await context.newPage();
    await page.goto(pages.url);
    await page.locator(`${SERVER}[status="auth-required"]`).waitFor({ state: 'attached' });
    await signInButton(page).waitFor();
    assert.equal(await signInButton(page).innerText(), 'Sign in to notes');
    assert.match(await page.locator('agent-chat [part="mcp-notice"]').innerText(), /“notes” asks you to sign in/);
    assert.equal(context.pages().length, 1, 'no window before the press');
    assert.deepEqual(await page.evaluate(() => window.statuses), ['connecting', 'auth-required']);

    const authorizeUrl = await signInThroughWindow(page);
    assert.equal(authorizeUrl.origin, new URL(authorization.url).origin);
    assert.equal(authorizeUrl.searchParams.get('code_challenge_method'), 'S256');
    assert.ok(authorizeUrl.searchParams.get('code_challenge'));
    assert.ok(authorizeUrl.searchParams.get('state'));
    assert.equal(authorizeUrl.searchParams.get('resource'), protectedServer.url);
    assert.equal(authorizeUrl.searchParams.get('redirect_uri'), `${pages.url}dist/oauth-callback.html`);
    assert.ok(authorization.clients.has(authorizeUrl.searchParams.get('client_id')), 'registered dynamically');

    await page.locator(`${SERVER}[status="ready"]`).waitFor({ state: 'attached' });
    await page.locator('agent-chat [part="mcp-notice"]').waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(deepFocus), 'textarea', 'the keyboard goes to the composer with the button');
    assert.deepEqual(authorization.tokenRequests, ['authorization_code']);
    assert.deepEqual((await page.evaluate(() => window.statuses)).slice(-2), ['connecting', 'ready']);

    const end = await chatTurn(page, 'my notes');
    assert.equal(end.status, 'done');
    const tool = pages.requests.at(-1).messages.find((message) => message.role === 'tool');
    assert.match(tool.content, /Buy tram tickets/);
    assert.ok(
      pages.requests.at(-2).tools.some((offered) => offered.name === 'list_notes'),
      'offered to the backend',
    );

    const kept = await page.evaluate(readSignIns);
    assert.equal(kept.length, 1);
    assert.ok(kept[0].tokens.access_token && kept[0].tokens.refresh_token);
    assert.equal(kept[0].pending, undefined, 'the verifier is spent');
    assert.deepEqual(await page.evaluate(() => [localStorage.length, sessionStorage.length, document.cookie]), [0, 0, '']);
    await page.close();
  });

  it('after a reload the server is ready without a window, and an expired token is refreshed without one', async () => {
    const page = await context.newPage();
    await page.goto(pages.url);
    await page.locator(`${SERVER}[status="ready"]`).waitFor({ state: 'attached' });
    assert.equal(await signInButton(page).count(), 0);

    authorization.expireAccessTokens();
    const before = authorization.tokenRequests.length;
    const end = await chatTurn(page, 'my notes again');
    assert.equal(end.status, 'done');
    assert.match(pages.requests.at(-1).messages.findLast((message) => message.role === 'tool').content, /Buy tram tickets/);
    assert.deepEqual(authorization.tokenRequests.slice(before), ['refresh_token']);
    assert.equal(context.pages().length, 1, 'no window for a refresh');
    await page.close();
  });

  it('a refresh the authorization server refuses asks the person again; signing in again brings the tools back', async () => {
    const page = await context.newPage();
    await page.goto(pages.url);
    await page.locator(`${SERVER}[status="ready"]`).waitFor({ state: 'attached' });
    authorization.revokeAll();
    await chatTurn(page, 'my notes once more');
    const failed = pages.requests.at(-1).messages.findLast((message) => message.role === 'tool');
    assert.match(failed.content, /sign in to it again/);
    await page.locator(`${SERVER}[status="auth-required"]`).waitFor({ state: 'attached' });
    await signInThroughWindow(page);
    await page.locator(`${SERVER}[status="ready"]`).waitFor({ state: 'attached' });
    const end = await chatTurn(page, 'and now?');
    assert.equal(end.status, 'done');
    assert.match(pages.requests.at(-1).messages.findLast((message) => message.role === 'tool').content, /Buy tram tickets/);
    await page.close();
  });

  it('signOut() forgets the tokens; a blocked window and Deny each say so and keep the button; a forged answer is ignored', async () => {
    const page = await context.newPage();
    await page.goto(pages.url);
    await page.locator(`${SERVER}[status="ready"]`).waitFor({ state: 'attached' });
    await page.evaluate(() => document.querySelector('agent-chat-mcp-server').signOut());
    await page.locator(`${SERVER}[status="auth-required"]`).waitFor({ state: 'attached' });
    assert.equal(
      (await page.evaluate(readSignIns)).some((record) => record.tokens),
      false,
      'no tokens kept',
    );

    // A press with no user activation left, so Chromium's popup blocker (on in this browser) blocks
    // the window. Playwright's evaluate brings an activation of its own: a first window spends it.
    await signInButton(page).waitFor();
    await page.evaluate(() => {
      window.open('about:blank', '_blank', 'popup')?.close();
      document.querySelector('agent-chat').shadowRoot.querySelector('agent-chat-mcp-notice').shadowRoot.querySelector('[part="mcp-sign-in"]').click();
    });
    const note = page.locator('agent-chat .mcp-sign-in-problem');
    await note.waitFor();
    assert.match(await note.innerText(), /blocked the sign-in window/);
    assert.equal(context.pages().length, 1);
    assert.equal(await signInButton(page).count(), 1, 'the button stays');

    // While a real sign-in waits, another script of the origin answers with a state of its own: ignored.
    const tokenRequests = authorization.tokenRequests.length;
    await signInThroughWindow(page, 'Deny', async () => {
      await page.evaluate(() => {
        const channel = new BroadcastChannel('agent-chat-oauth');
        channel.postMessage({ type: 'agent-chat-oauth-callback', params: { code: 'forged', state: 'forged' } });
        channel.close();
        window.postMessage({ type: 'agent-chat-oauth-callback', params: { code: 'forged', state: 'forged' } }, location.origin);
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(authorization.tokenRequests.length, tokenRequests, 'the forged code was never redeemed');
      assert.equal(await page.locator(SERVER).getAttribute('status'), 'auth-required');
    });
    // Deny in the window: said, and the button stays.
    await waitFor(async () => /did not complete/.test(await note.innerText().catch(() => '')), { message: 'the Deny note' });
    assert.equal(await page.locator(SERVER).getAttribute('status'), 'auth-required');
    assert.equal(await signInButton(page).count(), 1);
    assert.equal(authorization.tokenRequests.length, tokenRequests);

    await signInThroughWindow(page);
    await page.locator(`${SERVER}[status="ready"]`).waitFor({ state: 'attached' });
    assert.equal(await note.count(), 0);
    await page.close();
  });

  it('without dynamic registration: a clear error; with a pre-registered client-id the sign-in works and asks for `scopes`', async () => {
    const strict = await startAuthorizationServer({ registration: false, scopes: ['notes', 'calendar'] });
    const guarded = await startProtectedMcpServer(strict, { advertiseScopes: false });
    const page = await context.newPage();
    try {
      pages.setPage(chatPage(`<agent-chat-mcp-server name="strict" url="${guarded.url}"></agent-chat-mcp-server>`));
      await page.goto(pages.url);
      await page.locator(`${SERVER}[status="error"]`).waitFor({ state: 'attached' });
      const error = await page.locator('agent-chat [part="error"]').innerText();
      assert.match(error, /does not support dynamic client registration/);
      assert.match(error, /client-id registered with its authorization server/);
      assert.equal(await signInButton(page).count(), 0);

      const redirect = `${pages.url}dist/oauth-callback.html`;
      strict.clients.set('pre-registered', {
        client_id: 'pre-registered',
        client_name: 'The shop’s chat',
        redirect_uris: [redirect],
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      });
      await page.evaluate(() => {
        const server = document.querySelector('agent-chat-mcp-server');
        server.setAttribute('scopes', 'notes calendar');
        server.setAttribute('client-id', 'pre-registered');
      });
      await page.locator(`${SERVER}[status="auth-required"]`).waitFor({ state: 'attached' });
      assert.equal(await page.locator('agent-chat [part="error"]').count(), 0, 'the error is gone');
      const authorizeUrl = await signInThroughWindow(page);
      assert.equal(authorizeUrl.searchParams.get('client_id'), 'pre-registered');
      assert.equal(authorizeUrl.searchParams.get('scope'), 'notes calendar');
      await page.locator(`${SERVER}[status="ready"]`).waitFor({ state: 'attached' });
      assert.equal(strict.clients.size, 1, 'nothing registered');
    } finally {
      await page.close();
      pages.setPage(chatPage(mcpServerChild('notes', protectedServer.url)));
      await guarded.close();
      await strict.close();
    }
  });

  it('a server that still refuses after the person signed in is an error within three windows, not Sign in again and again', async () => {
    const stubborn = await startProtectedMcpServer(authorization, { refuseEveryToken: true });
    const page = await context.newPage();
    try {
      pages.setPage(chatPage(`<agent-chat-mcp-server name="stubborn" url="${stubborn.url}"></agent-chat-mcp-server>`));
      await page.goto(pages.url);
      // Each sign-in is answered with a demand for more permission; the chat stops asking within three.
      let windows = 0;
      for (;;) {
        await page.locator(`${SERVER}[status="auth-required"], ${SERVER}[status="error"]`).waitFor({ state: 'attached' });
        if ((await page.locator(SERVER).getAttribute('status')) === 'error') break;
        windows += 1;
        assert.ok(windows <= 3, 'at most three sign-in windows');
        const before = (await page.evaluate(() => window.statuses)).length;
        await signInThroughWindow(page);
        // The answer to this sign-in: a new connection, then a refusal (not the one before it).
        await waitFor(
          async () => {
            const since = (await page.evaluate(() => window.statuses)).slice(before);
            return since.includes('connecting') && ['auth-required', 'error'].includes(since.at(-1));
          },
          { message: 'the server’s answer' },
        );
      }
      assert.ok(windows >= 1);
      assert.match(await page.locator('agent-chat [part="error"]').innerText(), /still refuses this chat after you signed in/);
      assert.equal(await signInButton(page).count(), 0, 'no Sign in once it is an error');
    } finally {
      await page.close();
      pages.setPage(chatPage(mcpServerChild('notes', protectedServer.url)));
      await stubborn.close();
    }
  });

  it('two tabs signing in at once each finish (each answer goes with its own verifier); a sign-in page on another origin is an error that says so', async () => {
    const [tabA, tabB] = [await context.newPage(), await context.newPage()];
    try {
      for (const tab of [tabA, tabB]) {
        await tab.goto(pages.url);
        await tab.evaluate(() => document.querySelector('agent-chat-mcp-server').signOut());
        await tab.locator(`${SERVER}[status="auth-required"]`).waitFor({ state: 'attached' });
      }
      const windows = [];
      for (const tab of [tabA, tabB]) {
        const opened = context.waitForEvent('page');
        await signInButton(tab).click();
        const popup = await opened;
        await popup.waitForURL((url) => url.pathname === '/authorize');
        windows.push(popup);
      }
      // Allowed in the order opposite to the presses: each tab takes only its own window's answer.
      for (const [index, tab] of [
        [1, tabB],
        [0, tabA],
      ]) {
        await windows[index].getByRole('button', { name: 'Allow' }).click();
        await windows[index].waitForEvent('close');
        await tab.locator(`${SERVER}[status="ready"]`).waitFor({ state: 'attached' });
      }

      pages.setPage(
        chatPage(`<agent-chat-mcp-server name="notes" url="${protectedServer.url}" redirect-url="http://127.0.0.1:9/oauth-callback.html"></agent-chat-mcp-server>`, {
          attributes: 'storage-key="elsewhere"',
        }),
      );
      await tabA.goto(pages.url);
      await tabA.locator(`${SERVER}[status="error"]`).waitFor({ state: 'attached' });
      assert.match(await tabA.locator('agent-chat [part="error"]').innerText(), /not on this page's origin: serve oauth-callback\.html from this origin/);
    } finally {
      await tabA.close();
      await tabB.close();
      pages.setPage(chatPage(mcpServerChild('notes', protectedServer.url)));
    }
  });
  it('a sign-in in one tab is one in the others, and so is a sign-out, with no window of their own', async () => {
    const [tabA, tabB] = [await context.newPage(), await context.newPage()];
    try {
      for (const tab of [tabA, tabB]) {
        await tab.goto(pages.url);
        await tab.locator(`${SERVER}[status="ready"]`).waitFor({ state: 'attached' });
      }
      await tabA.evaluate(() => document.querySelector('agent-chat-mcp-server').signOut());
      await tabB.locator(`${SERVER}[status="auth-required"]`).waitFor({ state: 'attached', timeout: 5_000 });
      await signInButton(tabB).waitFor();

      await signInThroughWindow(tabA);
      await tabA.locator(`${SERVER}[status="ready"]`).waitFor({ state: 'attached' });
      await tabB.locator(`${SERVER}[status="ready"]`).waitFor({ state: 'attached', timeout: 5_000 });
      assert.equal(await signInButton(tabB).count(), 0, 'no button left in the other tab');
      assert.equal(context.pages().length, 2, 'the other tab opened no window');
      const end = await chatTurn(tabB, 'my notes from the other tab');
      assert.equal(end.status, 'done');
      assert.match(pages.requests.at(-1).messages.findLast((message) => message.role === 'tool').content, /Buy tram tickets/);
    } finally {
      await tabA.close();
      await tabB.close();
    }
  });

  it('the card of an app whose server asks for a sign-in says so, with Sign in there; signed in, the notice goes and the app stays', async () => {
    const boardServer = await startProtectedMcpServer(authorization, { createServer: notesWithBoard });
    const boardPages = await startPageServer(clientToolBackend('notes_board'), { page: chatPage(mcpServerChild('notes', boardServer.url), { attributes: 'storage-key="board"' }) });
    const page = await context.newPage();
    const waiting = page.locator('agent-chat agent-chat-app-frame .waiting');
    const cardSignIn = waiting.locator('[part="mcp-sign-in"]');
    const board = page.frameLocator('agent-chat agent-chat-app-frame iframe').locator('#board');
    try {
      await page.goto(boardPages.url);
      await page.locator(`${SERVER}[status="auth-required"]`).waitFor({ state: 'attached' });
      await signInThroughWindow(page);
      await page.locator(`${SERVER}[status="ready"]`).waitFor({ state: 'attached' });
      await chatTurn(page, 'show the board');
      await board.waitFor();
      assert.equal(await waiting.count(), 0);

      // Signed out, the page reloaded: the restored card says its server waits, with its own button.
      await page.evaluate(() => document.querySelector('agent-chat-mcp-server').signOut());
      await page.reload();
      await page.locator(`${SERVER}[status="auth-required"]`).waitFor({ state: 'attached' });
      await cardSignIn.waitFor();
      assert.equal(await cardSignIn.innerText(), 'Sign in to notes');
      assert.match(await waiting.innerText(), /“notes” asks you to sign in/);
      await board.waitFor();

      await signInThroughWindow(page, 'Allow', async () => {}, cardSignIn);
      await page.locator(`${SERVER}[status="ready"]`).waitFor({ state: 'attached' });
      await waiting.waitFor({ state: 'detached' });
      assert.equal(await board.innerText(), 'Board of notes');
      assert.equal(await page.locator('agent-chat agent-chat-app-frame .unavailable').count(), 0);
    } finally {
      await page.close();
      await boardPages.close();
      await boardServer.close();
    }
  });
});
