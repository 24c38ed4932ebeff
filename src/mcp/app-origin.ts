/**
 * Which sandbox an app runs in: the page's `sandbox-url`, and an origin of the app's own when its
 * resource asks for one (`_meta.ui.domain`) and the page's sandbox can give it.
 *
 * A page gives dedicated origins with a `{domain}` placeholder in its sandbox address's host, e.g.
 * `https://{domain}.apps.example.com/sandbox.html` (a wildcard DNS name serving the same proxy).
 * The domain an app may have is derived from its MCP server's own address, so no server can take
 * another's: the server's host with its dots (and port colon) as dashes, then the sandbox's
 * suffix — the server at `https://mcp.weather.com` has `mcp-weather-com.apps.example.com`.
 * Apps without a domain share the `default` name, where they run in an opaque origin as always.
 * Only an app on its own domain runs with that origin (`allow-same-origin` in the proxy's inner
 * frame): CORS, OAuth callbacks and key allowlists can name it, and it is still not the page's.
 */
export const DEFAULT_LABEL = 'default';
const PLACEHOLDER = '{domain}';

export interface AppSandbox {
  /** The proxy page to load; none: the opaque single frame. */
  url?: string;
  /** The app runs with its sandbox's origin (its own domain). */
  dedicated: boolean;
  /** Why the app's `domain` was not honoured, for the console. */
  note?: string;
}

/** The sandbox label of the MCP server at `serverUrl`: its host (and port) with dashes. */
export function serverLabel(serverUrl: string | undefined, base?: string): string | undefined {
  if (!serverUrl) return undefined;
  try {
    const url = new URL(serverUrl, base);
    const label = `${url.hostname}${url.port ? `-${url.port}` : ''}`.toLowerCase().replace(/[.:[\]]/g, '-');
    return /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label) && label !== DEFAULT_LABEL ? label : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The sandbox for an app whose resource declares `domain`, from its server at `serverUrl` (none
 * for a server the backend owns), under the page's `sandboxUrl`.
 */
export function appSandbox(sandboxUrl: string | undefined, domain: unknown, serverUrl: string | undefined, base?: string): AppSandbox {
  const asked = typeof domain === 'string' && domain.trim() ? domain.trim().toLowerCase() : undefined;
  const ignored = (why: string) => (asked ? `The app's domain "${asked}" is ignored: ${why}` : undefined);
  if (!sandboxUrl) return { dedicated: false, note: ignored('without sandbox-url, apps run in an opaque origin of their own.') };
  const at = sandboxUrl.indexOf(PLACEHOLDER);
  if (at < 0) return { url: sandboxUrl, dedicated: false, note: ignored('the sandbox-url has no {domain} for dedicated origins.') };
  const shared = sandboxUrl.replace(PLACEHOLDER, DEFAULT_LABEL);
  if (!asked) return { url: shared, dedicated: false };
  let host = '';
  try {
    host = new URL(shared, base).hostname;
  } catch {
    // Not an address: no origin can be made from it.
  }
  if (!host.startsWith(`${DEFAULT_LABEL}.`)) return { url: shared, dedicated: false, note: ignored('{domain} must begin the sandbox-url’s host.') };
  const suffix = host.slice(DEFAULT_LABEL.length);
  const label = serverLabel(serverUrl, base);
  if (!label) return { url: shared, dedicated: false, note: ignored('only a server the page connects to by its address can have a domain.') };
  if (asked !== `${label}${suffix}`) return { url: shared, dedicated: false, note: ignored(`this server's domain is "${label}${suffix}".`) };
  return { url: sandboxUrl.replace(PLACEHOLDER, label), dedicated: true };
}
