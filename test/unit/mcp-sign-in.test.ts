import { expect } from '@open-wc/testing';
import { signInCallbackOf } from '../../src/oauth-callback/callback-message.js';
import { BrowserOAuthProvider } from '../../src/mcp/oauth/browser-oauth-provider.js';
import { SignInStore } from '../../src/mcp/oauth/sign-in-store.js';

const unique = () => `test-${Date.now()}-${Math.random().toString(36).slice(2)}`;

function providerFor(store: SignInStore, extra: Partial<ConstructorParameters<typeof BrowserOAuthProvider>[0]> = {}) {
  const urls: URL[] = [];
  const provider = new BrowserOAuthProvider({ store, redirectUrl: 'https://shop.example/dist/oauth-callback.html', onAuthorizationUrl: (url) => urls.push(url), ...extra });
  return { provider, urls };
}

describe('MCP sign-in: the callback message', () => {
  it('takes only its own type, with string parameters', () => {
    expect(signInCallbackOf({ type: 'agent-chat-oauth-callback', params: { code: 'c', state: 's', n: 3 } })).to.deep.equal({
      type: 'agent-chat-oauth-callback',
      params: { code: 'c', state: 's' },
    });
    for (const data of [null, 'x', { type: 'other', params: {} }, { type: 'agent-chat-oauth-callback' }, { type: 'agent-chat-oauth-callback', params: null }]) {
      expect(signInCallbackOf(data)).to.equal(undefined);
    }
  });
});

describe('MCP sign-in: what is kept, in IndexedDB', () => {
  it('keeps one record per storage key and server URL, and forgets one without the others', async () => {
    const key = unique();
    const a = new SignInStore(SignInStore.keyOf(key, 'https://a.example/mcp'));
    const b = new SignInStore(SignInStore.keyOf(key, 'https://b.example/mcp'));
    const otherChat = new SignInStore(SignInStore.keyOf(`${key}-2`, 'https://a.example/mcp'));
    await a.update({ verifier: 'va' });
    await b.update({ verifier: 'vb' });
    await otherChat.update({ verifier: 'vc' });
    expect(await a.read()).to.deep.equal({ verifier: 'va' });
    await a.forget();
    expect(await a.read()).to.deep.equal({});
    expect((await b.read()).verifier).to.equal('vb');
    expect((await otherChat.read()).verifier).to.equal('vc');
    expect(localStorage.length + sessionStorage.length).to.equal(0);
  });

  it('saving tokens spends the verifier and state; invalidating drops only what it names', async () => {
    const store = new SignInStore(unique());
    const { provider } = providerFor(store);
    await provider.saveCodeVerifier('verifier');
    const state = await provider.state();
    expect(state).to.match(/^[\w-]{20,}$/);
    expect(await provider.expectedState()).to.equal(state);
    expect(await provider.codeVerifier()).to.equal('verifier');
    await provider.saveClientInformation({ client_id: 'dyn' });
    await provider.saveTokens({ access_token: 'at', token_type: 'Bearer', refresh_token: 'rt' });
    const kept = await store.read();
    expect(kept.verifier).to.equal(undefined);
    expect(kept.state).to.equal(undefined);
    expect(kept.tokensSavedAt).to.be.a('number');
    await provider.invalidateCredentials('tokens');
    expect(await provider.tokens()).to.equal(undefined);
    expect(await provider.clientInformation()).to.deep.equal({ client_id: 'dyn' });
    await provider.invalidateCredentials('all');
    expect(await store.read()).to.deep.equal({});
    let refused = '';
    await provider.codeVerifier().catch((error: Error) => (refused = error.message));
    expect(refused).to.match(/No sign-in is under way/);
  });

  it('a pre-registered client id wins over a stored registration; the metadata is a public client’s', async () => {
    const store = new SignInStore(unique());
    await store.update({ client: { client_id: 'stored' } });
    const { provider } = providerFor(store, { clientId: 'given', scopes: ['notes', 'calendar'], clientMetadataUrl: 'https://shop.example/client.json' });
    expect(await provider.clientInformation()).to.deep.equal({ client_id: 'given' });
    expect(provider.authorizing).to.equal(true);
    expect(provider.clientMetadataUrl).to.equal('https://shop.example/client.json');
    expect(provider.clientMetadata).to.deep.include({
      redirect_uris: ['https://shop.example/dist/oauth-callback.html'],
      token_endpoint_auth_method: 'none',
      scope: 'notes calendar',
    });
    expect(provider.clientMetadata.grant_types).to.deep.equal(['authorization_code', 'refresh_token']);
  });

  it('hands the authorization URL over instead of navigating the page', () => {
    const { provider, urls } = providerFor(new SignInStore(unique()));
    const before = location.href;
    provider.redirectToAuthorization(new URL('https://auth.example/authorize?x=1'));
    expect(urls.map(String)).to.deep.equal(['https://auth.example/authorize?x=1']);
    expect(location.href).to.equal(before);
  });
});
