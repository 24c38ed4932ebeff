/**
 * What the MCP host needs from the chat element (`HostEnvironment`): the element's properties and
 * private hooks, read each time the host asks.
 */
import type { AgentChatAppCallDetail } from '../events.js';
import type { Transport } from '../protocol/contract.js';
import { checkAppCall } from './app-call-check.js';
import type { ChatApps, ChatAppsHooks, ChatAppsHost } from './chat-apps.js';
import { grantedPermissions } from './csp.js';
import type { HostEnvironment } from './host-api.js';
import type { AppCallCheck, AppMessage, Elicitation, McpCallResult, McpServerStatus } from './mcp-types.js';

export class ChatHostEnvironment implements HostEnvironment {
  readonly checkAppCall = checkAppCall;

  constructor(
    private readonly apps: ChatApps,
    private readonly chat: ChatAppsHost,
    private readonly hooks: ChatAppsHooks,
  ) {}

  credentials(): RequestCredentials {
    return this.hooks.appCredentials();
  }

  chatCheck(): AppCallCheck | undefined {
    return this.chat.onAppCall;
  }

  async trustsAppMessage(message: AppMessage): Promise<boolean> {
    const check = this.chat.onAppMessage;
    if (typeof check !== 'function') return false;
    try {
      return (await check({ ...message })) === true;
    } catch (error) {
      console.warn('<agent-chat>: onAppMessage threw; the person is asked.', error);
      return false;
    }
  }

  appPermissions(): string[] {
    return grantedPermissions(this.chat.appPermissions);
  }

  chatId(): string {
    const { chat } = this;
    return chat.id || `chat-${[...document.querySelectorAll(chat.localName)].indexOf(chat) + 1}`;
  }

  user(): unknown {
    return this.chat.user;
  }

  backend(): Transport | undefined {
    return this.hooks.appBackend();
  }

  threadId(): string {
    return this.hooks.appThreadId();
  }

  valueFor(name: string, result: McpCallResult, args: unknown): { value: unknown } | undefined {
    const valueFn = this.chat.toolDisplay[name]?.valueFn;
    if (typeof valueFn !== 'function') return undefined;
    try {
      return { value: valueFn(result, args) };
    } catch (error) {
      console.warn(`<agent-chat>: toolDisplay.${name}.valueFn threw; the model gets the tool's own result.`, error);
      return undefined;
    }
  }

  recordElicitation(toolCallId: string, elicitation: Elicitation): void {
    this.hooks.recordElicitation(toolCallId, elicitation);
  }

  hasToolCall(toolCallId: string): boolean {
    return this.hooks.hasToolCall(toolCallId);
  }

  storageKey(): string {
    return this.chat.storageKey;
  }

  serverStatus(name: string, status: McpServerStatus, failure?: string): void {
    this.apps.serverStatus(name, status, failure);
  }

  appCalled(detail: AgentChatAppCallDetail): void {
    this.hooks.emit('agent-chat-app-call', detail);
  }
}
