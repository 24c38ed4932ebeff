/**
 * What the chat history stores: one record per thread and one per node of its tree, and the file
 * a thread is exported to. Everything that comes back from the database or from an imported file
 * is checked here (zod/mini) before the widget uses it; problems are one English sentence each and
 * nothing throws.
 */
import * as z from 'zod/mini';
import type { ReplyPart, Turn } from '../conversation/types.js';
import { isRecord } from '../internal/guards.js';
import { isThreadIdSafe } from '../internal/ids.js';
import { withValidApps } from '../mcp/stored-apps.js';
import { nodesWithBlobs, withValidAttachments } from './attachment-records.js';

export interface ThreadRecord {
  id: string;
  title: string;
  /** Where the title came from: the first message, the backend, or the person (renamed). */
  titleSource: 'first-message' | 'backend' | 'person';
  /** ms since epoch */
  created: number;
  updated: number;
  /** The node whose path is shown. */
  currentLeaf?: string;
}

export interface NodeRecord {
  threadId: string;
  id: string;
  parentId: string | null;
  turn: Turn;
  /** creation order within the thread (orders siblings) */
  seq: number;
}

export interface ThreadExport {
  format: 'agent-chat-thread';
  version: 1;
  exported: number;
  thread: ThreadRecord;
  /**
   * The tree. In the file a user turn's attachments carry their bytes as base64 `data` (see
   * attachment-records.ts); read in, they are Blobs again. A file without attachments reads as before.
   */
  nodes: Omit<NodeRecord, 'threadId'>[];
}

export const EXPORT_FORMAT = 'agent-chat-thread';
export const EXPORT_VERSION = 1;

const id = z.string().check(z.minLength(1));
/** A conversation's id goes into request paths: `.` and `..` would lead them outside the endpoint. */
const threadId = z.string().check(z.minLength(1), z.refine(isThreadIdSafe, { message: 'cannot be "." or ".."' }));

const threadSchema = z.looseObject({
  id: threadId,
  title: z.string(),
  titleSource: z.enum(['first-message', 'backend', 'person']),
  created: z.number(),
  updated: z.number(),
  currentLeaf: z.optional(z.string()),
});

/** What the views read of each part: a file without it would break them, so it is refused. */
const partSchema = z.discriminatedUnion('kind', [
  z.looseObject({ kind: z.enum(['text', 'reasoning']), id: z.string(), text: z.string() }),
  z.looseObject({
    kind: z.literal('tool-call'),
    id: z.string(),
    name: z.string(),
    argsText: z.string(),
    status: z.enum(['running', 'done', 'error', 'cancelled', 'not-completed']),
  }),
  z.looseObject({ kind: z.literal('activity'), id: z.string(), activityType: z.string(), content: z.record(z.string(), z.unknown()) }),
  z.looseObject({ kind: z.literal('file'), id: z.string(), url: z.string(), mediaType: z.string() }),
]);

const interruptEntrySchema = z.looseObject({
  interrupt: z.looseObject({ id: z.string(), reason: z.string() }),
  response: z.optional(z.looseObject({ status: z.enum(['resolved', 'cancelled']) })),
  sent: z.optional(z.boolean()),
});

const turnSchema = z.discriminatedUnion('role', [
  z.looseObject({ role: z.literal('user'), id: z.string(), text: z.string() }),
  z.looseObject({
    role: z.literal('assistant'),
    id: z.string(),
    status: z.enum(['streaming', 'done', 'error', 'cancelled']),
    parts: z.array(partSchema),
    interrupts: z.optional(z.array(interruptEntrySchema)),
    feedback: z.optional(z.enum(['up', 'down'])),
    messageId: z.optional(z.string().check(z.maxLength(1000))),
  }),
  z.looseObject({ role: z.enum(['system', 'developer']), id: z.string(), text: z.string() }),
]);

const nodeFields = { id, parentId: z.nullable(z.string()), seq: z.number(), turn: turnSchema };

const exportSchema = z.looseObject({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exported: z.number(),
  thread: threadSchema,
  nodes: z.array(z.looseObject(nodeFields)),
});

/**
 * Validates an import; never throws. Accepts the parsed object or its JSON text. The error names
 * where the problem is; nodes are counted from 0 as in the file's `nodes` array, e.g.
 * `node 3 ("n-3"): its parent "n-9" is not in the file.`
 */
