/**
 * The regular expressions of a JSON Schema (`pattern`, `patternProperties`) come from the backend,
 * and one such as `^(a+)+$` takes seconds or years on the wrong text (catastrophic backtracking):
 * on the main thread that freezes the page. So they never run there. `checkPatterns` tests each
 * against the texts of the value in a small Worker, with a time limit per test; `safeSchema` gives
 * the validator a copy of the schema in which each pattern is the plain list of the texts it
 * matched, which runs in linear time and answers as the pattern would for this value.
 *
 * A pattern that could not be checked — it ran out of time, or the page's CSP forbids a `blob:`
 * worker — counts as matching: the value goes through and the server judges it. Nothing here
 * throws.
 */

/** How long one pattern may take on one text, in ms, before it counts as not checked. */
export const PATTERN_TIME_LIMIT_MS = 200;
/** How long the worker may take to start (a busy page), in ms. */
const START_LIMIT_MS = 3000;
/** Patterns that run out of time before the rest of a check is given up (each costs the limit). */
const MAX_STALLS = 2;
/** Tests in one check at most; those beyond count as not checked. */
const MAX_TESTS = 5000;

type Json = Record<string, unknown>;

/** What the worker found: per pattern, the texts it was tested on and whether it matched; and the patterns that do not compile. */
export interface PatternVerdicts {
  matched: Map<string, Map<string, boolean>>;
  invalid: Set<string>;
}

const isObject = (value: unknown): value is Json => !!value && typeof value === 'object' && !Array.isArray(value);

/** Keywords whose value is a schema, an array of schemas, or a map of schemas. */
const ONE = ['additionalProperties', 'unevaluatedProperties', 'propertyNames', 'items', 'additionalItems', 'unevaluatedItems', 'contains', 'not', 'if', 'then', 'else'];
const MANY = ['prefixItems', 'allOf', 'anyOf', 'oneOf', 'items'];
const MAPS = ['properties', 'patternProperties', 'dependentSchemas', 'dependencies', '$defs', 'definitions'];

/** Calls `visit` on every schema object in `schema` (its own and each subschema), outermost first. */
function eachSchema(schema: unknown, visit: (node: Json) => void): void {
  const stack: unknown[] = [schema];
  const seen = new Set<unknown>();
  while (stack.length) {
    const node = stack.pop();
    if (!isObject(node) || seen.has(node)) continue;
    seen.add(node);
    visit(node);
    for (const key of ONE) if (isObject(node[key])) stack.push(node[key]);
    for (const key of MANY) if (Array.isArray(node[key])) stack.push(...(node[key] as unknown[]));
    for (const key of MAPS) if (isObject(node[key])) stack.push(...Object.values(node[key] as Json));
  }
}

/** The schema's `pattern`s and the regular expressions of its `patternProperties`. */
export function schemaPatterns(schema: unknown): { patterns: Set<string>; propertyPatterns: Set<string> } {
  const patterns = new Set<string>();
  const propertyPatterns = new Set<string>();
  eachSchema(schema, (node) => {
    if (typeof node.pattern === 'string') patterns.add(node.pattern);
    if (isObject(node.patternProperties)) for (const key of Object.keys(node.patternProperties)) propertyPatterns.add(key);
  });
  return { patterns, propertyPatterns };
}

const patternsOf = new WeakMap<object, boolean>();

/** Whether the schema holds any regular expression (then checking a value takes a worker). */
export function hasPatterns(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  let has = patternsOf.get(schema);
  if (has === undefined) {
    const { patterns, propertyPatterns } = schemaPatterns(schema);
    has = patterns.size + propertyPatterns.size > 0;
    patternsOf.set(schema, has);
  }
  return has;
}

/** Every string of the value and every property name (what `pattern` may test), and the property names alone. */
function valueTexts(value: unknown): { texts: Set<string>; names: Set<string> } {
  const texts = new Set<string>();
  const names = new Set<string>();
  const stack: unknown[] = [value];
  while (stack.length && texts.size < MAX_TESTS) {
    const node = stack.pop();
    if (typeof node === 'string') texts.add(node);
    else if (Array.isArray(node)) stack.push(...node);
    else if (isObject(node)) {
      for (const [key, child] of Object.entries(node)) {
        texts.add(key);
        names.add(key);
        stack.push(child);
      }
    }
  }
  return { texts, names };
}

/** Tests pairs as they come and answers each: `[index, matched]`, `null` for a pattern that does not compile. */
const WORKER_SOURCE = `postMessage('ready');
onmessage = (event) => {
  for (const [index, pattern, text] of event.data) {
    let matched = null;
    try { matched = new RegExp(pattern, 'u').test(text); } catch {}
    postMessage([index, matched]);
  }
};`;

let workerUrl: string | undefined;
/** Set once a worker could not be started (no Worker, or a CSP without `blob:` in worker-src). */
let workersRefused = false;

function startWorker(): Worker | undefined {
  if (workersRefused || typeof Worker === 'undefined' || typeof Blob === 'undefined') return undefined;
  try {
    workerUrl ??= URL.createObjectURL(new Blob([WORKER_SOURCE], { type: 'text/javascript' }));
    return new Worker(workerUrl);
  } catch {
    workersRefused = true;
    return undefined;
  }
}

type Pair = [pattern: string, text: string];

