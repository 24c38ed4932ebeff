/**
 * One MCP server's sign-in, as its connection sees it: the provider the transport uses, the
 * authorization URL the SDK made when the server answered 401, and the press that opens it. After
 * the window answers with the right `state`, the code is exchanged for tokens (the SDK does it,
 * PKCE verifier and `resource` included) and the connection connects again.
 */
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { BrowserOAuthProvider } from './browser-oauth-provider.js';
import { SignInStore } from './sign-in-store.js';
import { openSignInWindow, signInCallback } from './sign-in-window.js';
import type { SignInStart } from '../mcp-types.js';

export interface SignInSettings {
  storageKey: string;
  serverUrl: string;
  redirectUrl: string;
  clientId?: string;
  clientMetadataUrl?: string;
  scopes?: string[];
}

export class ServerSignIn {
  readonly provider: BrowserOAuthProvider;
  private readonly store: SignInStore;
  private authorizationUrl?: URL;
  private waiting?: AbortController;

  constructor(settings: SignInSettings) {
    this.store = new SignInStore(SignInStore.keyOf(settings.storageKey, settings.serverUrl));
    this.provider = new BrowserOAuthProvider({
      store: this.store,
      redirectUrl: settings.redirectUrl,
      clientId: settings.clientId,
      clientMetadataUrl: settings.clientMetadataUrl,
      scopes: settings.scopes,
      onAuthorizationUrl: (url) => (this.authorizationUrl = url),
    });
  }

  /** The SDK asked for the person's authorization in the attempt that just failed. */
  get needsPerson(): boolean {
    return this.authorizationUrl !== undefined;
  }

  /**
   * Opens the authorization window (call it in the press's handler) and, once it answers, hands
   * its code to `transport`; `done(error?)` is called when that is over, either way.
   */
  start(transport: StreamableHTTPClientTransport, done: (error?: string) => void): SignInStart {
    const url = this.authorizationUrl;
    if (!url) return 'not-needed';
    const popup = openSignInWindow(url);
    if (!popup) return 'blocked';
    this.waiting?.abort();
    const waiting = (this.waiting = new AbortController());
    void (async () => {
      try {
        // The answer must carry the state of the URL this window opened (not another tab's).
        const expected = url.searchParams.get('state');
        if (!expected) throw new Error('the sign-in has no state; press Sign in again.');
        const params = await signInCallback(expected, waiting.signal);
        if (params.error) throw new Error(params.error_description ? `${params.error}: ${params.error_description}` : params.error);
        this.provider.redeeming(expected);
        await transport.finishAuth(new URLSearchParams(params));
        this.authorizationUrl = undefined;
        done();
      } catch (error) {
        if (waiting.signal.aborted) return;
        done(error instanceof Error ? error.message : String(error));
      }
    })();
    return 'opened';
  }

  /**
   * Another chat of this record (another tab, say) signed in to the server or out of it:
   * `listener(signedIn)`. A sign-in there is one here too: no window of ours is needed any more.
   */
  watchElsewhere(listener: (signedIn: boolean) => void): () => void {
    return this.store.watch((signedIn) => {
      if (signedIn) this.authorizationUrl = undefined;
      listener(signedIn);
    });
  }

  /** Forgets the tokens of this server (the registration stays; another tab's sign-in under way too). */
  async forget(): Promise<void> {
    this.waiting?.abort();
    this.authorizationUrl = undefined;
    await this.store.update({ tokens: undefined, tokensSavedAt: undefined });
  }

  close(): void {
    this.waiting?.abort();
  }
}
