/**
 * The pure conversation reducer: (state, action) → state. No DOM, no fetch, no timers.
 * Wire events (ChatEvent) go to the active reply; tolerant of duplicated and out-of-order events:
 * starts and ends are idempotent, content before its start creates what it belongs to,
 * a second result for the same tool call is ignored.
 */
import { APP_ACTIVITY_TYPE, type AppInfo } from '../mcp/types.js';
import type { ChatEvent, JsonPatchOperation, ReplyError, Interrupt } from '../protocol/contract.js';
import { contentText, parseArgs, turnsFromHistory } from './history.js';
import { applyJsonPatch } from './json-patch.js';
import { isDenial, isExpired, lastReply } from '../ask/interrupts.js';
import type { AskState, AssistantTurn, ConversationState, InterruptEntry, InterruptResponse, MessageSource, ReplyPart, ReplyStatus, SubagentRecord, ToolCallPart, ToolCallStatus, Turn } from './types.js';

/** What the person or the element does, as opposed to what the wire says. */
export type LocalAction =
  | { type: 'user-message'; id: string; text: string; source?: MessageSource }
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
  /** These answers went to the backend with the run that continues the reply. */
  | { type: 'interrupts-sent'; replyId: string; interruptIds: string[] }
  /** The person moved on past expired interrupts: the calls they held did not complete. */
  | { type: 'interrupts-expired'; now: number };

export type Action = ChatEvent | LocalAction;

