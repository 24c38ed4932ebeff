/** Helpers for the MCP Apps tests: a chat wired to the probe server, and the probe's reports. */
import { fixture, html } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import type { AgentChat } from '../../src/agent-chat/agent-chat.js';
import { deepQueryAll, until } from './helpers.js';

export type Report = Record<string, any>;

/** Collects what probe apps report (`notifications/message`, which the host logs with console.info). */
export function captureReports(reports: Report[] = []): { reports: Report[]; restore: () => void } {
  const original = console.info;
  console.info = (...args: unknown[]) => {
    const data = args[1];
    if (typeof args[0] === 'string' && args[0].startsWith('<agent-chat> app') && data && typeof data === 'object') reports.push(data as Report);
    else original(...args);
  };
  return { reports, restore: () => (console.info = original) };
}

/**
 * For a describe block: collects the probe's reports in the returned array (emptied before each
 * test) and resets the probe server's counts and state.
 */
export function useProbeReports(): Report[] {
  const reports: Report[] = [];
  let restore = () => {};
  beforeEach(async () => {
    reports.length = 0;
    restore = captureReports(reports).restore;
    await probeControl({ reset: true, down: false });
  });
  afterEach(() => restore());
  return reports;
}

export async function waitForReport(reports: Report[], predicate: (report: Report) => boolean, what: string, timeout = 8000): Promise<Report> {
  await until(() => reports.some(predicate), `the probe reported ${what}`, timeout);
  return reports.find(predicate)!;
}

export function mcpCallEndpoint(tool: string, args: unknown = {}, extra = ''): string {
  return `/agui/mcp-call?tool=${tool}&args=${encodeURIComponent(JSON.stringify(args))}${extra}`;
}

export async function probeChat(endpoint: string, serverAttrs = ''): Promise<AgentChat> {
  const el = await fixture<AgentChat>(html`<agent-chat style="height: 600px" endpoint=${endpoint}></agent-chat>`);
  const server = document.createElement('agent-chat-mcp-server');
  server.setAttribute('name', 'probe');
  server.setAttribute('url', '/mcp/probe');
  if (serverAttrs) server.setAttribute('headers', serverAttrs);
  el.append(server);
  await el.updateComplete;
  return el;
}

export function appIframe(el: AgentChat): HTMLIFrameElement | undefined {
  return appFrame(el)?.shadowRoot?.querySelector('iframe') ?? undefined;
}

export function appFrame(el: AgentChat, index = 0): HTMLElement | undefined {
  return deepQueryAll(el, 'agent-chat-app-frame')[index];
}

/** Sends a command to the probe app in the chat's (first) app frame. */
export function command(el: AgentChat, message: Record<string, unknown>): void {
  appIframe(el)!.contentWindow!.postMessage({ ...message }, '*');
}

export async function probeCalls(): Promise<Record<string, number>> {
  return (await fetch('/mcp/probe-calls')).json();
}

export async function probeControl(control: { reset?: boolean; down?: boolean }): Promise<void> {
  await fetch('/mcp/probe-control', { method: 'POST', body: JSON.stringify(control) });
}

/** A real click inside the chat's (first) app frame: the person's own activation, in the app. */
export async function clickInsideApp(el: AgentChat, index = 0): Promise<void> {
  const iframe = appFrame(el, index)!.shadowRoot!.querySelector('iframe')!;
  iframe.scrollIntoView({ block: 'center' });
  const rect = iframe.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)] });
}

/** The card's proposal of an app message (Send / Discard), once shown. */
export function appMessageProposal(el: AgentChat, index = 0): HTMLElement | undefined {
  return appFrame(el, index)?.shadowRoot?.querySelector<HTMLElement>('[part="app-message"]') ?? undefined;
}

/** Presses Send (or Discard) on the card's app-message proposal, once it can be pressed. */
export async function answerProposal(el: AgentChat, which: 'send' | 'discard', index = 0): Promise<void> {
  const button = () => appMessageProposal(el, index)?.querySelector<HTMLButtonElement>(which === 'send' ? 'button.allow' : 'button.refuse');
  await until(() => !!button() && !button()!.disabled, `${which} can be pressed`);
  button()!.click();
}

/** The card's Allow / Refuse prompt whose text contains `text`, once Allow can be pressed. */
export async function answerPrompt(el: AgentChat, text: string, allow: boolean, index = 0): Promise<void> {
  const prompt = () => [...(appFrame(el, index)?.shadowRoot?.querySelectorAll<HTMLElement>('.ask:not(.proposal)') ?? [])].find((ask) => ask.textContent!.includes(text));
  await until(() => !!prompt() && !prompt()!.querySelector<HTMLButtonElement>('.allow')!.disabled, `the prompt “${text}”`);
  // A real click: the person's own activation, as a popup opened on Allow needs.
  const rect = prompt()!
    .querySelector<HTMLButtonElement>(allow ? '.allow' : '.refuse')!
    .getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)] });
}