export function parseThreadExport(data: unknown): { ok: true; value: ThreadExport } | { ok: false; error: string } {
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      return { ok: false, error: 'The file is not valid JSON.' };
    }
  }
  if (!isRecord(data)) {
    return { ok: false, error: 'The file is not an agent-chat thread export (it is not a JSON object).' };
  }
  const { format, version } = data;
  if (format !== EXPORT_FORMAT) {
    return { ok: false, error: `The file is not an agent-chat thread export (its "format" is not "${EXPORT_FORMAT}").` };
  }
  if (version !== EXPORT_VERSION) {
    const has = version === undefined ? 'no "version"' : `version ${describeValue(version)}`;
    return { ok: false, error: `The file has ${has}, but this widget reads only version ${EXPORT_VERSION}.` };
  }
  const parsed = exportSchema.safeParse(data);
  if (!parsed.success) return { ok: false, error: describeIssue(parsed.error.issues, data) };
  const value = parsed.data as unknown as ThreadExport;
  const problem = checkTree(value);
  return problem ? { ok: false, error: problem } : { ok: true, value: { ...value, nodes: nodesWithBlobs(value.nodes.map(withCheckedFiles).map(withLocalApprovalsAskedAgain)) } };
}

/**
 * Validates one stored node record (what comes back from the database crosses a boundary too).
 * The same rules as an import's nodes, checked by hand: a thread of thousands of turns opens
 * without copying each one through a schema.
 */
export function parseNodeRecord(data: unknown): NodeRecord | undefined {
  if (!isRecord(data)) return undefined;
  const { threadId, id, parentId, seq, turn } = data;
  if (typeof threadId !== 'string' || typeof id !== 'string' || !id || typeof seq !== 'number') return undefined;
  if (parentId !== null && typeof parentId !== 'string') return undefined;
  if (!isRecord(turn) || turn.id !== id) return undefined;
  if (turn.role === 'assistant') {
    if (typeof turn.status !== 'string' || !Array.isArray(turn.parts)) return undefined;
    const interruptsFine = turn.interrupts === undefined || (Array.isArray(turn.interrupts) && turn.interrupts.every(isInterruptEntry));
    if (!interruptsFine || !turn.parts.every(isPart)) return undefined;
    // An app record of the wrong shape is left out of its card; the call itself is kept.
    const parts = withValidApps(turn.parts as ReplyPart[]);
    return (parts === turn.parts ? data : { ...data, turn: { ...turn, parts } }) as unknown as NodeRecord;
  }
  if (!TEXT_ROLES.has(turn.role as string) || typeof turn.text !== 'string') return undefined;
  const checked = turn.role === 'user' ? withValidAttachments(turn) : turn;
  return (checked === turn ? data : { ...data, turn: checked }) as unknown as NodeRecord;
}

/**
 * An imported file's (or a server's) answers to the chat's own approvals (a page tool's call) that
 * were not acted on are dropped: the person is asked again, so nothing from outside runs a page tool
 * on an answer it brings.
 */
export function withLocalApprovalsAskedAgain<N extends { turn: Turn }>(node: N): N {
  const { turn } = node;
  if (turn.role !== 'assistant' || !turn.interrupts?.some((entry) => entry.local && entry.response && !entry.sent)) return node;
  const interrupts = turn.interrupts.map((entry) => (entry.local && entry.response && !entry.sent ? { interrupt: entry.interrupt, local: entry.local } : entry));
  return { ...node, turn: { ...turn, interrupts } };
}

/** A file's user turn keeps the attachments that are well formed (their bytes as base64 `data`). */
function withCheckedFiles<N extends { turn: Turn }>(node: N): N {
  if (node.turn.role !== 'user') return node;
  const turn = withValidAttachments(node.turn as unknown as Record<string, unknown>, 'data');
  return turn === (node.turn as unknown) ? node : { ...node, turn: turn as unknown as Turn };
}

/** A part as the views need it (the same rules as `partSchema`). */
function isPart(part: unknown): boolean {
  if (!isRecord(part) || typeof part.id !== 'string') return false;
  switch (part.kind) {
    case 'text':
    case 'reasoning':
      return typeof part.text === 'string';
    case 'tool-call':
      return typeof part.name === 'string' && typeof part.argsText === 'string' && typeof part.status === 'string';
    case 'activity':
      return typeof part.activityType === 'string' && isRecord(part.content);
    default:
      return false;
  }
}

