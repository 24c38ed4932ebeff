import { expect } from '@open-wc/testing';
import { signInCallbackOf } from '../../../../src/oauth-callback/callback-message.js';
import { BrowserOAuthProvider } from '../../../../src/mcp/oauth/browser-oauth-provider.js';
import { SignInStore } from '../../../../src/mcp/oauth/sign-in-store.js';

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
    await a.update({ tokensSavedAt: 1 });
    await b.update({ tokensSavedAt: 2 });
    await otherChat.update({ tokensSavedAt: 3 });
    expect(await a.read()).to.deep.equal({ tokensSavedAt: 1 });
    await a.forget();
    expect(await a.read()).to.deep.equal({});
    expect((await b.read()).tokensSavedAt).to.equal(2);
    expect((await otherChat.read()).tokensSavedAt).to.equal(3);
    expect(localStorage.length + sessionStorage.length).to.equal(0);
  });

  it('keeps each sign-in’s verifier by its state (two tabs at once); saving tokens spends it; invalidating drops only what it names', async () => {
    const store = new SignInStore(unique());
    const { provider: tabA } = providerFor(store);
    const { provider: tabB } = providerFor(store);
    const stateA = tabA.state();
    await tabA.saveCodeVerifier('verifier-a');
    const stateB = tabB.state();
    await tabB.saveCodeVerifier('verifier-b');
    expect(stateA).to.match(/^[\w-]{20,}$/);
    expect(stateA).to.not.equal(stateB);
    tabA.redeeming(stateA);
    expect(await tabA.codeVerifier()).to.equal('verifier-a');
    await tabA.saveClientInformation({ client_id: 'dyn' });
    await tabA.saveTokens({ access_token: 'at', token_type: 'Bearer', refresh_token: 'rt' });
    const kept = await store.read();
    expect(kept.pending).to.deep.equal({ [stateB]: 'verifier-b' }, 'A’s spent, B’s still waiting');
    expect(kept.tokensSavedAt).to.be.a('number');
    tabB.redeeming(stateB);
    expect(await tabB.codeVerifier()).to.equal('verifier-b');
    await tabA.invalidateCredentials('tokens');
    expect(await tabA.tokens()).to.equal(undefined);
    expect(await tabA.clientInformation()).to.deep.equal({ client_id: 'dyn' });
    await tabA.invalidateCredentials('all');
    expect(await store.read()).to.deep.equal({});
    let refused = '';
    await tabB.codeVerifier().catch((error: Error) => (refused = error.message));
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
