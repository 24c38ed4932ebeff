import { expect } from '@open-wc/testing';
import { runPageTool } from '../../../src/page-tools/page-tool-run.js';
import type { PageTool } from '../../../src/page-tools/page-tool-types.js';
import type { ClientToolCall } from '../../../src/session/client-tools.js';

const call = (extra: Partial<ClientToolCall> = {}): ClientToolCall => ({ toolCallId: 'c1', name: 'pick', arguments: { n: 2 }, threadId: 't1', runId: 'r1', ...extra });

function recording(extra: Partial<PageTool> = {}) {
  const seen: unknown[] = [];
  const tool: PageTool = {
    name: 'pick',
    parameters: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
    handler: ((args: unknown) => {
      seen.push(args);
      return { picked: (args as { n: number }).n };
    }) as PageTool['handler'],
    ...extra,
  };
  return { tool, seen };
}

describe('running a page tool call', () => {
  it('runs the handler with the checked arguments and gives its return as JSON', async () => {
    const { tool, seen } = recording();
    expect(await runPageTool(tool, call(), new AbortController().signal)).to.deep.equal({ content: { picked: 2 } });
    expect(seen).to.deep.equal([{ n: 2 }]);
  });

  it('starts nothing once Stop came while the arguments were being checked', async () => {
    const { tool, seen } = recording();
    const stop = new AbortController();
    const running = runPageTool(tool, call(), stop.signal);
    stop.abort();
    let thrown: unknown;
    await running.catch((error: unknown) => (thrown = error));
    expect((thrown as DOMException)?.name).to.equal('AbortError');
    expect(seen, 'the handler never ran').to.deep.equal([]);
  });

  it('Stop during the handler aborts its signal and ends the call', async () => {
    let aborted = false;
    const stop = new AbortController();
    const tool: PageTool = {
      name: 'pick',
      handler: ((_args: unknown, { signal }: { signal: AbortSignal }) => new Promise(() => signal.addEventListener('abort', () => (aborted = true)))) as PageTool['handler'],
    };
    const running = runPageTool(tool, call(), stop.signal);
    await new Promise((resolve) => setTimeout(resolve, 20));
    stop.abort();
    let thrown: unknown;
    await running.catch((error: unknown) => (thrown = error));
    expect(thrown).to.not.equal(undefined);
    expect(aborted).to.equal(true);
  });

  it('a call picked up after a reload asks the person first, even without confirm; their answer decides', async () => {
    const { tool, seen } = recording();
    expect(await runPageTool(tool, call({ pickedUp: true }), new AbortController().signal)).to.deep.equal({ content: undefined, waitFor: 'approval' });
    expect(seen).to.deep.equal([]);
    expect(await runPageTool(tool, call({ pickedUp: true, approval: { approved: false, reason: 'not now' } }), new AbortController().signal)).to.deep.equal({
      content: 'Denied by the person: not now',
      isError: true,
    });
    expect(await runPageTool(tool, call({ pickedUp: true, approval: { approved: true } }), new AbortController().signal)).to.deep.equal({ content: { picked: 2 } });
    expect(seen).to.have.length(1);
  });

  it('confirm as a function: false runs at once, true or a throw asks first', async () => {
    const signal = new AbortController().signal;
    expect(await runPageTool(recording({ confirm: (() => false) as PageTool['confirm'] }).tool, call(), signal)).to.deep.equal({ content: { picked: 2 } });
    expect((await runPageTool(recording({ confirm: (() => true) as PageTool['confirm'] }).tool, call(), signal)).waitFor).to.equal('approval');
    const throwing = (() => {
      throw new Error('bug');
    }) as PageTool['confirm'];
    expect((await runPageTool(recording({ confirm: throwing }).tool, call(), signal)).waitFor).to.equal('approval');
  });

  it('a return that is not JSON is an error; no return is an empty result', async () => {
    const signal = new AbortController().signal;
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(await runPageTool({ name: 'pick', handler: () => cyclic }, call(), signal)).to.deep.equal({ content: 'The tool returned a value that is not JSON.', isError: true });
    expect(await runPageTool({ name: 'pick', handler: () => undefined }, call(), signal)).to.deep.equal({ content: '' });
  });
});