export function reduce(state: ConversationState, action: Action): ConversationState {
  switch (action.type) {
    case 'user-message':
      return { ...state, turns: [...state.turns, { role: 'user', id: action.id, text: action.text, ...(action.source ? { source: action.source } : {}) }] };
    case 'reply-start': {
      const reply: AssistantTurn = { role: 'assistant', id: action.replyId, runId: action.runId, status: 'streaming', parts: [] };
      return { ...state, turns: [...state.turns, reply], activeReplyId: reply.id };
    }
    case 'reply-resume': {
      const index = state.turns.findIndex((turn) => turn.id === action.replyId);
      const reply = state.turns[index];
      if (reply?.role !== 'assistant') return state;
      const turns = state.turns.slice();
      const resumed: AssistantTurn = { ...reply, status: 'streaming', runId: action.runId, outcome: undefined, error: undefined };
      // Subagents paused with the run go on with it.
      if (reply.subagents?.some((record) => record.status === 'waiting')) {
        resumed.subagents = reply.subagents.map((record) => (record.status === 'waiting' ? { ...record, status: 'running' } : record));
      }
      turns[index] = resumed;
      return { ...state, turns, activeReplyId: reply.id };
    }
    case 'reply-clear': {
      const index = state.turns.findIndex((turn) => turn.id === action.replyId);
      const reply = state.turns[index];
      if (reply?.role !== 'assistant') return state;
      const turns = state.turns.slice();
      const start = reply.runStart;
      // A reply that went on after the person's answers keeps what came before its last run.
      turns[index] = start?.parts
        ? { ...reply, parts: reply.parts.slice(0, start.parts), wire: start.wire, error: undefined, outcome: undefined }
        : { role: 'assistant', id: reply.id, runId: reply.runId, status: reply.status, parts: [], ...(start ? { wire: start.wire, runStart: start } : {}) };
      return { ...state, turns };
    }
    case 'tool-calls-unanswered': {
      const ids = new Set(action.toolCallIds);
      return updateLastReply(state, (reply) => ({
        ...reply,
        parts: reply.parts.map((part) =>
          part.kind === 'tool-call' && ids.has(part.id) && part.status === 'running'
            ? { ...part, status: 'not-completed', error: action.reason }
            : part,
        ),
      }));
    }
    case 'reply-stop':
      return endReply(state, 'cancelled');
    case 'reply-remove':
      return {
        ...state,
        turns: state.turns.filter((t) => t.id !== action.replyId),
        activeReplyId: state.activeReplyId === action.replyId ? undefined : state.activeReplyId,
      };
    case 'reset':
      return { ...state, turns: action.turns, activeReplyId: undefined };
    case 'truncate': {
      const index = state.turns.findIndex((turn) => turn.id === action.beforeId);
      return index === -1 ? state : { ...state, turns: state.turns.slice(0, index), activeReplyId: undefined };
    }
    case 'app-update':
      return updateApp(state, action.partId, action.app);
    case 'append-reply':
      return { ...state, turns: [...state.turns, action.reply] };
    case 'reply-wait':
      return endReply(state, 'done', undefined, { type: 'success', pendingToolCallIds: action.toolCallIds });
    case 'ask-open':
      return updateCall(state, action.toolCallId, (call) => ({ ...call, ask: { by: action.by } }));
    case 'ask-result':
      return updateCall(state, action.toolCallId, (call) =>
        call.result !== undefined
          ? call
          : {
              ...call,
              ask: action.ask,
              status: action.isError ? 'error' : 'done',
              result: action.content,
              resultMessageId: `${call.id}:result`,
              ...(action.isError ? { error: contentText(action.content) } : {}),
            },
      );
    case 'interrupt-answer':
      return updateInterrupts(state, (entries) =>
        entries.some((entry) => entry.interrupt.id === action.interruptId && !entry.response && !entry.sent)
          ? entries.map((entry) => (entry.interrupt.id === action.interruptId ? { ...entry, response: action.response } : entry))
          : entries,
      );
    case 'interrupts-sent': {
      const ids = new Set(action.interruptIds);
      return updateInterrupts(state, (entries) => entries.map((entry) => (ids.has(entry.interrupt.id) ? { ...entry, sent: true } : entry)), action.replyId);
    }
    case 'interrupts-expired':
      return expireInterrupts(state, action.now);
    case 'run-started':
      return updateReply(state, (reply) => (reply.runId === action.runId ? reply : { ...reply, runId: action.runId }));
    case 'run-finished':
      return endReply(state, 'done', undefined, action.outcome);
    case 'run-error':
      return endReply(state, 'error', action.error);
    case 'text-start':
    case 'reasoning-start':
      return streamText(state, action, (part) => part);
    case 'text-delta':
    case 'reasoning-delta':
      return streamText(state, action, (part) => ({ ...part, text: part.text + action.delta }));
    case 'text-end':
    case 'reasoning-end':
      return streamText(state, action, (part) => (part.streaming ? { ...part, streaming: false } : part));
    case 'reasoning-encrypted':
      return action.subtype === 'tool-call'
        ? upsertPart(state, action.entityId, 'tool-call', (part) => part && { ...part, encryptedValue: action.encryptedValue })
        : upsertPart(state, action.entityId, 'reasoning', (part) =>
            part
              ? { ...part, encryptedValue: action.encryptedValue }
              : { kind: 'reasoning', id: action.entityId, text: '', streaming: false, encryptedValue: action.encryptedValue },
          );
    case 'tool-call-start':
      return upsertPart(state, action.toolCallId, 'tool-call', (part) =>
        part
          ? part.name
            ? part
            : { ...part, name: action.name, parentMessageId: part.parentMessageId ?? action.parentMessageId }
          : { ...newToolCall(action.toolCallId, action.name), parentMessageId: action.parentMessageId, ...sub(action) },
      );
    case 'tool-call-args':
      return upsertPart(state, action.toolCallId, 'tool-call', (part) => {
        const call = part ?? { ...newToolCall(action.toolCallId, ''), ...sub(action) };
        const argsText = call.argsText + action.delta;
        return call.argsComplete ? { ...call, argsText, ...parseArgs(argsText) } : { ...call, argsText };
      });
    case 'tool-call-end':
      return upsertPart(state, action.toolCallId, 'tool-call', (part) => {
        const call = part ?? { ...newToolCall(action.toolCallId, ''), ...sub(action) };
        return call.argsComplete ? call : { ...call, argsComplete: true, ...parseArgs(call.argsText) };
      });
    case 'tool-call-result':
      return upsertPart(state, action.toolCallId, 'tool-call', (part) => {
        const call = part ?? { ...newToolCall(action.toolCallId, ''), ...sub(action) };
        if (call.resultMessageId !== undefined || call.result !== undefined) return call;
        return {
          ...call,
          status: action.isError ? 'error' : 'done',
          result: action.content,
          resultMessageId: action.messageId ?? `${action.toolCallId}:result`,
          ...(action.isError ? { error: contentText(action.content) } : {}),
          ...(action.tooDeep ? { resultTooDeep: true } : {}),
        };
      });
    case 'state-snapshot':
      return { ...state, agentState: action.snapshot };
    case 'state-delta': {
      const next = patched(state.agentState, action.patch);
      return next.ok ? { ...state, agentState: next.value } : state;
    }
    case 'messages-snapshot':
      return applyMessagesSnapshot(state, action.messages);
    case 'activity-snapshot': {
      let attachedTo: string | undefined;
      const next = upsertPart(state, action.messageId, 'activity', (part) => {
        attachedTo = part?.attachedTo;
        return part && action.replace === false
          ? part
          : { kind: 'activity', id: action.messageId, activityType: action.activityType, content: action.content, ...sub(action) };
      });
      return action.activityType === APP_ACTIVITY_TYPE && next !== state ? placeBackendApp(next, action.messageId, attachedTo) : next;
    }
    case 'activity-delta':
      return upsertPart(state, action.messageId, 'activity', (part) => {
        if (!part) return undefined;
        const next = patched(part.content, action.patch);
        return next.ok ? { ...part, content: next.value as Record<string, unknown> } : part;
      });
    case 'step-started':
      return updateReply(state, (reply) => ({ ...reply, step: action.stepName }));
    case 'step-finished':
      return updateReply(state, (reply) => (reply.step === action.stepName ? { ...reply, step: undefined } : reply));
    case 'subagent-started':
      return updateReply(state, (reply) => {
        const known = reply.subagents?.find((record) => record.subagentRunId === action.subagentRunId);
        // A suspended subagent goes on in the run that answers its interrupts.
        if (known?.status === 'waiting') {
          return { ...reply, subagents: reply.subagents!.map((record) => (record === known ? { ...record, status: 'running' } : record)) };
        }
        if (known) return reply;
        const { type: _type, ...info } = action;
        const record = Object.fromEntries(Object.entries(info).filter(([, value]) => value !== undefined)) as typeof info;
        return { ...reply, subagents: [...(reply.subagents ?? []), { ...record, status: 'running' }] };
      });
    case 'subagent-finished':
    case 'subagent-error':
      return updateReply(state, (reply) => endSubagent(reply, action));
    case 'run-stopped':
      return endReply(state, 'cancelled');
    case 'source':
      return updateReply(state, (reply) =>
        reply.sources?.some((known) => known.id === action.source.id) ? reply : { ...reply, sources: [...(reply.sources ?? []), action.source] },
      );
    case 'file':
      return upsertPart(state, action.id, 'file', (part) => {
        if (part) return part;
        const { type: _type, ...file } = action;
        return { kind: 'file', ...file };
      });
    case 'wire-snapshot':
      return updateReply(state, (reply) => {
        if (action.runStart) return { ...reply, wire: action.wire, runStart: { wire: action.wire, parts: reply.parts.length } };
        return reply.wire === action.wire ? reply : { ...reply, wire: action.wire };
      });
    case 'tool-call-denied':
      return upsertPart(state, action.toolCallId, 'tool-call', (part) =>
        part && part.status === 'running' ? { ...part, status: 'cancelled', denied: true, argsComplete: true, ...parseArgsOnce(part) } : part,
      );
    case 'parts-discarded': {
      const ids = new Set(action.partIds);
      return updateReply(state, (reply) => {
        const next: AssistantTurn = { ...reply, parts: reply.parts.filter((part) => !ids.has(part.id) && !(part.subagentRunId && ids.has(part.subagentRunId))) };
        if (reply.subagents) next.subagents = reply.subagents.filter((record) => !ids.has(record.subagentRunId));
        if (reply.sources) next.sources = reply.sources.filter((source) => !ids.has(source.id));
        return next;
      });
    }
    case 'custom':
    case 'raw':
      // Surfaced to the page by the element; nothing to keep in the conversation.
      return state;
  }
}