function isInterruptEntry(entry: unknown): boolean {
  return isRecord(entry) && isRecord(entry.interrupt) && typeof entry.interrupt.id === 'string' && typeof entry.interrupt.reason === 'string';
}
const TEXT_ROLES = new Set(['user', 'system', 'developer']);

/** Validates one stored thread record. */
export function parseThreadRecord(data: unknown): ThreadRecord | undefined {
  const parsed = threadSchema.safeParse(data);
  return parsed.success ? (parsed.data as ThreadRecord) : undefined;
}

/** Structural checks of a shape-valid export: unique ids, turn ids, parents, cycles, current leaf. */
function checkTree({ thread, nodes }: ThreadExport): string | undefined {
  const indexOf = new Map<string, number>();
  for (const [index, node] of nodes.entries()) {
    const first = indexOf.get(node.id);
    if (first !== undefined) return `${nodeName(index, node.id)}: its id is already used by node ${first}.`;
    indexOf.set(node.id, index);
    if (node.turn.id !== node.id) {
      return `${nodeName(index, node.id)}: its turn's id ${JSON.stringify(node.turn.id)} differs from the node's id.`;
    }
  }
  for (const [index, node] of nodes.entries()) {
    if (node.parentId !== null && !indexOf.has(node.parentId)) {
      return `${nodeName(index, node.id)}: its parent ${JSON.stringify(node.parentId)} is not in the file.`;
    }
  }
  // Walk up from every node; meeting a node of the walk under way again means a cycle.
  const seen = new Map<string, 'walking' | 'done'>();
  for (const node of nodes) {
    const walk: string[] = [];
    let current: string | null = node.id;
    while (current !== null && !seen.has(current)) {
      seen.set(current, 'walking');
      walk.push(current);
      current = nodes[indexOf.get(current)!].parentId;
    }
    if (current !== null && seen.get(current) === 'walking') {
      return `${nodeName(indexOf.get(current)!, current)}: its parents form a cycle.`;
    }
    for (const visited of walk) seen.set(visited, 'done');
  }
  if (thread.currentLeaf !== undefined && !indexOf.has(thread.currentLeaf)) {
    return `The thread's current leaf ${JSON.stringify(thread.currentLeaf)} is not in the file.`;
  }
  return undefined;
}

const nodeName = (index: number, nodeId: unknown) => (typeof nodeId === 'string' ? `node ${index} (${JSON.stringify(nodeId)})` : `node ${index}`);

interface Issue {
  code: string;
  path: PropertyKey[];
  expected?: string;
  values?: unknown[];
  options?: unknown[];
  discriminator?: string;
  message?: string;
}

/** One sentence for the most basic problem (the shortest path; the first of equals). */
function describeIssue(issues: readonly Issue[], data: unknown): string {
  const issue = issues.reduce((a, b) => (b.path.length < a.path.length ? b : a));
  const path = [...issue.path];
  const value = valueAt(data, path);
  let where: string;
  let rest: PropertyKey[];
  if (path[0] === 'nodes' && typeof path[1] === 'number') {
    where = nodeName(path[1], valueAt(data, ['nodes', path[1], 'id'])) + ': ';
    rest = path.slice(2);
  } else if (path[0] === 'thread' && path.length > 1) {
    where = "The thread's ";
    rest = path.slice(1);
  } else {
    where = "The file's ";
    rest = path;
  }
  if (rest.length === 0) return `${where}it should be an object, not ${describeValue(value)}.`;
  const field = JSON.stringify(fieldName(rest));
  const last = rest[rest.length - 1];
  if (value === undefined) return `${where}${field} is missing.`;
  switch (issue.code) {
    case 'invalid_type': {
      const expected = last === 'parentId' ? 'a string or null' : withArticle(issue.expected ?? 'value');
      return `${where}${field} should be ${expected}, not ${describeValue(value)}.`;
    }
    case 'invalid_value':
    case 'invalid_union': {
      const allowed = issue.values ?? issue.options;
      if (allowed?.length) return `${where}${field} should be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}.`;
      break;
    }
    case 'too_small':
      return `${where}${field} should not be empty.`;
    case 'custom':
      if (issue.message) return `${where}${field} ${issue.message}.`;
  }
  return `${where}${field} is not valid.`;
}

function fieldName(path: readonly PropertyKey[]): string {
  return path.map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index ? '.' : ''}${String(key)}`)).join('');
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function withArticle(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return `the text ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value)}`;
    case 'number':
    case 'boolean':
      return String(value);
    case 'undefined':
      return 'missing';
    default:
      return withArticle(typeof value);
  }
}
