/**
 * The protocol-neutral vocabulary between adapters (src/protocol/) and the reducer.
 * An adapter turns its wire format into these; nothing past the adapter knows the wire.
 * Every event may carry `subagentRunId` (AG-UI 1.0 attribution); the reducer of this
 * version keeps it on what it creates so subagent views can group by it later.
 */
import type { Interrupt } from './types.js';

export type JsonPatchOperation =
  | { op: 'add' | 'replace' | 'test'; path: string; value: unknown }
  | { op: 'remove'; path: string }
  | { op: 'move' | 'copy'; from: string; path: string };

/** A history message in AG-UI 1.0 shape; also what MESSAGES_SNAPSHOT carries. */
export interface HistoryMessage {
  id: string;
  role: 'user' | 'assistant' | 'tool' | 'system' | 'developer' | 'reasoning' | 'activity';
  content?: unknown;
  name?: string;
  toolCalls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  toolCallId?: string;
  error?: string;
  encryptedValue?: string;
  activityType?: string;
  subagentRunId?: string;
  metadata?: Record<string, unknown>;
}

export interface RunOutcome {
  type: 'success' | 'interrupt' | 'cancelled';
  pendingToolCallIds?: string[];
  interrupts?: Interrupt[];
}

/** Where a reply-ending fault came from; shapes the message the person sees. */
export type ReplyErrorKind = 'backend' | 'http' | 'network' | 'protocol' | 'config';

export interface ReplyError {
  kind: ReplyErrorKind;
  message: string;
  code?: string;
  status?: number;
}

interface Attributed {
  subagentRunId?: string;
}

export type ChatEvent =
  | ({ type: 'run-started'; runId: string; threadId?: string } & Attributed)
  | ({ type: 'run-finished'; runId?: string; outcome?: RunOutcome; result?: unknown } & Attributed)
  | ({ type: 'run-error'; error: ReplyError } & Attributed)
  | ({ type: 'text-start'; messageId: string; role?: string; name?: string } & Attributed)
  | ({ type: 'text-delta'; messageId: string; delta: string } & Attributed)
  | ({ type: 'text-end'; messageId: string } & Attributed)
  | ({ type: 'reasoning-start'; messageId: string } & Attributed)
  | ({ type: 'reasoning-delta'; messageId: string; delta: string } & Attributed)
  | ({ type: 'reasoning-end'; messageId: string } & Attributed)
  | ({ type: 'reasoning-encrypted'; entityId: string; subtype: string; encryptedValue: string } & Attributed)
  | ({ type: 'tool-call-start'; toolCallId: string; name: string; parentMessageId?: string } & Attributed)
  | ({ type: 'tool-call-args'; toolCallId: string; delta: string } & Attributed)
  | ({ type: 'tool-call-end'; toolCallId: string } & Attributed)
  | ({
      type: 'tool-call-result';
      toolCallId: string;
      messageId?: string;
      content: unknown;
      isError?: boolean;
      /** The result nested too deeply and `content` says so instead (see depth.ts). */
      tooDeep?: boolean;
    } & Attributed)
  | ({ type: 'state-snapshot'; snapshot: unknown } & Attributed)
  | ({ type: 'state-delta'; patch: JsonPatchOperation[] } & Attributed)
  | ({ type: 'messages-snapshot'; messages: HistoryMessage[] } & Attributed)
  | ({
      type: 'activity-snapshot';
      messageId: string;
      activityType: string;
      content: Record<string, unknown>;
      replace?: boolean;
    } & Attributed)
  | ({ type: 'activity-delta'; messageId: string; activityType: string; patch: JsonPatchOperation[] } & Attributed)
  | ({ type: 'step-started'; stepName: string } & Attributed)
  | ({ type: 'step-finished'; stepName: string } & Attributed)
  | ({ type: 'custom'; name: string; value: unknown } & Attributed)
  | ({ type: 'raw'; event: unknown; source?: string } & Attributed)
  | ({
      type: 'subagent-started';
      subagentRunId: string;
      name: string;
      description?: string;
      agentId?: string;
      parentSubagentRunId?: string;
      parentToolCallId?: string;
      parentMessageId?: string;
    })
  | { type: 'subagent-finished'; subagentRunId: string; result?: unknown; suspended?: boolean }
  | { type: 'subagent-error'; subagentRunId: string; message: string; code?: string }
  /** The backend stopped the reply itself (AI SDK `abort`): it ends as stopped, not failed. */
  | { type: 'run-stopped'; reason?: string }
  /** A source the reply cites (AI SDK `source-url` / `source-document`). */
  | { type: 'source'; source: ReplySource }
  /** A file the reply carries (an image is shown, anything else is a link). */
  | ({ type: 'file'; id: string; url: string; mediaType: string; filename?: string } & Attributed)
  /**
   * The adapter's own record of the reply as it stands (the AI SDK's UIMessage): kept on the turn,
   * stored with it, and handed back to the adapter with the next request. Opaque to everything else.
   */
  | {
      type: 'wire-snapshot';
      wire: unknown;
      /** The record as the run begins: where a stream picked up after a reload starts again. */
      runStart?: boolean;
    }
  /** The backend refused the call (AI SDK `tool-output-denied`): it did not run. */
  | ({ type: 'tool-call-denied'; toolCallId: string } & Attributed)
  /** The backend took these back (AI SDK `reset-step`, a step it retries): parts, subagents, sources, by id. */
  | { type: 'parts-discarded'; partIds: string[] };

export interface ReplySource {
  id: string;
  url?: string;
  title?: string;
  mediaType?: string;
  filename?: string;
}