type StreamedText = PartOf<'text'> | PartOf<'reasoning'>;

/**
 * Text and reasoning stream alike: start, deltas, end. A delta or end whose start never came
 * creates the part (an end-only part is created finished).
 */
function streamText(
  state: ConversationState,
  action: Extract<Action, { type: `${'text' | 'reasoning'}-${'start' | 'delta' | 'end'}` }>,
  change: (part: StreamedText) => StreamedText,
): ConversationState {
  const kind = action.type.startsWith('text') ? 'text' : 'reasoning';
  return upsertPart(state, action.messageId, kind, (part) => {
    const created = { kind, id: action.messageId, text: '', streaming: !action.type.endsWith('-end'), ...sub(action) } as StreamedText;
    return change(part ?? created);
  });
}

/**
 * A subagent finished or failed. A failure leaves what it (and the subagents it started) still had
 * running not completed.
 */
function endSubagent(
  reply: AssistantTurn,
  action: { type: 'subagent-finished' | 'subagent-error'; subagentRunId: string; message?: string; suspended?: boolean },
): AssistantTurn {
  const records = reply.subagents ?? [];
  const record = records.find((entry) => entry.subagentRunId === action.subagentRunId);
  if (!record || (record.status !== 'running' && record.status !== 'waiting')) return reply;
  const failed = action.type === 'subagent-error';
  const ended: SubagentRecord = failed
    ? { ...record, status: 'error', error: action.message }
    : { ...record, status: action.suspended ? 'waiting' : 'done' };
  const next: AssistantTurn = { ...reply, subagents: records.map((entry) => (entry === record ? ended : entry)) };
  if (!failed) return next;
  const cut = subagentFamily(records, action.subagentRunId);
  const reason = `Not completed: ${record.name} failed (${action.message}).`;
  next.parts = reply.parts.map((part) =>
    part.kind === 'tool-call' && part.status === 'running' && part.subagentRunId && cut.has(part.subagentRunId)
      ? { ...part, status: 'not-completed', argsComplete: true, error: reason }
      : part,
  );
  next.subagents = next.subagents!.map((entry) =>
    entry.status === 'running' && cut.has(entry.subagentRunId) ? { ...entry, status: 'not-completed' } : entry,
  );
  return next;
}

