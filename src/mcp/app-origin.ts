/**
 * Which sandbox an app runs in: the page's `sandbox-url`, and an origin of the app's own when its
 * resource asks for one (`_meta.ui.domain`) and the page's sandbox can give it.
 *
 * A page gives dedicated origins with a `{domain}` placeholder at the start of its sandbox
 * address's host, e.g. `https://{domain}.apps.example.net/sandbox.html` (a wildcard DNS name
 * serving the same `sandbox.html`). Every app's proxy — the frame that speaks for it to the chat —
 * is loaded from the shared name `default.apps.example.net`. An app that may have a domain of its
 * own runs one frame further in, in a page loaded from that domain, which takes the app's document
 * from the proxy and becomes it: the app has that origin, and still cannot reach its proxy (another
 * origin) or the page.
 *
 * The domain is the server's, so no server can take another's: its label is the first 32 hex
 * digits of the SHA-256 of the server's address as the page gives it (resolved, without a
 * fragment) — `https://mcp.weather.com/mcp` has `<32 hex>.apps.example.net`.
 */
export const DEFAULT_LABEL = 'default';
const PLACEHOLDER = '{domain}';
/** A label the chat derives (hex); the proxy takes no other for an app page. */
export const APP_LABEL = /^[0-9a-f]{32}$/;

export interface AppSandbox {
  /** The proxy page to load; none: the opaque single frame. */
  url?: string;
  /** The page on the app's own domain that becomes the app's document (inside the proxy). */
  appPage?: string;
  /** Why the app's `domain` was not honoured, for the console. */
  note?: string;
}

/** The server's address as its label is made from: resolved, no fragment. */
export function serverAddress(serverUrl: string, base?: string): string | undefined {
  try {
    const url = new URL(serverUrl, base);
    url.hash = '';
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The sandbox label of the MCP server at `serverUrl` (none where the browser gives no SHA-256: not a secure context). */
export async function serverLabel(serverUrl: string | undefined, base?: string): Promise<string | undefined> {
  const address = serverUrl && serverAddress(serverUrl, base);
  if (!address || !globalThis.crypto?.subtle) return undefined;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(address)));
  return Array.from(digest.slice(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The sandbox for an app whose resource declares `domain`, from its server at `serverUrl` (none
 * for a server the backend owns), under the page's `sandboxUrl`, on the page at `pageOrigin`.
 */
export async function appSandbox(sandboxUrl: string | undefined, domain: unknown, serverUrl: string | undefined, base?: string, pageOrigin?: string): Promise<AppSandbox> {
  const asked = typeof domain === 'string' && domain.trim() ? domain.trim().toLowerCase() : undefined;
  const ignored = (why: string) => (asked ? `The app's domain "${asked}" is ignored: ${why}` : undefined);
  if (!sandboxUrl) return { note: ignored('without sandbox-url, apps run in an opaque origin of their own.') };
  if (!sandboxUrl.includes(PLACEHOLDER)) return { url: sandboxUrl, note: ignored('the sandbox-url has no {domain} for dedicated origins.') };
  const shared = sandboxUrl.replace(PLACEHOLDER, DEFAULT_LABEL);
  if (!asked) return { url: shared };
  let host = '';
  try {
    host = new URL(shared, base).hostname;
  } catch {
    // Not an address: no origin can be made from it.
  }
  if (!host.startsWith(`${DEFAULT_LABEL}.`)) return { url: shared, note: ignored('{domain} must begin the sandbox-url’s host.') };
  const label = await serverLabel(serverUrl, base);
  if (!label) return { url: shared, note: ignored('only a server the page connects to by its address, on a secure page, can have a domain.') };
  const own = `${label}${host.slice(DEFAULT_LABEL.length)}`;
  if (asked !== own) return { url: shared, note: ignored(`this server's domain is "${own}".`) };
  const appPage = new URL(sandboxUrl.replace(PLACEHOLDER, label), base).href;
  if (new URL(appPage).origin === pageOrigin) return { url: shared, note: ignored('it is the page’s own origin.') };
  return { url: shared, appPage };
}
