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

function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
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

  async state(): Promise<string> {
    const state = randomState();
    await this.options.store.update({ state });
    return state;
  }

  /** The `state` of the sign-in under way, to check the window's answer against. */
  async expectedState(): Promise<string | undefined> {
    return (await this.options.store.read()).state;
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
    // The sign-in is over: its verifier and state are spent.
    await this.options.store.update({ tokens, tokensSavedAt: Date.now(), verifier: undefined, state: undefined });
  }

  redirectToAuthorization(url: URL): void {
    this.options.onAuthorizationUrl(url);
  }

  async saveCodeVerifier(verifier: string): Promise<void> {
    await this.options.store.update({ verifier });
  }

  async codeVerifier(): Promise<string> {
    const { verifier } = await this.options.store.read();
    if (!verifier) throw new Error('No sign-in is under way for this server (its code verifier is gone).');
    return verifier;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    const { store } = this.options;
    if (scope === 'all') return store.forget();
    if (scope === 'client') return store.update({ client: undefined });
    if (scope === 'tokens') return store.update({ tokens: undefined, tokensSavedAt: undefined });
    if (scope === 'verifier') return store.update({ verifier: undefined });
    return store.update({ discovery: undefined });
  }

  async saveDiscoveryState(discovery: OAuthDiscoveryState): Promise<void> {
    await this.options.store.update({ discovery });
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    return (await this.options.store.read()).discovery;
  }
}