/** A subagent and every subagent it started, however deep (through its calls or directly). */
function subagentFamily(records: readonly SubagentRecord[], rootId: string): Set<string> {
  const family = new Set([rootId]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const record of records) {
      if (family.has(record.subagentRunId)) continue;
      if (record.parentSubagentRunId && family.has(record.parentSubagentRunId)) {
        family.add(record.subagentRunId);
        grew = true;
      }
    }
  }
  return family;
}

function sub(action: { subagentRunId?: string }): { subagentRunId?: string } {
  return action.subagentRunId ? { subagentRunId: action.subagentRunId } : {};
}

/** A call's arguments, parsed if they were not yet (it ends without more of them). */
function parseArgsOnce(call: ToolCallPart): Partial<ToolCallPart> {
  return call.argsComplete ? {} : parseArgs(call.argsText);
}

function newToolCall(id: string, name: string): ToolCallPart {
  return { kind: 'tool-call', id, name, argsText: '', argsComplete: false, status: 'running' };
}

function patched(document: unknown, patch: JsonPatchOperation[]): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: applyJsonPatch(document ?? {}, patch) };
  } catch (error) {
    console.warn('<agent-chat>: a JSON Patch from the agent could not be applied; the previous value is kept.', error);
    return { ok: false };
  }
}

