/**
 * How deep what comes from a backend may nest. Structured clone (IndexedDB, `getTurns()`) and
 * JSON walk values recursively: a payload nested thousands of levels overflows the stack there.
 * So every event is bounded as it enters the conversation (`boundEvent`), and tool arguments as
 * they are parsed (`argsTooDeep`): what nests deeper fails visibly in its own part, the rest of
 * the conversation is kept. Pure; no recursion deeper than the limit.
 */
import type { ChatEvent } from '../protocol/contract.js';

/**
 * Levels a payload (tool arguments, a result, state, activity content, a custom value) may nest:
 * `{}` is one level, `{"a": []}` two. Generous for real data (deep JSON Schemas, syntax trees).
 */
export const MAX_DEPTH = 100;

/** Levels an event may add around its payload (the event, a snapshot's message, its parts…). */
const WRAPPING = 8;

/** Put where a value nested too deeply was left out. */
export const TOO_DEEP = '[nested too deeply]';

/**
 * Heights already measured. Values in the conversation never change shape in place (only a
 * streaming text grows, and a string nests nothing), so they stay true.
 */
const heights = new WeakMap<object, number>();

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * How many levels `value` nests (0 for a primitive, 1 for `{}`), counted up to `limit`: anything
 * deeper gives `limit + 1`. Iterative, so any depth is safe to measure.
 */
export function nestingDepth(value: unknown, limit = MAX_DEPTH): number {
  if (!isContainer(value)) return 0;
  const known = heights.get(value);
  if (known !== undefined) return Math.min(known, limit + 1);
  type Frame = { node: object; children: unknown[]; next: number; height: number };
  const frameOf = (node: Record<string, unknown> | unknown[]): Frame => ({ node, children: Array.isArray(node) ? node : Object.values(node), next: 0, height: 1 });
  const stack: Frame[] = [frameOf(value)];
  while (stack.length) {
    const frame = stack[stack.length - 1];
    if (frame.next < frame.children.length) {
      const child = frame.children[frame.next++];
      if (!isContainer(child)) continue;
      const height = heights.get(child);
      if (height !== undefined) {
        if (stack.length + height > limit) return limit + 1;
        frame.height = Math.max(frame.height, height + 1);
        continue;
      }
      if (stack.length + 1 > limit) return limit + 1;
      stack.push(frameOf(child));
      continue;
    }
    stack.pop();
    // Flat ones (most events) are quicker to walk again than to remember.
    if (frame.height > 1) heights.set(frame.node, frame.height);
    const parent = stack[stack.length - 1];
    if (parent) parent.height = Math.max(parent.height, frame.height + 1);
    if (!parent) return frame.height;
  }
  return 0;
}

/**
 * `nestingDepth` of a value met once, such as an event: its children are measured (and remembered
 * as usual), the value itself is not remembered.
 */
function depthOnce(value: unknown, limit: number): number {
  if (!isContainer(value)) return 0;
  let depth = 1;
  for (const child of Array.isArray(value) ? value : Object.values(value)) {
    if (depth > limit) break;
    depth = Math.max(depth, 1 + nestingDepth(child, limit - 1));
  }
  return Math.min(depth, limit + 1);
}

/** A copy of `value` in which what nests deeper than `limit` levels is `TOO_DEEP`; the same value when nothing does. */
export function clampDepth<T>(value: T, limit = MAX_DEPTH): T {
  const clamp = (node: unknown, room: number): unknown => {
    if (!isContainer(node)) return node;
    if (room <= 0) return TOO_DEEP;
    if (nestingDepth(node, room) <= room) return node;
    if (Array.isArray(node)) return node.map((child) => clamp(child, room - 1));
    const copy: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(node)) copy[key] = clamp(child, room - 1);
    return copy;
  };
  return clamp(value, limit) as T;
}

/**
 * Whether JSON text nests deeper than `limit` levels, found without parsing it (brackets outside
 * strings are counted). Meant for text that is valid JSON or about to be found not to be.
 */
export function jsonTextTooDeep(text: string, limit = MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

let warned = false;

/**
 * The event as the conversation takes it. A tool result nested too deeply becomes an error of its
 * call (`resultTooDeep`); in any other event what nests too deeply is left out (`TOO_DEEP`).
 */
export function boundEvent<E extends ChatEvent>(event: E): E {
  if (depthOnce(event, MAX_DEPTH) <= MAX_DEPTH) return event;
  if (event.type === 'tool-call-result' && nestingDepth(event.content) > MAX_DEPTH) {
    return { ...event, content: `The result nests more than ${MAX_DEPTH} levels deep; it was not kept.`, isError: true, tooDeep: true };
  }
  const limit = MAX_DEPTH + WRAPPING;
  if (nestingDepth(event, limit) <= limit) return event;
  if (!warned) {
    warned = true;
    console.warn(`<agent-chat>: a "${event.type}" event nests more than ${MAX_DEPTH} levels deep; what lies deeper was left out.`);
  }
  return clampDepth(event, limit);
}
