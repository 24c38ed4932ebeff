/** What the reducer takes: the wire's events, and what the person or the element does. */
import type { AppInfo, Elicitation, McpCallRecord } from '../mcp/mcp-types.js';
import type { ChatEvent } from '../protocol/contract.js';
import type { AskState, AssistantTurn, Attachment, InterruptResponse, MessageSource, Turn } from './types.js';

/** What the person or the element does, as opposed to what the wire says. */
export type LocalAction =
  | { type: 'user-message'; id: string; text: string; source?: MessageSource; attachments?: Attachment[] }
  | { type: 'reply-start'; replyId: string; runId: string }
  /** The same reply goes on in a new run (after the widget answered the calls it was asked to run). */
  | { type: 'reply-resume'; replyId: string; runId: string }
  /** The reply under way goes back to where its last run began (that run's stream comes again). */
  | { type: 'reply-clear'; replyId: string }
  /** Calls the backend left to the widget that nothing here can answer. */
  | { type: 'tool-calls-unanswered'; toolCallIds: string[]; reason: string }
  | { type: 'reply-stop' }
  | { type: 'reply-remove'; replyId: string }
  /** The path is cut before this turn (an edit or a regeneration goes on from there). */
  | { type: 'truncate'; beforeId: string }
  | { type: 'reset'; turns: Turn[] }
  /** What a tool call's (or an activity's) app card learned: its resource, result, failure. */
  | { type: 'app-update'; partId: string; app: Partial<AppInfo> }
  /** The result of a call the widget ran on an MCP server of the page, for its card. */
  | { type: 'tool-call-mcp'; toolCallId: string; mcp: McpCallRecord }
  /** An MCP server asked the person for input during a tool call, or what became of that request. */
  | { type: 'elicitation'; toolCallId: string; elicitation: Elicitation }
  /** A finished reply added by the page (`appendAppCard`). */
  | { type: 'append-reply'; reply: AssistantTurn }
  /** Client calls that wait for the person: the reply under way ends, leaving them pending. */
  | { type: 'reply-wait'; toolCallIds: string[] }
  /** An `ask_user` call waits for the person (in its card's form, or in their next message). */
  | { type: 'ask-open'; toolCallId: string; by: 'form' | 'message' }
  /** An `ask_user` call was answered (in any reply, under way or not). */
  | { type: 'ask-result'; toolCallId: string; ask: AskState; content: unknown; isError?: boolean }
  /** The person answered an interrupt; the answer waits until every open interrupt has one. */
  | { type: 'interrupt-answer'; interruptId: string; response: InterruptResponse }
  /** A page tool's call asks the person's approval before it runs: an interrupt of the chat's own on the last reply. */
  | { type: 'approval-open'; toolCallId: string; interruptId: string; runId?: string }
  /** These answers went to the backend with the run that continues the reply. */
  | { type: 'interrupts-sent'; replyId: string; interruptIds: string[] }
  /** The person moved on past expired interrupts: the calls they held did not complete. */
  | { type: 'interrupts-expired'; now: number }
  /** The person rated a reply (`null`: took the rating back). */
  | { type: 'feedback'; replyId: string; rating: 'up' | 'down' | null };

export type Action = ChatEvent | LocalAction;