/** Index of the reply wire events go to (the active one); -1 when none. */
function activeReplyIndex(state: ConversationState): number {
  if (!state.activeReplyId) return -1;
  for (let i = state.turns.length - 1; i >= 0; i--) if (state.turns[i].id === state.activeReplyId) return i;
  return -1;
}

/** Applies `change` to the active reply. Wire events with no reply under way (after its end) are dropped. */
function updateReply(state: ConversationState, change: (reply: AssistantTurn) => AssistantTurn): ConversationState {
  const index = activeReplyIndex(state);
  if (index === -1) return state;
  const reply = state.turns[index] as AssistantTurn;
  const next = change(reply);
  if (next === reply) return state;
  const turns = state.turns.slice();
  turns[index] = next;
  return { ...state, turns };
}

/** Changes the last reply, whether or not it is still streaming. */
function updateLastReply(state: ConversationState, change: (reply: AssistantTurn) => AssistantTurn): ConversationState {
  const index = state.turns.length - 1;
  const reply = state.turns[index];
  if (reply?.role !== 'assistant') return state;
  const turns = state.turns.slice();
  turns[index] = change(reply);
  return { ...state, turns };
}

type PartOf<K extends ReplyPart['kind']> = Extract<ReplyPart, { kind: K }>;

/** Finds the part of `kind` with `id` in the active reply and replaces it (or appends a new one). */
function upsertPart<K extends ReplyPart['kind']>(
  state: ConversationState,
  id: string,
  kind: K,
  change: (part: PartOf<K> | undefined) => PartOf<K> | undefined,
): ConversationState {
  return updateReply(state, (reply) => {
    const parts = reply.parts;
    let index = -1;
    for (let i = parts.length - 1; i >= 0; i--) {
      if (parts[i].id === id && parts[i].kind === kind) {
        index = i;
        break;
      }
    }
    const current = index === -1 ? undefined : (parts[index] as PartOf<K>);
    const next = change(current);
    if (next === current || next === undefined) return reply;
    const copy = parts.slice();
    if (index === -1) copy.push(next);
    else copy[index] = next;
    return { ...reply, parts: copy };
  });
}

/** Merges what an app card learned into the tool call (or activity) it belongs to, in any turn. */
function updateApp(state: ConversationState, partId: string, app: Partial<AppInfo>): ConversationState {
  for (let t = state.turns.length - 1; t >= 0; t--) {
    const turn = state.turns[t];
    if (turn.role !== 'assistant') continue;
    const index = turn.parts.findIndex((part) => part.id === partId && (part.kind === 'tool-call' || part.kind === 'activity'));
    if (index === -1) continue;
    const part = turn.parts[index] as ToolCallPart | Extract<ReplyPart, { kind: 'activity' }>;
    if (!part.app && !(app.source && app.resourceUri && app.via)) return state;
    const parts = turn.parts.slice();
    parts[index] = { ...part, app: { ...part.app, ...app } as AppInfo };
    const turns = state.turns.slice();
    turns[t] = { ...turn, parts };
    return { ...state, turns };
  }
  return state;
}

/**
 * An `mcp-apps` activity (the backend ran a tool with a UI, `@ag-ui/mcp-apps-middleware`) shows its
 * app in the card of the call it answers: the latest call of this reply with the same input and
 * no app yet. With no such call, the activity is a card of its own. A snapshot of an activity
 * already placed (`attachedTo`) updates that call's app, keeping what the card read since.
 */
