/**
 * The MCP servers' requests for input that wait for the person now: each is recorded on the tool
 * call it came during (the conversation keeps it, and its answer) and answered from that call's
 * card, one at a time per call. A request whose call is not on screen, that cannot be shown, or
 * that comes while its call already waits for an answer is declined for the person (with a console
 * warning); the questions of a call that ended are cancelled. Only requests made in this page's life can be answered: one read back
 * from storage without an answer shows as not completed.
 */
import { newId } from '../internal/ids.js';
import { elicitationFromRequest } from './elicitation-request.js';
import type { Elicitation } from './mcp-types.js';

export type ElicitationAnswer = { action: 'accept'; content?: Record<string, unknown> } | { action: 'decline' } | { action: 'cancel' };

export interface ElicitationAsk {
  server: string;
  /** The tool call (card) running on that server when it asked. */
  toolCallId?: string;
  params: unknown;
  /** Aborts when the server withdraws the request (or the call ends). */
  signal?: AbortSignal;
}

interface Waiting {
  toolCallId: string;
  elicitation: Elicitation;
  resolve(answer: ElicitationAnswer): void;
}

export class ElicitationDesk {
  private readonly waiting = new Map<string, Waiting>();
  /** Answered URL requests, by the server's elicitation id, until the server says they are complete. */
  private readonly opened = new Map<string, { toolCallId: string; elicitation: Elicitation }>();

  constructor(
    /** Records the request (or its outcome) on its call in the conversation. */
    private readonly record: (toolCallId: string, elicitation: Elicitation) => void,
    /** Whether the call's card is in the conversation shown. */
    private readonly hasCall: (toolCallId: string) => boolean,
  ) {}

  ask({ server, toolCallId, params, signal }: ElicitationAsk): Promise<ElicitationAnswer> {
    const read = elicitationFromRequest(params, server, newId());
    const busy = [...this.waiting.values()].some((entry) => entry.toolCallId === toolCallId);
    if ('problem' in read || !toolCallId || !this.hasCall(toolCallId) || busy) {
      const why = 'problem' in read ? read.problem : busy ? 'its call already waits for an answer' : 'no tool call of its is shown in this chat';
      console.warn(`<agent-chat>: the MCP server "${server}" asked the person for input that cannot be shown (${why}); it is declined.`);
      return Promise.resolve({ action: 'decline' });
    }
    const { elicitation } = read;
    const answered = new Promise<ElicitationAnswer>((resolve) => {
      this.waiting.set(elicitation.id, { toolCallId, elicitation, resolve });
      signal?.addEventListener('abort', () => this.answer(elicitation.id, { action: 'cancel' }), { once: true });
    });
    this.record(toolCallId, elicitation);
    return answered;
  }

  /** Whether the request can still be answered (it was made in this page's life and waits). */
  isLive(id: string): boolean {
    return this.waiting.has(id);
  }

  /** The person's answer, from the card. */
  answer(id: string, answer: ElicitationAnswer): void {
    const entry = this.waiting.get(id);
    if (!entry) return;
    this.waiting.delete(id);
    const elicitation: Elicitation = {
      ...entry.elicitation,
      outcome: answer.action === 'accept' && answer.content ? { action: 'accept', content: answer.content } : { action: answer.action },
    };
    this.record(entry.toolCallId, elicitation);
    if (elicitation.mode === 'url' && answer.action === 'accept' && elicitation.elicitationId) {
      this.opened.set(`${elicitation.server}\n${elicitation.elicitationId}`, { toolCallId: entry.toolCallId, elicitation });
    }
    entry.resolve(answer);
  }

  /** A call ended (done, failed, cancelled, stopped): its questions still waiting are cancelled. */
  endCall(toolCallId: string): void {
    for (const [id, entry] of this.waiting) if (entry.toolCallId === toolCallId) this.answer(id, { action: 'cancel' });
  }

  /** `notifications/elicitation/complete` from a server: its URL request is done. */
  complete(server: string, elicitationId: string): void {
    const key = `${server}\n${elicitationId}`;
    const entry = this.opened.get(key);
    if (!entry) return;
    this.opened.delete(key);
    this.record(entry.toolCallId, { ...entry.elicitation, completed: true });
  }
}
