/**
 * Puts one node record into IndexedDB so that it cannot fail the save. A save that fails is
 * retried with every later one, so a record the database refuses would fail them all: the
 * conversation would only live in memory from then on. Events are bounded as they enter
 * (conversation/depth.ts); this is the last guard for whatever reached a turn another way.
 */
import { clampDepth, MAX_DEPTH, nestingDepth } from '../conversation/depth.js';
import type { Turn } from '../conversation/types.js';
import type { NodeRecord } from './records.js';

/** Levels a node record may nest: its payloads (MAX_DEPTH) lie a few levels down (node → turn → parts → part, or its wire record). */
export const RECORD_DEPTH = MAX_DEPTH + 24;

let warned = false;

/**
 * `store.put(node)`, with the node bounded to RECORD_DEPTH. When the database still refuses it
 * (e.g. a value structured clone cannot copy), it goes as JSON would write it, else as a
 * placeholder of its turn that keeps its place in the tree.
 */
export function putNode<R>(store: { put(value: NodeRecord): R }, node: NodeRecord): R {
  const bounded = nestingDepth(node, RECORD_DEPTH) > RECORD_DEPTH ? clampDepth(node, RECORD_DEPTH) : node;
  const attempts = [() => bounded, () => JSON.parse(JSON.stringify(bounded)) as NodeRecord, () => ({ ...node, turn: placeholder(node.turn) })];
  for (let i = 0; ; i++) {
    try {
      const put = store.put(attempts[i]());
      if ((i > 0 || bounded !== node) && !warned) {
        warned = true;
        console.warn(`<agent-chat>: the turn ${JSON.stringify(node.id)} could not be saved as it is; a reduced copy was saved.`);
      }
      return put;
    } catch (error) {
      // Only a value that cannot be copied is put another way; a full disk or a closed database is not.
      const uncopyable = error instanceof RangeError || (error as { name?: string })?.name === 'DataCloneError';
      if (!uncopyable || i === attempts.length - 1) throw error;
    }
  }
}

function placeholder(turn: Turn): Turn {
  const text = 'This message could not be saved.';
  if (turn.role !== 'assistant') return { role: turn.role, id: turn.id, text } as Turn;
  return { role: 'assistant', id: turn.id, status: 'error', parts: [], error: { kind: 'protocol', message: text } } as Turn;
}