function placeBackendApp(state: ConversationState, activityId: string, attachedTo?: string): ConversationState {
  return updateReply(state, (reply) => {
    const index = reply.parts.findIndex((part) => part.kind === 'activity' && part.id === activityId);
    const activity = reply.parts[index] as Extract<ReplyPart, { kind: 'activity' }>;
    const app = backendApp(activity.content);
    if (!app) return reply;
    const input = canonicalJson(activity.content.toolInput ?? {});
    let target = -1;
    for (let i = index - 1; i >= 0; i--) {
      const part = reply.parts[i];
      if (part.kind !== 'tool-call') continue;
      const placedBefore = attachedTo !== undefined && part.id === attachedTo;
      if (placedBefore || (attachedTo === undefined && !part.app && part.argsComplete && canonicalJson(part.args ?? {}) === input)) {
        target = i;
        break;
      }
    }
    const parts = reply.parts.slice();
    if (target === -1) {
      parts[index] = { ...activity, app };
    } else {
      const call = parts[target] as ToolCallPart;
      parts[target] = { ...call, app: call.app ? { ...call.app, ...app } : app };
      parts[index] = { ...activity, attachedTo: call.id };
    }
    return { ...reply, parts };
  });
}

/** JSON with object keys sorted, so equal values compare equal whatever their key order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

function backendApp(content: Record<string, unknown>): AppInfo | undefined {
  const { resourceUri, serverHash, serverId, result } = content;
  if (typeof resourceUri !== 'string' || !resourceUri.startsWith('ui://') || typeof serverHash !== 'string') return undefined;
  return {
    source: typeof serverId === 'string' ? serverId : serverHash,
    via: 'backend',
    resourceUri,
    serverHash,
    ...(result && typeof result === 'object' ? { callResult: result as AppInfo['callResult'] } : {}),
  };
}

const stoppedToolStatus: Record<'done' | 'error' | 'cancelled', ToolCallStatus> = {
  done: 'done',
  error: 'not-completed',
  cancelled: 'cancelled',
};

function endReply(
  state: ConversationState,
  status: Exclude<ReplyStatus, 'streaming'>,
  error?: ReplyError,
  outcome?: AssistantTurn['outcome'],
): ConversationState {
  const index = activeReplyIndex(state);
  if (index === -1) return state;
  const reply = state.turns[index] as AssistantTurn;
  const paused = outcome?.type === 'interrupt';
  const interrupts = paused ? mergeInterrupts(reply.interrupts, outcome.interrupts ?? []) : reply.interrupts;
  const pending = new Set(outcome?.pendingToolCallIds ?? []);
  // Calls under an interrupt whose answer has not reached the backend wait for it; those the
  // person denied (and the backend was told so) did not run.
  const awaiting = new Set(interrupts?.filter((entry) => !entry.sent).map((entry) => entry.interrupt.toolCallId));
  const denied = new Set(interrupts?.filter((entry) => entry.sent && isDenial(entry.response)).map((entry) => entry.interrupt.toolCallId));
  const parts = reply.parts.map((part): ReplyPart => {
    if (part.kind === 'tool-call') {
      if (part.status !== 'running' || pending.has(part.id) || awaiting.has(part.id)) return part;
      if (denied.has(part.id)) return { ...part, status: 'cancelled', argsComplete: true };
      // A subagent's call cut short by the reply's end did not complete, whatever ended it.
      if (part.subagentRunId) return { ...part, status: 'not-completed', argsComplete: true };
      return { ...part, status: stoppedToolStatus[status], argsComplete: true };
    }
    if (part.kind === 'activity' || part.kind === 'file' || !part.streaming) return part;
    return { ...part, streaming: false };
  });
  const ended: AssistantTurn = { ...reply, status, parts, step: undefined };
  if (interrupts) ended.interrupts = interrupts;
  if (reply.subagents?.some((record) => record.status === 'running')) {
    // A paused run pauses its subagents with it; otherwise they were cut short.
    const cut = paused ? 'waiting' : 'not-completed';
    ended.subagents = reply.subagents.map((record) => (record.status === 'running' ? { ...record, status: cut } : record));
  }
  if (error) ended.error = error;
  if (outcome) ended.outcome = outcome;
  const turns = state.turns.slice();
  turns[index] = ended;
  return { ...state, turns, activeReplyId: undefined };
}

/** A run's interrupts join the reply's; one raised again under the same id starts afresh. */
function mergeInterrupts(known: InterruptEntry[] | undefined, raised: readonly Interrupt[]): InterruptEntry[] {
  const ids = new Set(raised.map((interrupt) => interrupt.id));
  return [...(known ?? []).filter((entry) => !ids.has(entry.interrupt.id)), ...raised.map((interrupt) => ({ interrupt }))];
}

