/**
 * The one place a `protocol` name picks its adapter. Each adapter is a chunk of its own: the
 * element asks for it as soon as it knows the protocol (`preloadTransport`), so by the time a
 * reply is sent its code is there, and a page pays only for the protocol it speaks.
 */
import type { ChatEvent, RunRequest } from './contract.js';
import type { ChatBatchedTransport, ChatReconnectOptions, ChatRunOptions, ChatTransport } from '../conversation/types.js';
import type { HttpSettings } from './http.js';

type Adapter = new (settings: HttpSettings) => ChatTransport & Partial<ChatBatchedTransport>;

interface AdapterEntry {
  what: string;
  /** Whether it can pick up a reply after a reload (`reconnect`). */
  reconnects: boolean;
  load: () => Promise<Adapter>;
}

/** Each protocol's adapter: a protocol is a folder under src/protocol/ and one entry here. */
const ADAPTERS = {
  'ag-ui': { what: 'The AG-UI adapter', reconnects: false, load: () => import('./ag-ui/ag-ui.js').then((module) => module.AgUiAdapter) },
  'ai-sdk': { what: 'The AI SDK adapter', reconnects: true, load: () => import('./ai-sdk/ai-sdk.js').then((module) => module.AiSdkAdapter) },
} satisfies Record<string, AdapterEntry>;

/** A `protocol` attribute value this version speaks. */
export type Protocol = keyof typeof ADAPTERS;
export const PROTOCOLS = Object.keys(ADAPTERS) as Protocol[];
export const isProtocol = (name: string): name is Protocol => Object.hasOwn(ADAPTERS, name);

const loaders = new Map<Protocol, () => Promise<Adapter>>();

/** The adapter's code, loaded once; a failed load is tried again the next time. */
function adapterFor(protocol: Protocol): Promise<Adapter> {
  let load = loaders.get(protocol);
  if (!load) {
    let loading: Promise<Adapter> | undefined;
    load = () =>
      (loading ??= ADAPTERS[protocol].load().catch((error: unknown) => {
        loading = undefined;
        throw error;
      }));
    loaders.set(protocol, load);
  }
  return load();
}

/** Starts loading the adapter of `protocol` (errors wait for the reply that needs it). */
export const preloadTransport = (protocol: Protocol): void => void adapterFor(protocol).catch(() => {});

export function createTransport(protocol: Protocol, settings: HttpSettings): ChatTransport {
  return new LazyTransport(protocol, settings);
}

/** A transport whose code loads on its first run; a failed load fails that reply (the next one tries again). */
export class LazyTransport implements ChatTransport, ChatBatchedTransport {
  readonly reconnect?: ChatTransport['reconnect'];

  constructor(
    private readonly protocol: Protocol,
    private readonly settings: HttpSettings,
  ) {
    if (ADAPTERS[protocol].reconnects) this.reconnect = this.reconnectLoaded;
  }

  async *run(request: RunRequest, options: ChatRunOptions): AsyncGenerator<ChatEvent> {
    for await (const batch of this.loadedBatches(request, options)) yield* batch;
  }

  /** The events a read at a time; undefined for a subclass that overrides `run` (it is read through its own). */
  runBatches(request: RunRequest, options: ChatRunOptions): AsyncIterable<readonly ChatEvent[]> | undefined {
    return this.run === LazyTransport.prototype.run ? this.loadedBatches(request, options) : undefined;
  }

  reconnectBatches(options: ChatReconnectOptions): AsyncIterable<readonly ChatEvent[]> | undefined {
    return this.reconnect === this.reconnectLoaded ? this.loadedBatches(undefined, options) : undefined;
  }

  private async *reconnectLoaded(options: ChatReconnectOptions): AsyncGenerator<ChatEvent> {
    for await (const batch of this.loadedBatches(undefined, options)) yield* batch;
  }

  /** A run's events (`request` given) or a picked-up reply's, from the loaded adapter. */
  private async *loadedBatches(request: RunRequest | undefined, options: ChatRunOptions | ChatReconnectOptions): AsyncGenerator<readonly ChatEvent[]> {
    const transport = await this.transport();
    if (transport instanceof Error) yield [this.failed(transport)];
    else {
      const batches = request ? transport.runBatches?.(request, options as ChatRunOptions) : transport.reconnectBatches?.(options as ChatReconnectOptions);
      // An adapter without batches is read event by event.
      const events = batches ? undefined : request ? transport.run(request, options as ChatRunOptions) : transport.reconnect?.(options as ChatReconnectOptions);
      if (batches) yield* batches;
      else if (events) for await (const event of events) yield [event];
    }
  }

  private async transport(): Promise<(ChatTransport & Partial<ChatBatchedTransport>) | Error> {
    try {
      return new (await adapterFor(this.protocol))(this.settings);
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  }

  private failed(error: Error): ChatEvent {
    return { type: 'run-error', error: { kind: 'network', message: `${ADAPTERS[this.protocol].what} could not be loaded (${error.message}).` } };
  }
}

/** The AG-UI 1.0 adapter (POST RunAgentInput, read its SSE reply), to wrap or extend. */
export class AgUiTransport extends LazyTransport {
  constructor(settings: HttpSettings) {
    super('ag-ui', settings);
  }
}

/** The AI SDK UI message stream adapter (what `useChat` speaks), to wrap or extend. */
export class AiSdkTransport extends LazyTransport {
  constructor(settings: HttpSettings) {
    super('ai-sdk', settings);
  }
}
