/**
 * Checks of what the page configures through attributes and properties (zod/mini). A problem is
 * returned as a sentence for the person who set the page up; the element shows it and refuses to
 * send rather than guessing.
 */
import * as z from 'zod/mini';
import type { HeadersInput } from '../protocol/http.js';
import { PROTOCOLS, isProtocol, type Protocol } from '../protocol/index.js';
import { IMAGES_MODES } from '../render/image-policy.js';


const headerRecord = z.record(z.string(), z.string());
const credentials = z.enum(['omit', 'same-origin', 'include']);

export interface ConfigInput {
  endpoint?: string;
  protocol?: string;
  /** The `headers` attribute (JSON text) or property (object or function). */
  headers?: unknown;
  credentials?: string;
  hasTransport: boolean;
}

export interface ConnectionConfig {
  protocol: Protocol;
  endpoint?: string;
  headers?: HeadersInput;
  credentials: RequestCredentials;
}

export interface ResolvedConnection {
  config: ConnectionConfig;
  /** Problems with what was set, one sentence each. */
  problems: string[];
  /** Neither an endpoint nor a transport: nothing to send to (it may still be set later). */
  missingEndpoint: boolean;
}

export const MISSING_ENDPOINT = 'Set the endpoint attribute to the URL of the agent backend.';

export function resolveConnection(input: ConfigInput): ResolvedConnection {
  const problems: string[] = [];
  const protocol = input.protocol ?? 'ag-ui';
  if (!isProtocol(protocol)) {
    const names = PROTOCOLS.map((name) => `"${name}"`);
    problems.push(`protocol="${protocol}" is not supported by this version; use ${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}.`);
  }
  const creds = credentials.safeParse(input.credentials ?? 'same-origin');
  if (!creds.success) problems.push(`credentials="${input.credentials}" must be "omit", "same-origin" or "include".`);
  const headers = parseHeaders(input.headers);
  if (typeof headers === 'string') problems.push(headers);
  return {
    config: {
      protocol: isProtocol(protocol) ? protocol : 'ag-ui',
      endpoint: input.endpoint,
      headers: typeof headers === 'string' ? undefined : headers,
      credentials: creds.success ? creds.data : 'same-origin',
    },
    problems,
    missingEndpoint: !input.hasTransport && !input.endpoint,
  };
}

/** Headers from JSON text, an object, or a function; a string result is the problem found. */
function parseHeaders(value: unknown): HeadersInput | undefined | string {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'function') return value as HeadersInput;
  let candidate = value;
  if (typeof value === 'string') {
    try {
      candidate = JSON.parse(value);
    } catch {
      return 'The headers attribute must be a JSON object, such as {"Authorization": "Bearer …"}.';
    }
  }
  const parsed = headerRecord.safeParse(candidate);
  return parsed.success ? parsed.data : 'headers must map header names to string values.';
}

export type ToolCardsMode = 'open' | 'collapsed';
export type Theme = 'light' | 'dark' | 'auto';

const theme = z.enum(['light', 'dark', 'auto']);
const toolCards = z.enum(['open', 'collapsed']);

/** Problems with the display attributes; a wrong value falls back to the default. */
export function checkDisplayOptions(input: { theme?: string; toolCards?: string; images?: string }): string[] {
  const problems: string[] = [];
  if (input.theme !== undefined && !theme.safeParse(input.theme).success) {
    problems.push(`theme="${input.theme}" must be "light", "dark" or "auto"; "auto" is used.`);
  }
  if (input.toolCards !== undefined && !toolCards.safeParse(input.toolCards).success) {
    problems.push(`tool-cards="${input.toolCards}" must be "open" or "collapsed"; "collapsed" is used.`);
  }
  if (input.images !== undefined && !(IMAGES_MODES as readonly string[]).includes(input.images)) {
    problems.push(`images="${input.images}" must be "allow", "click" or "none"; "click" is used.`);
  }
  return problems;
}

/**
 * A boolean attribute that can also be switched off by value: present means on, except
 * `="false"` (so `show-requests="false"` means what it says).
 */
export const flagAttribute = {
  fromAttribute: (value: string | null): boolean => value !== null && value.trim().toLowerCase() !== 'false',
  toAttribute: (value: boolean): string | null => (value ? '' : null),
};
