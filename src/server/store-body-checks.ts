/** The shapes the thread store accepts in a body; anything else is a 400 that says what is wrong. */
import { isWireId, type WireNode } from '../storage/sync-wire.js';
import { StoreError } from './store-error.js';

const MAX_TITLE = 1000;
/** How deeply a node may nest (a turn's own nesting is far below; deeper JSON is refused, not stored). */
const MAX_NODE_DEPTH = 256;

/** Whether `value` nests deeper than `max` levels (walked without recursion). */
function deeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth > max) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `PUT threads/{id}`: `{title?}` (a string of at most 1,000 characters). */
export function checkThreadBody(body: unknown): { title?: string } {
  if (body === undefined) return {};
  if (!isObject(body)) throw new StoreError(400, 'The body must be an object: {"title"?: string}.');
  const { title } = body;
  if (title === undefined) return {};
  if (typeof title !== 'string' || title.length > MAX_TITLE) throw new StoreError(400, `"title" must be a string of at most ${MAX_TITLE} characters.`);
  if (title.includes('\u0000')) throw new StoreError(400, '"title" may not hold a NUL character.');
  return { title };
}

/**
 * `POST threads/{id}/nodes`: `{nodes: [...]}`, at most `max` of them, each with a wire `id`, a
 * `parentId` (a wire id or null) and a `rev` (a positive whole number); a node sent twice counts once,
 * in its highest `rev`.
 */
export function checkNodesBody(body: unknown, max: number): WireNode[] {
  if (!isObject(body) || !Array.isArray(body.nodes)) throw new StoreError(400, 'The body must be {"nodes": [...]}.');
  const { nodes } = body;
  if (nodes.length === 0) throw new StoreError(400, '"nodes" is empty.');
  if (nodes.length > max) throw new StoreError(413, `At most ${max} nodes go in one request; this one has ${nodes.length}.`);
  const byId = new Map<string, WireNode>();
  nodes.forEach((node: unknown, index) => {
    const where = `nodes[${index}]`;
    if (!isObject(node)) throw new StoreError(400, `${where} is not an object.`);
    const { id, parentId, rev, deleted } = node;
    if (!isWireId(id)) throw new StoreError(400, `${where}.id must be 1–200 of A–Z, a–z, 0–9, ".", "_", ":" and "-".`);
    if (parentId !== null && !isWireId(parentId)) throw new StoreError(400, `${where}.parentId must be null or an id like "id".`);
    if (parentId === id) throw new StoreError(400, `${where} is its own parent.`);
    if (typeof rev !== 'number' || !Number.isSafeInteger(rev) || rev < 1) throw new StoreError(400, `${where}.rev must be a whole number of 1 or more.`);
    if (deleted !== undefined && typeof deleted !== 'boolean') throw new StoreError(400, `${where}.deleted must be true or false.`);
    if (deeperThan(node, MAX_NODE_DEPTH)) throw new StoreError(400, `${where} nests more than ${MAX_NODE_DEPTH} levels deep.`);
    const earlier = byId.get(id);
    if (!earlier || earlier.rev < rev) byId.set(id, node as WireNode);
  });
  return [...byId.values()];
}
