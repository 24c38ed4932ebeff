import { fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { ContextProvider } from '@lit/context';
import type { TemplateResult } from 'lit';
import type { ChatStrings } from '../../src/i18n/chat-strings.js';
import { englishStrings } from '../../src/i18n/strings.js';
import { defaultDisplay, displayContext, stringsContext, type DisplayOptions } from '../../src/internal/contexts.js';
import '../../src/index.js';
import type { AgentChat } from '../../src/agent-chat/agent-chat.js';
import { loadMarkdown } from '../../src/render/markdown-loader.js';
import type { AgentChatResponseEndDetail } from '../../src/events.js';

/**
 * Every chat test starts with no saved conversations: the default database and the "last opened"
 * mark go before each test (a root hook, for every file that imports these helpers).
 */
beforeEach(async () => {
  for (const key of Object.keys(localStorage)) if (key.startsWith('agent-chat:')) localStorage.removeItem(key);
  await deleteDatabase('agent-chat');
});

/**
 * For a test file: `freshKey()` names a database of its own for each chat (pair) of a test; each
 * is deleted after its test.
 */
export function useFreshKeys(prefix: string): () => string {
  let keys: string[] = [];
  let count = 0;
  afterEach(async () => {
    for (const key of keys) await deleteDatabase(key);
    keys = [];
  });
  return () => {
    const key = `${prefix}-${Date.now()}-${++count}`;
    keys.push(key);
    return key;
  };
}

/** Deletes an IndexedDB database; open connections of earlier chats close themselves first. */
export function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
    request.onblocked = () => console.warn(`deleting ${name} waits for an open connection`);
  });
}

/** Every element matching `selector` in `root` and all shadow roots below it. */
export function deepQueryAll<T extends Element = HTMLElement>(root: Element | ShadowRoot | Document, selector: string): T[] {
  const found: T[] = [];
  const visit = (node: Element | ShadowRoot | Document) => {
    found.push(...(node.querySelectorAll(selector) as NodeListOf<T>));
    for (const child of node.querySelectorAll('*')) if (child.shadowRoot) visit(child.shadowRoot);
  };
  if (root instanceof Element && root.shadowRoot) visit(root.shadowRoot);
  else visit(root);
  return found;
}

export function deepQuery<T extends Element = HTMLElement>(root: Element | ShadowRoot | Document, selector: string): T | undefined {
  return deepQueryAll<T>(root, selector)[0];
}

export async function chatFixture(endpoint: string, extra: Partial<AgentChat> = {}): Promise<AgentChat> {
  const el = await fixture<AgentChat>(html`<agent-chat style="height: 480px" endpoint=${endpoint}></agent-chat>`);
  Object.assign(el, extra);
  await el.updateComplete;
  return el;
}

/** Sends `text` and resolves with the response-end detail once the reply ended and was drawn. */
export async function sendAndWait(el: AgentChat, text: string): Promise<AgentChatResponseEndDetail> {
  const ended = oneEvent(el, 'agent-chat-response-end');
  expect_((await el.send(text)) !== null, 'send() accepted');
  const event = await ended;
  await settle(el);
  return event.detail;
}

/** Waits for pending frames and renders of the element and its children. */
export async function settle(el: AgentChat): Promise<void> {
  await loadMarkdown();
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  await el.updateComplete;
  for (const child of deepQueryAll<HTMLElement & { updateComplete?: Promise<unknown> }>(el, '*')) await child.updateComplete;
}

export function textOf(el: Element | undefined): string {
  return (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

export async function until(predicate: () => boolean, message: string, timeout = 5000): Promise<void> {
  await waitUntil(predicate, message, { timeout });
}

function expect_(condition: boolean, what: string) {
  if (!condition) throw new Error(`${what} failed`);
}

export async function lastRequest(scenario: string): Promise<{ body: any; headers: Record<string, string> }> {
  const response = await fetch(`/agui/last-request?scenario=${scenario}`);
  return response.json();
}

/**
 * Renders `template` as inside a chat: under a provider of the texts and the display options the
 * chat's views share (English and the defaults unless given). Resolves with the template's element.
 */
export function fixtureWithSettings<T extends Element>(template: TemplateResult, settings: { strings?: ChatStrings; display?: Partial<DisplayOptions> } = {}): Promise<T> {
  const parentNode = document.createElement('div');
  new ContextProvider(parentNode, { context: stringsContext, initialValue: settings.strings ?? englishStrings });
  new ContextProvider(parentNode, { context: displayContext, initialValue: { ...defaultDisplay, ...settings.display } });
  return fixture<T>(template, { parentNode });
}
