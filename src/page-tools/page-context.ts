/**
 * `context`: what the page tells the agent at every run (what the person is looking at). Read
 * afresh for each request; entries without a description are left out, and past the size cap the
 * last entries are dropped with a console warning.
 */
import { errorText } from '../internal/errors.js';
import type { PageContextEntry } from './page-tool-types.js';

/** At most this many characters (descriptions and values as JSON) go with a request. */
export const PAGE_CONTEXT_LIMIT = 32_768;

export function readPageContext(context: unknown): PageContextEntry[] {
  if (context === undefined || context === null) return [];
  let entries: unknown = context;
  if (typeof context === 'function') {
    try {
      entries = (context as () => unknown)();
    } catch (error) {
      console.warn(`<agent-chat>: context() failed, no context is sent (${errorText(error)}).`);
      return [];
    }
  }
  if (!Array.isArray(entries)) {
    console.warn('<agent-chat>: context must be an array of { description, value } (or a function returning one, not a promise); no context is sent.');
    return [];
  }
  const kept: PageContextEntry[] = [];
  let size = 0;
  for (const entry of entries as Partial<PageContextEntry>[]) {
    if (typeof entry?.description !== 'string') {
      console.warn('<agent-chat>: a context entry without a description is not sent.');
      continue;
    }
    let json: string | undefined;
    try {
      json = JSON.stringify(entry.value);
    } catch {
      json = undefined;
    }
    if (json === undefined) {
      console.warn(`<agent-chat>: the context "${entry.description}" has no JSON value and is not sent.`);
      continue;
    }
    size += entry.description.length + json.length;
    if (size > PAGE_CONTEXT_LIMIT) {
      console.warn(`<agent-chat>: context is over ${PAGE_CONTEXT_LIMIT} characters of JSON; "${entry.description}" and what follows it are not sent.`);
      break;
    }
    kept.push({ description: entry.description, value: JSON.parse(json) as unknown });
  }
  return kept;
}
