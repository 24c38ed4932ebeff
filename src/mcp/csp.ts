/**
 * The Content-Security-Policy an app document runs under (MCP Apps spec, "Security"): built from
 * the resource's `_meta.ui.csp`, else the spec's restrictive default; `object-src 'none'` always.
 * Pure; used by the host for the single-iframe sandbox and by the sandbox proxy page.
 *
 * What runs inside the document is as free as the reference host makes it (`eval`, `blob:` and
 * `data:` scripts, `blob:` workers — three.js compiles code, pdf.js starts its worker from a blob), since
 * the sandbox, not the policy, is what keeps the app from the page. What leaves the document —
 * network, frames, forms, base URL — is only what the resource declares.
 *
 * It never says `'self'`: an app document is a `srcdoc` in an opaque origin, and there `'self'`
 * would be the page's origin (and the page's relative URLs), which is nothing of the app's.
 */
import type { UiResourceMeta } from './mcp-types.js';

type CspDomains = NonNullable<UiResourceMeta['csp']>;

/**
 * An origin a server may list: scheme, host (optionally `*.` wildcard subdomains), optional port.
 * Anything else (paths aside) is dropped, so a listed value can never add a directive or keyword.
 */
const SOURCE = /^(https?|wss?):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?\/?$/i;

export interface BuiltCsp {
  policy: string;
  /** Listed values that are not origins and were left out. */
  dropped: string[];
}

export function buildCsp(csp: CspDomains | undefined): BuiltCsp {
  const dropped: string[] = [];
  const list = (values: unknown): string[] => {
    if (!Array.isArray(values)) return [];
    const kept: string[] = [];
    for (const value of values) {
      if (typeof value === 'string' && SOURCE.test(value.trim())) kept.push(value.trim().replace(/\/$/, ''));
      else dropped.push(String(value));
    }
    return kept;
  };
  const connect = list(csp?.connectDomains);
  const resources = list(csp?.resourceDomains);
  const frames = list(csp?.frameDomains);
  const bases = list(csp?.baseUriDomains);
  const withResources = (...own: string[]) => [...own, ...resources].join(' ');

  const directives = [
    "default-src 'none'",
    `script-src ${withResources("'unsafe-inline'", "'unsafe-eval'", 'blob:', 'data:')}`,
    `worker-src ${withResources('blob:')}`,
    `style-src ${withResources("'unsafe-inline'", 'blob:', 'data:')}`,
    `img-src ${withResources('data:', 'blob:')}`,
    `font-src ${withResources('data:', 'blob:')}`,
    `media-src ${withResources('data:', 'blob:')}`,
    `connect-src ${connect.length ? connect.join(' ') : "'none'"}`,
    `frame-src ${frames.length ? frames.join(' ') : "'none'"}`,
    `base-uri ${bases.length ? bases.join(' ') : "'none'"}`,
    "object-src 'none'",
    "form-action 'none'",
  ];
  return { policy: directives.join('; '), dropped };
}

/**
 * Puts the policy into the document before anything else in it (after a doctype): a meta policy
 * only governs what follows it, so nothing of the app's may come first. The parser places the
 * meta in the implied `<head>`; the document's own `<html>` and `<head>` tags still apply.
 * `then` (the bootstrap) goes right after the policy.
 */
export function injectCsp(html: string, policy: string, then = ''): string {
  const tag = `<meta http-equiv="Content-Security-Policy" content="${policy.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">`;
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  const at = doctype ? doctype[0].length : 0;
  return `${html.slice(0, at)}${tag}${then}${html.slice(at)}`;
}

const PERMISSION_FEATURES: Record<string, string> = {
  camera: 'camera',
  microphone: 'microphone',
  geolocation: 'geolocation',
  clipboardWrite: 'clipboard-write',
};

/** The `app-permissions` values the widget knows (the `allow` features it may delegate). */
export const PAGE_PERMISSIONS = Object.values(PERMISSION_FEATURES);

/** The features `app-permissions` grants, from its space-separated value (unknown ones dropped). */
export function grantedPermissions(value: string | null | undefined): string[] {
  return [...new Set((value ?? '').split(/\s+/).filter((feature) => PAGE_PERMISSIONS.includes(feature)))];
}

/** The permissions a resource asks for that the page grants (`granted`: `allow` feature names). */
export function permittedOnly(permissions: UiResourceMeta['permissions'], granted: readonly string[]): NonNullable<UiResourceMeta['permissions']> {
  if (!permissions || typeof permissions !== 'object') return {};
  return Object.fromEntries(Object.entries(permissions).filter(([key]) => Object.hasOwn(PERMISSION_FEATURES, key) && granted.includes(PERMISSION_FEATURES[key])));
}

/** The iframe `allow` attribute for the permissions given (unknown ones ignored). */
export function allowAttribute(permissions: UiResourceMeta['permissions']): string {
  if (!permissions || typeof permissions !== 'object') return '';
  return Object.keys(permissions)
    .filter((key) => Object.hasOwn(PERMISSION_FEATURES, key))
    .map((key) => PERMISSION_FEATURES[key])
    .join('; ');
}
