/**
 * The connection: the attributes that say where the backend is and how to reach it (`endpoint`,
 * `protocol`, `headers`, `credentials`, or the page's own `transport`) become the transport a
 * reply runs on. What the page set wrong, here or in the display attributes, is a sentence for the
 * person who set the page up: the element shows it, fires `agent-chat-error` (`kind: "config"`)
 * once per sentence, and refuses to send rather than guessing.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ChatTransport } from '../conversation/types.js';
import { isPlainObject } from '../internal/guards.js';
import { emit } from '../events.js';
import type { HeadersInput } from '../protocol/http.js';
import { PROTOCOLS, createTransport, isProtocol, preloadTransport, type Protocol } from '../protocol/transport-factory.js';
import { preloadReplyStream } from '../session/reply-stream-loader.js';
import { checkDisplayOptions } from './display-options.js';

const CREDENTIALS: readonly string[] = ['omit', 'same-origin', 'include'];

interface ConfigInput {
  endpoint?: string;
  protocol?: string;
  /** The `headers` attribute (JSON text) or property (object or function). */
  headers?: unknown;
  credentials?: string;
  hasTransport: boolean;
}

interface ConnectionConfig {
  protocol: Protocol;
  endpoint?: string;
  headers?: HeadersInput;
  credentials: RequestCredentials;
}

interface ResolvedConnection {
  config: ConnectionConfig;
  /** Problems with what was set, one sentence each. */
  problems: string[];
  /** Neither an endpoint nor a transport: nothing to send to (it may still be set later). */
  missingEndpoint: boolean;
}

const MISSING_ENDPOINT = 'Set the endpoint attribute to the URL of the agent backend.';

export function resolveConnection(input: ConfigInput): ResolvedConnection {
  const problems: string[] = [];
  const protocol = input.protocol ?? 'ag-ui';
  if (!isProtocol(protocol)) {
    const names = PROTOCOLS.map((name) => `"${name}"`);
    problems.push(`protocol="${protocol}" is not supported by this version; use ${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}.`);
  }
  const credentials = input.credentials ?? 'same-origin';
  const knownCredentials = CREDENTIALS.includes(credentials);
  if (!knownCredentials) problems.push(`credentials="${input.credentials}" must be "omit", "same-origin" or "include".`);
  const headers = parseHeaders(input.headers);
  if (typeof headers === 'string') problems.push(headers);
  return {
    config: {
      protocol: isProtocol(protocol) ? protocol : 'ag-ui',
      endpoint: input.endpoint,
      headers: typeof headers === 'string' ? undefined : headers,
      credentials: knownCredentials ? (credentials as RequestCredentials) : 'same-origin',
    },
    problems,
    missingEndpoint: !input.hasTransport && !input.endpoint,
  };
}

/** Headers from JSON text, an object, or a function; a string result is the problem found. */
export function parseHeaders(value: unknown): HeadersInput | undefined | string {
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
  // A plain object of strings, as JSON gives it (not a Headers, a Map or a class instance).
  if (!isPlainObject(candidate) || Object.getOwnPropertySymbols(candidate).length) return 'headers must map header names to string values.';
  const headers: Record<string, string> = {};
  for (const [name, header] of Object.entries(candidate)) {
    if (typeof header !== 'string') return 'headers must map header names to string values.';
    if (name !== '__proto__') headers[name] = header;
  }
  return headers;
}

/** The element's attributes this controller reads. */
export interface ConnectionHost extends ReactiveControllerHost, HTMLElement {
  endpoint?: string;
  protocol: string;
  headers?: string | HeadersInput;
  credentials: string;
  transport?: ChatTransport;
  theme: string;
  toolCards: string;
  images: string;
  mode: string;
  position: string;
  /** Whether the chat's workings run (a popup's start when first opened). */
  readonly started: boolean;
}

export class ConnectionController implements ReactiveController {
  private resolved?: ResolvedConnection;
  private displayProblems: string[] = [];
  private preloaded?: string;
  /** The values the last resolution was made from. */
  private connectionSeen: unknown[] = [];
  private displaySeen: unknown[] = [];
  private readonly announced = new Set<string>();

  constructor(
    private readonly host: ConnectionHost,
    /** Configuration problems found elsewhere (the MCP servers). */
    private readonly otherProblems: () => string[],
  ) {
    host.addController(this);
  }

  hostUpdate(): void {
    const { endpoint, protocol, headers, credentials, transport, theme, toolCards, images, mode, position } = this.host;
    if (changed(this.connectionSeen, (this.connectionSeen = [endpoint, protocol, headers, credentials, transport])) || !this.resolved) {
      this.resolved = this.resolve();
      this.preloaded = undefined;
    }
    // The adapter's chunk loads early, but not before the chat starts (a closed popup waits).
    const wire = this.resolved.config.protocol;
    if (this.host.started && !transport && endpoint && this.preloaded !== wire) {
      this.preloaded = wire;
      preloadTransport(wire);
      preloadReplyStream();
    }
    if (changed(this.displaySeen, (this.displaySeen = [theme, toolCards, images, mode, position]))) {
      this.displayProblems = checkDisplayOptions({ theme, toolCards, images, mode, position });
    }
  }

  /** Fires `agent-chat-error` once for each problem not announced yet (the element calls it once drawn). */
  announceProblems(): void {
    for (const message of this.problems) {
      if (this.announced.has(message)) continue;
      this.announced.add(message);
      emit(this.host, 'agent-chat-error', { kind: 'config', message });
    }
  }

  /** The extra request headers (the conversation server gets them too). */
  get headers(): HeadersInput | undefined {
    return this.resolved?.config.headers;
  }

  /** The fetch credentials for the backend (MCP App requests go the same way). */
  get credentials(): RequestCredentials {
    return this.resolved?.config.credentials ?? 'same-origin';
  }

  /** What the page author set wrong (a custom transport makes the connection settings moot). */
  get problems(): string[] {
    const connection = this.host.transport ? [] : (this.resolved?.problems ?? []);
    return [...connection, ...this.displayProblems, ...this.otherProblems()];
  }

  /** The backend: the page's transport, else one for `endpoint` (an Error says what is missing). */
  transport(): ChatTransport | Error {
    if (this.host.transport) return this.host.transport;
    // Resolved now, not at the last render: a page may set `endpoint` and call send() in one go.
    const { config, problems, missingEndpoint } = this.resolve();
    if (missingEndpoint) return new Error(MISSING_ENDPOINT);
    if (problems.length) return new Error(problems.join(' '));
    return createTransport(config.protocol, { endpoint: config.endpoint!, headers: config.headers, credentials: config.credentials });
  }

  private resolve(): ResolvedConnection {
    const { endpoint, protocol, headers, credentials, transport } = this.host;
    return resolveConnection({ endpoint, protocol, headers, credentials, hasTransport: transport !== undefined });
  }
}

function changed(before: readonly unknown[], now: readonly unknown[]): boolean {
  return before.length !== now.length || now.some((value, index) => value !== before[index]);
}