/** Runs `pairs` in one worker from `from` on; resolves with where it stopped and why. */
function runPairs(pairs: Pair[], from: number, results: (boolean | null | undefined)[]): Promise<{ next: number; stalled: boolean }> {
  const worker = startWorker();
  if (!worker) return Promise.resolve({ next: pairs.length, stalled: false });
  return new Promise((resolve) => {
    let next = from;
    let started = false;
    let timer: ReturnType<typeof setTimeout>;
    const stop = (stalled: boolean) => {
      clearTimeout(timer);
      worker.terminate();
      resolve({ next: stalled ? next : pairs.length, stalled });
    };
    const wait = (ms: number, onTimeout: () => void) => {
      clearTimeout(timer);
      timer = setTimeout(onTimeout, ms);
    };
    worker.onmessage = (event: MessageEvent) => {
      if (!started) {
        started = true;
        wait(PATTERN_TIME_LIMIT_MS, () => stop(true));
        worker.postMessage(pairs.slice(from).map((pair, offset) => [from + offset, ...pair]));
        return;
      }
      const [index, matched] = event.data as [number, boolean | null];
      results[index] = matched;
      next = index + 1;
      if (next === pairs.length) stop(false);
      else wait(PATTERN_TIME_LIMIT_MS, () => stop(true));
    };
    // A worker the page's CSP refuses fails to load: no more are tried.
    worker.onerror = () => {
      if (!started) workersRefused = true;
      stop(false);
    };
    wait(START_LIMIT_MS, () => stop(false));
  });
}

/**
 * Tests the schema's patterns on the value's texts off the main thread. Resolves (never rejects)
 * with what could be found out; what is missing from it was not checked.
 */
export async function checkPatterns(schema: unknown, value: unknown): Promise<PatternVerdicts> {
  const verdicts: PatternVerdicts = { matched: new Map(), invalid: new Set() };
  const { patterns, propertyPatterns } = schemaPatterns(schema);
  if (!patterns.size && !propertyPatterns.size) return verdicts;
  const { texts, names } = valueTexts(value);
  const pairs: Pair[] = [];
  const add = (pattern: string, text: string) => pairs.length < MAX_TESTS && pairs.push([pattern, text]);
  for (const pattern of patterns) for (const text of texts) add(pattern, text);
  for (const pattern of propertyPatterns) for (const name of names) if (!patterns.has(pattern) || !texts.has(name)) add(pattern, name);
  // A pattern tested on nothing is still compiled, to find one that does not.
  for (const pattern of new Set([...patterns, ...propertyPatterns])) if (!pairs.some(([p]) => p === pattern)) pairs.push([pattern, '']);
  const results: (boolean | null | undefined)[] = [];
  let from = 0;
  for (let stalls = 0; from < pairs.length && stalls < MAX_STALLS;) {
    const { next, stalled } = await runPairs(pairs, from, results);
    if (stalled) {
      stalls++;
      console.warn(`<agent-chat>: the pattern ${JSON.stringify(pairs[next]![0].slice(0, 80))} took over ${PATTERN_TIME_LIMIT_MS} ms; it was not checked.`);
      from = next + 1;
    } else from = next;
  }
  pairs.forEach(([pattern, text], index) => {
    const result = results[index];
    if (result === null) verdicts.invalid.add(pattern);
    else if (result !== undefined) {
      if (!verdicts.matched.has(pattern)) verdicts.matched.set(pattern, new Map());
      verdicts.matched.get(pattern)!.set(text, result);
    }
  });
  return verdicts;
}

const SYNTAX = /[\^$\\.*+?()[\]{}|/]/g;

/** A pattern that matches exactly `texts` (none: nothing), in linear time. */
function literalPattern(texts: string[]): string {
  if (!texts.length) return '[^\\s\\S]';
  return `^(?:${texts.map((text) => text.replace(SYNTAX, '\\$&')).join('|')})$`;
}

/** Whether a pattern compiles (compiling runs nothing). */
function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

/**
 * The schema to validate `value` with on the main thread: each pattern replaced by the texts of
 * the value it matched (or could not be checked on). A pattern that does not compile stays, so the
 * validator reports the schema as unusable. The schema itself when it has no pattern.
 */
export function safeSchema(schema: unknown, value: unknown, verdicts?: PatternVerdicts): unknown {
  if (!hasPatterns(schema)) return schema;
  const copy = JSON.parse(JSON.stringify(schema)) as Json;
  const { texts, names } = valueTexts(value);
  const broken = (pattern: string) => verdicts?.invalid.has(pattern) || (!verdicts && !compiles(pattern));
  /** The texts `pattern` is taken to match: those it matched, and those it could not be checked on. */
  const matching = (pattern: string, candidates: Set<string>) => [...candidates].filter((text) => verdicts?.matched.get(pattern)?.get(text) !== false);
  eachSchema(copy, (node) => {
    if (typeof node.pattern === 'string' && !broken(node.pattern)) node.pattern = literalPattern(matching(node.pattern, texts));
    if (!isObject(node.patternProperties)) return;
    const rewritten: Json = {};
    const put = (key: string, subschema: unknown) => {
      rewritten[key] = key in rewritten ? { allOf: [rewritten[key], subschema] } : subschema;
    };
    for (const [pattern, subschema] of Object.entries(node.patternProperties)) {
      if (broken(pattern)) {
        put(pattern, subschema);
        continue;
      }
      const checked = verdicts?.matched.get(pattern);
      put(literalPattern([...names].filter((name) => checked?.get(name) === true)), subschema);
      // Names it could not be checked on count as matched (not "additional"), with nothing asked of them.
      const unknown = [...names].filter((name) => checked?.get(name) === undefined);
      if (unknown.length) put(literalPattern(unknown), true);
    }
    node.patternProperties = rewritten;
  });
  return copy;
}
