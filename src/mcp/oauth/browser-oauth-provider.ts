/**
 * The SDK's `OAuthClientProvider` for a browser page: a public client (no secret, PKCE) whose
 * state lives in IndexedDB (sign-in-store.ts). It never navigates the page: when the SDK needs the
 * person to authorize, the URL is handed to `onAuthorizationUrl`, and the chat opens it in a window
 * only when the person presses Sign in. Client identity, in this order: a pre-registered
 * `client-id`, a client ID metadata document (`client-metadata-url`), dynamic registration.
 */
import type { OAuthClientMetadata, OAuthClientProvider, OAuthDiscoveryState, StoredOAuthClientInformation, StoredOAuthTokens } from '@modelcontextprotocol/client';
import type { SignInStore } from './sign-in-store.js';

export interface BrowserOAuthOptions {
  store: SignInStore;
  /** Where the authorization server sends the person back (the page's origin). */
  redirectUrl: string;
  clientId?: string;
  clientMetadataUrl?: string;
  scopes?: string[];
  /** The SDK has an authorization URL for the person to open. */
  onAuthorizationUrl(url: URL): void;
}

/** Sign-ins under way kept at once (per storage key and server). */
const MAX_PENDING = 5;

function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export class BrowserOAuthProvider implements OAuthClientProvider {
  /** The SDK began an authorization with this provider (it asked who the client is) since the flag was cleared. */
  authorizing = false;

  constructor(private readonly options: BrowserOAuthOptions) {}

  get redirectUrl(): string {
    return this.options.redirectUrl;
  }

  get clientMetadataUrl(): string | undefined {
    return this.options.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: `agent-chat on ${location.host}`,
      redirect_uris: [this.options.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...(this.options.scopes?.length ? { scope: this.options.scopes.join(' ') } : {}),
    };
  }

  /** The `state` of the authorization URL made last (its verifier is saved right after). */
  private lastState?: string;
  /** The `state` of the answer being redeemed: whose verifier goes with the code. */
  private answering?: string;

  state(): string {
    this.lastState = randomState();
    return this.lastState;
  }

  /** The window answered with `state` (the one its URL carried): its code is redeemed next. */
  redeeming(state: string): void {
    this.answering = state;
  }

  async clientInformation(): Promise<StoredOAuthClientInformation | undefined> {
    this.authorizing = true;
    if (this.options.clientId) return { client_id: this.options.clientId };
    return (await this.options.store.read()).client;
  }

  async saveClientInformation(client: StoredOAuthClientInformation): Promise<void> {
    await this.options.store.update({ client });
  }

  async tokens(): Promise<StoredOAuthTokens | undefined> {
    return (await this.options.store.read()).tokens;
  }

  async saveTokens(tokens: StoredOAuthTokens): Promise<void> {
    // The sign-in is over: its verifier is spent.
    const { pending = {} } = await this.options.store.read();
    const { [this.answering ?? '']: _spent, ...others } = pending;
    await this.options.store.update({ tokens, tokensSavedAt: Date.now(), pending: Object.keys(others).length ? others : undefined });
  }

  redirectToAuthorization(url: URL): void {
    this.options.onAuthorizationUrl(url);
  }

  async saveCodeVerifier(verifier: string): Promise<void> {
    if (!this.lastState) throw new Error('A code verifier came before its state.');
    const { pending = {} } = await this.options.store.read();
    const kept = Object.entries(pending).slice(-(MAX_PENDING - 1));
    await this.options.store.update({ pending: Object.fromEntries([...kept, [this.lastState, verifier]]) });
  }

  async codeVerifier(): Promise<string> {
    const verifier = this.answering ? (await this.options.store.read()).pending?.[this.answering] : undefined;
    if (!verifier) throw new Error('No sign-in is under way for this answer (its code verifier is gone).');
    return verifier;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    const { store } = this.options;
    if (scope === 'all') return store.forget();
    if (scope === 'client') return store.update({ client: undefined });
    if (scope === 'tokens') return store.update({ tokens: undefined, tokensSavedAt: undefined });
    if (scope === 'verifier') return store.update({ pending: undefined });
    return store.update({ discovery: undefined });
  }

  async saveDiscoveryState(discovery: OAuthDiscoveryState): Promise<void> {
    await this.options.store.update({ discovery });
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    return (await this.options.store.read()).discovery;
  }
}