/** Changes the interrupts of a reply: the given one, else the last reply (where open ones live). */
function updateInterrupts(
  state: ConversationState,
  change: (entries: InterruptEntry[]) => InterruptEntry[],
  replyId?: string,
): ConversationState {
  const index = replyId ? state.turns.findIndex((turn) => turn.id === replyId) : state.turns.length - 1;
  const reply = state.turns[index];
  if (reply?.role !== 'assistant' || !reply.interrupts) return state;
  const interrupts = change(reply.interrupts);
  if (interrupts === reply.interrupts) return state;
  const turns = state.turns.slice();
  turns[index] = { ...reply, interrupts };
  return { ...state, turns };
}

/** Calls held by interrupts that expired unanswered did not complete. */
function expireInterrupts(state: ConversationState, now: number): ConversationState {
  const reply = lastReply(state.turns);
  const expired = new Set(
    (reply?.interrupts ?? []).filter((entry) => !entry.response && !entry.sent && isExpired(entry.interrupt, now)).map((entry) => entry.interrupt.toolCallId),
  );
  if (!reply || expired.size === 0) return state;
  // The reply will not go on: what waited with it did not complete.
  return updateLastReply(state, (turn) => ({
    ...turn,
    parts: turn.parts.map((part) =>
      part.kind === 'tool-call' && part.status === 'running' && expired.has(part.id)
        ? { ...part, status: 'not-completed', error: 'The request for approval expired.' }
        : part,
    ),
    ...(turn.subagents ? { subagents: turn.subagents.map((record) => (record.status === 'waiting' ? { ...record, status: 'not-completed' } : record)) } : {}),
  }));
}

/** Changes the tool call with this id, in whichever reply holds it. */
function updateCall(state: ConversationState, toolCallId: string, change: (call: ToolCallPart) => ToolCallPart): ConversationState {
  for (let t = state.turns.length - 1; t >= 0; t--) {
    const turn = state.turns[t];
    if (turn.role !== 'assistant') continue;
    const index = turn.parts.findIndex((part) => part.kind === 'tool-call' && part.id === toolCallId);
    if (index === -1) continue;
    const call = turn.parts[index] as ToolCallPart;
    const next = change(call);
    if (next === call) return state;
    const parts = turn.parts.slice();
    parts[index] = next;
    const turns = state.turns.slice();
    turns[t] = { ...turn, parts };
    return { ...state, turns };
  }
  return state;
}

/** MESSAGES_SNAPSHOT replaces the history; the reply under way keeps its identity and status. */
function applyMessagesSnapshot(state: ConversationState, messages: Parameters<typeof turnsFromHistory>[0]): ConversationState {
  const turns = turnsFromHistory(messages);
  const active = activeReplyIndex(state);
  if (active === -1) return { ...state, turns };
  const reply = state.turns[active] as AssistantTurn;
  const last = turns[turns.length - 1];
  if (last && last.role === 'assistant') {
    const parts = last.parts.map((part) =>
      part.kind === 'tool-call' && part.result === undefined ? { ...part, status: 'running' as const } : part,
    );
    turns[turns.length - 1] = { ...reply, parts };
  } else {
    turns.push(reply);
  }
  return { ...state, turns };
}
