/**
 * One MCP server the widget connects to: the SDK client over Streamable HTTP, advertising the MCP
 * Apps extension; its tools, listed once when connecting and kept; its UI resources read on demand.
 * Part of the lazily loaded MCP host.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { errorText } from '../internal/errors.js';
import { resourceMeta } from './tool-meta.js';
import { APP_MIME_TYPE, UI_EXTENSION_ID, type McpCallResult, type McpServerConfig, type McpTool, type UiResourceMeta } from './types.js';

const CLIENT_INFO = { name: 'agent-chat', version: '0.1.0' };
/** Pages of `tools/list` and `resources/list` followed at most. */
const MAX_PAGES = 20;

export interface AppResource {
  html: string;
  meta?: UiResourceMeta;
}

export class McpConnection {
  tools: McpTool[] = [];
  /** Why the server could not be used, once connecting failed. */
  failure?: string;
  private client?: Client;
  private resourceListing?: Promise<Map<string, Record<string, unknown> | undefined>>;
  readonly ready: Promise<void>;

  constructor(
    /** Replaced when the page gives the same server again (its check may have changed). */
    public config: McpServerConfig,
    private readonly credentials: RequestCredentials,
  ) {
    this.ready = this.connect();
  }

  get name(): string {
    return this.config.name;
  }

  private async connect(): Promise<void> {
    try {
      const client = new Client(CLIENT_INFO, {
        capabilities: { extensions: { [UI_EXTENSION_ID]: { mimeTypes: [APP_MIME_TYPE] } } },
      });
      const transport = new StreamableHTTPClientTransport(new URL(this.config.url, document.baseURI), {
        requestInit: { headers: this.config.headers, credentials: this.credentials },
      });
      await client.connect(transport);
      this.client = client;
      const tools: McpTool[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const listed = await client.listTools(cursor ? { cursor } : {});
        tools.push(...(listed.tools as McpTool[]));
        cursor = listed.nextCursor;
        if (!cursor) break;
      }
      this.tools = tools;
    } catch (error) {
      this.failure = `The MCP server "${this.name}" (${this.config.url}) could not be reached: ${errorText(error)}`;
      throw new Error(this.failure);
    }
  }

  tool(name: string): McpTool | undefined {
    return this.tools.find((tool) => tool.name === name);
  }

  async callTool(name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<McpCallResult> {
    const client = await this.connected();
    try {
      return (await client.callTool({ name, arguments: args }, { signal })) as McpCallResult;
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new Error(`The MCP server "${this.name}" could not run ${name}: ${errorText(error)}`);
    }
  }

  /** Reads a `ui://` resource as an app document. */
  async readAppResource(uri: string): Promise<AppResource> {
    const client = await this.connected();
    let result;
    try {
      result = await client.readResource({ uri });
    } catch (error) {
      throw new Error(`The MCP server "${this.name}" could not give the app ${uri}: ${errorText(error)}`);
    }
    const listing = await this.listingMeta(uri);
    return appResourceFrom(result, uri, listing);
  }

  /** Any resource of this server, as the server gives it (an app reading its own server). */
  async readResourceRaw(uri: string): Promise<unknown> {
    const client = await this.connected();
    return client.readResource({ uri });
  }

  close(): void {
    void this.client?.close().catch(() => undefined);
  }

  private async connected(): Promise<Client> {
    await this.ready;
    return this.client!;
  }

  /** `_meta.ui` of a resource as `resources/list` gives it now (nothing for an unlisted one). */
  async listedUiMeta(uri: string): Promise<UiResourceMeta | undefined> {
    await this.ready;
    return resourceMeta(undefined, await this.listingMeta(uri));
  }

  /** `_meta` of a resource in `resources/list` (read once; a server without the list gives none). */
  private async listingMeta(uri: string): Promise<Record<string, unknown> | undefined> {
    this.resourceListing ??= (async () => {
      const byUri = new Map<string, Record<string, unknown> | undefined>();
      try {
        let cursor: string | undefined;
        for (let page = 0; page < MAX_PAGES; page++) {
          const listed = await this.client!.listResources(cursor ? { cursor } : {});
          for (const resource of listed.resources) byUri.set(resource.uri, resource._meta as Record<string, unknown> | undefined);
          cursor = listed.nextCursor;
          if (!cursor) break;
        }
      } catch {
        // The listing only adds defaults; the content item's own _meta still applies.
      }
      return byUri;
    })();
    return (await this.resourceListing).get(uri);
  }
}

/** The app document in a `resources/read` result: `text`, or base64 `blob` decoded as UTF-8. */
export function appResourceFrom(result: unknown, uri: string, listingMeta?: unknown): AppResource {
  const contents = (result as { contents?: unknown[] } | undefined)?.contents;
  if (!Array.isArray(contents) || contents.length === 0) throw new Error(`The app ${uri} came back empty.`);
  const items = contents as { uri?: string; mimeType?: string; text?: unknown; blob?: unknown; _meta?: unknown }[];
  const item = items.find((entry) => entry.mimeType === APP_MIME_TYPE) ?? items.find((entry) => entry.uri === uri) ?? items[0];
  if (item.mimeType !== undefined && item.mimeType !== APP_MIME_TYPE) {
    throw new Error(`The app ${uri} is ${item.mimeType}, not ${APP_MIME_TYPE}.`);
  }
  let html: string;
  if (typeof item.text === 'string') html = item.text;
  else if (typeof item.blob === 'string') html = decodeBase64(item.blob, uri);
  else throw new Error(`The app ${uri} has neither text nor blob content.`);
  return { html, meta: resourceMeta(item._meta, listingMeta) };
}

function decodeBase64(blob: string, uri: string): string {
  try {
    const bytes = Uint8Array.from(atob(blob), (char) => char.charCodeAt(0));
    return new TextDecoder().decode(bytes);
  } catch {
    throw new Error(`The app ${uri} has a blob that is not base64.`);
  }
}
