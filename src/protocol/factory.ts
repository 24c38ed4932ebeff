/**
 * The one place a `protocol` name picks its adapter. Each adapter is a chunk of its own: the
 * element asks for it as soon as it knows the protocol (`preloadTransport`), so by the time a
 * reply is sent its code is there, and a page pays only for the protocol it speaks.
 */
import type { ChatEvent } from '../conversation/events.js';
import type { Protocol } from '../config.js';
import type { HttpSettings } from './http.js';
import type { ReconnectOptions, RunOptions, RunRequest, Transport } from './transport.js';

type Adapter = new (settings: HttpSettings) => Transport;

/** Each protocol's adapter, and whether it can pick up a reply after a reload (`reconnect`). */
const ADAPTERS: Record<Protocol, { what: string; reconnects: boolean; load: () => Promise<Adapter> }> = {
  'ag-ui': { what: 'The AG-UI adapter', reconnects: false, load: () => import('./ag-ui.js').then((module) => module.AgUiTransport) },
  'ai-sdk': { what: 'The AI SDK adapter', reconnects: true, load: () => import('./ai-sdk/ai-sdk.js').then((module) => module.AiSdkTransport) },
};

const loaders = new Map<Protocol, () => Promise<Adapter>>();

/** The adapter's code, loaded once; a failed load is tried again the next time. */
function adapterFor(protocol: Protocol): Promise<Adapter> {
  let load = loaders.get(protocol);
  if (!load) {
    let loading: Promise<Adapter> | undefined;
    load = () => (loading ??= ADAPTERS[protocol].load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
    loaders.set(protocol, load);
  }
  return load();
}

/** Starts loading the adapter of `protocol` (errors wait for the reply that needs it). */
export const preloadTransport = (protocol: Protocol): void => void adapterFor(protocol).catch(() => {});

export function createTransport(protocol: Protocol, settings: HttpSettings): Transport {
  return new LazyTransport(protocol, settings);
}

/** A transport whose code loads on its first run; a failed load fails that reply (the next one tries again). */
export class LazyTransport implements Transport {
  readonly reconnect?: Transport['reconnect'];

  constructor(
    private readonly protocol: Protocol,
    private readonly settings: HttpSettings,
  ) {
    if (ADAPTERS[protocol].reconnects) this.reconnect = this.reconnectLoaded;
  }

  async *run(request: RunRequest, options: RunOptions): AsyncGenerator<ChatEvent> {
    const transport = await this.transport();
    if (transport instanceof Error) yield this.failed(transport);
    else yield* transport.run(request, options);
  }

  private async *reconnectLoaded(options: ReconnectOptions): AsyncGenerator<ChatEvent> {
    const transport = await this.transport();
    if (transport instanceof Error) yield this.failed(transport);
    else if (transport.reconnect) yield* transport.reconnect(options);
  }

  private async transport(): Promise<Transport | Error> {
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
