/**
 * App cards that come back from storage or from a file. A stored `app` is checked
 * for the shape the views and the host read; one that fails is dropped from its card (the call
 * stays, without its app). A file's apps never run the file's HTML: the resource is dropped, and
 * the card reads it again from this page's own server for that source. Pure.
 */
import type { ReplyPart } from '../conversation/types.js';
import { isRecord } from '../internal/guards.js';
import type { AppInfo } from './mcp-types.js';

const optional = (value: unknown, check: (value: unknown) => boolean) => value === undefined || check(value);
const isString = (value: unknown) => typeof value === 'string';
const isBoolean = (value: unknown) => typeof value === 'boolean';

/** Whether a stored value has the shape of an `AppInfo`. */
export function isStoredApp(value: unknown): value is AppInfo {
  if (!isRecord(value)) return false;
  const { source, via, resourceUri, tool, serverHash, resource, callResult, failure, hadOwnCheck, fromFile, acted } = value;
  return (
    isString(source) &&
    (via === 'page' || via === 'backend') &&
    isString(resourceUri) &&
    (resourceUri as string).startsWith('ui://') &&
    optional(tool, (tool) => isRecord(tool) && isString(tool.name)) &&
    optional(serverHash, isString) &&
    optional(resource, (resource) => isRecord(resource) && isString(resource.html) && optional(resource.meta, isRecord)) &&
    optional(callResult, isRecord) &&
    optional(failure, isString) &&
    optional(hadOwnCheck, isBoolean) &&
    optional(fromFile, isBoolean) &&
    optional(acted, isBoolean)
  );
}

/** The parts with every invalid `app` left out; the same array when all are fine. */
export function withValidApps(parts: readonly ReplyPart[]): readonly ReplyPart[] {
  if (parts.every((part) => !hasApp(part) || isStoredApp(part.app))) return parts;
  return parts.map((part) => {
    if (!hasApp(part) || isStoredApp(part.app)) return part;
    const { app: _dropped, ...rest } = part;
    return rest as ReplyPart;
  });
}

/**
 * A file's parts as this page keeps them: each app without the file's resource (read again from
 * this page's server) and marked, so its page's calls go only through checks this page gives.
 */
export function appsFromFile(parts: readonly ReplyPart[]): ReplyPart[] {
  return withValidApps(parts).map((part) => {
    if (!hasApp(part)) return part;
    const { resource: _html, failure: _failure, ...app } = part.app!;
    return { ...part, app: { ...app, hadOwnCheck: true, fromFile: true } };
  });
}

function hasApp(part: ReplyPart): part is Extract<ReplyPart, { kind: 'tool-call' | 'activity' }> {
  return (part.kind === 'tool-call' || part.kind === 'activity') && part.app !== undefined;
}
