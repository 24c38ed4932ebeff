import { expect } from '@open-wc/testing';
import { checkAppCall, REFUSED, type NamedCheck } from '../../../src/mcp/app-call-check.js';
import { askPerson, PERSON_REFUSED, type PersonPrompt } from '../../../src/mcp/app-call-prompt.js';
import type { AppCall, AppCallCheck } from '../../../src/mcp/mcp-types.js';

const call = (args: Record<string, unknown> = { amount: 5, items: ['a'] }): AppCall => ({
  name: 'transfer',
  arguments: args,
  instanceId: 'card-1',
  kind: 'card',
  source: 'bank',
  chat: 'chat-1',
  title: 'Transfer',
  user: { id: 'u1' },
});
const named = (check: AppCallCheck, owner = 'the chat'): NamedCheck => ({ owner, check });

describe('checkAppCall', () => {
  let warnings: unknown[][];
  let originalWarn: typeof console.warn;
  beforeEach(() => {
    warnings = [];
    originalWarn = console.warn;
    console.warn = (...args: unknown[]) => {
      warnings.push(args);
    };
  });
  afterEach(() => {
    console.warn = originalWarn;
  });

  it('allows a call when there are no checks', async () => {
    expect(await checkAppCall([], call())).to.deep.equal({ allowed: true });
  });

  it('honours true, false and a string', async () => {
    expect(await checkAppCall([named(() => true)], call())).to.deep.equal({ allowed: true });
    expect(await checkAppCall([named(() => false)], call())).to.deep.equal({ allowed: false, error: REFUSED });
    expect(await checkAppCall([named(() => 'Over budget')], call())).to.deep.equal({ allowed: false, error: 'Over budget' });
    expect(warnings).to.have.length(0);
  });

  it('honours a promise of true, false or a string', async () => {
    expect(await checkAppCall([named(async () => true)], call())).to.deep.equal({ allowed: true });
    expect(await checkAppCall([named(() => Promise.resolve(false))], call())).to.deep.equal({ allowed: false, error: REFUSED });
    expect(await checkAppCall([named(() => new Promise((resolve) => setTimeout(() => resolve('Later no'), 5)))], call())).to.deep.equal({ allowed: false, error: 'Later no' });
    expect(warnings).to.have.length(0);
  });

  const bad: [string, AppCallCheck][] = [
    [
      'throws',
      () => {
        throw new Error('boom');
      },
    ],
    ['rejects', () => Promise.reject(new Error('nope'))],
    ['returns undefined', () => undefined],
    ['returns a number', () => 1],
    ['returns an object', () => ({ allowed: true })],
    ['resolves to undefined', async () => undefined],
    ['returns an array', () => [true]],
  ];
  for (const [what, check] of bad) {
    it(`refuses with a warning when the check ${what}`, async () => {
      const verdict = await checkAppCall([named(check, 'server budget')], call());
      expect(verdict).to.deep.equal({ allowed: false, error: REFUSED });
      expect(warnings).to.have.length(1);
      expect(String(warnings[0][0])).to.contain('server budget');
    });
  }

  it('runs the checks in order and both must allow', async () => {
    const seen: string[] = [];
    const verdict = await checkAppCall([named(() => (seen.push('server'), true), 'server'), named(async () => (seen.push('chat'), true))], call());
    expect(verdict).to.deep.equal({ allowed: true });
    expect(seen).to.deep.equal(['server', 'chat']);
  });

  it('stops at the first refusal; later checks are not called', async () => {
    let later = 0;
    const verdict = await checkAppCall([named(() => 'Server says no', 'server'), named(() => (later++, true))], call());
    expect(verdict).to.deep.equal({ allowed: false, error: 'Server says no' });
    expect(later).to.equal(0);

    const second = await checkAppCall([named(() => true, 'server'), named(() => 'Chat says no'), named(() => (later++, true))], call());
    expect(second).to.deep.equal({ allowed: false, error: 'Chat says no' });
    expect(later).to.equal(0);
  });

  it('does not call later checks after a check that throws', async () => {
    let later = 0;
    const verdict = await checkAppCall(
      [
        named(() => {
          throw new Error('x');
        }, 'server'),
        named(() => (later++, true)),
      ],
      call(),
    );
    expect(verdict).to.deep.equal({ allowed: false, error: REFUSED });
    expect(later).to.equal(0);
  });

  it('gives each check its own copy of the arguments', async () => {
    const original = call({ amount: 5, nested: { to: 'alice' } });
    const seenBySecond: unknown[] = [];
    const verdict = await checkAppCall(
      [
        named((c) => {
          c.arguments.amount = 1_000_000;
          (c.arguments.nested as Record<string, unknown>).to = 'mallory';
          c.arguments.extra = true;
          return true;
        }, 'server'),
        named((c) => {
          seenBySecond.push(structuredClone(c.arguments));
          return true;
        }),
      ],
      original,
    );
    expect(verdict).to.deep.equal({ allowed: true });
    expect(seenBySecond).to.deep.equal([{ amount: 5, nested: { to: 'alice' } }]);
    expect(original.arguments).to.deep.equal({ amount: 5, nested: { to: 'alice' } });
  });

  it('passes the rest of the call to the check', async () => {
    let seen: AppCall | undefined;
    await checkAppCall([named((c) => ((seen = c), true))], call());
    expect(seen).to.deep.include({ name: 'transfer', instanceId: 'card-1', kind: 'card', source: 'bank', chat: 'chat-1', title: 'Transfer' });
    expect(seen?.user).to.deep.equal({ id: 'u1' });
  });
});

describe('askPerson', () => {
  const prompt =
    (answer: boolean, asked: string[]): PersonPrompt =>
    (message) => {
      asked.push(message);
      return Promise.resolve(answer);
    };

  it('asks with the prompt given to checkAppCall when called inside a check; Allow lets the call through', async () => {
    const asked: string[] = [];
    const verdict = await checkAppCall([named(() => askPerson('Send 5 €?'))], call(), prompt(true, asked));
    expect(asked).to.deep.equal(['Send 5 €?']);
    expect(verdict).to.deep.equal({ allowed: true });
  });

  it('refuses with PERSON_REFUSED when the person refuses', async () => {
    const asked: string[] = [];
    const verdict = await checkAppCall([named(() => askPerson('Send?'))], call(), prompt(false, asked));
    expect(asked).to.deep.equal(['Send?']);
    expect(verdict).to.deep.equal({ allowed: false, error: PERSON_REFUSED });
  });

  it('resolves to true or PERSON_REFUSED itself', async () => {
    let answer: unknown;
    await checkAppCall([named(async () => (answer = await askPerson('?')) === true)], call(), () => Promise.resolve(true));
    expect(answer).to.equal(true);
    await checkAppCall([named(async () => (answer = await askPerson('?')) === true)], call(), () => Promise.resolve(false));
    expect(answer).to.equal(PERSON_REFUSED);
  });

  it('works after an await with the call object the check received', async () => {
    const asked: string[] = [];
    const verdict = await checkAppCall(
      [
        named(async (c) => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          return askPerson(`Send ${String(c.arguments.amount)}?`, c);
        }),
      ],
      call(),
      prompt(true, asked),
    );
    expect(asked).to.deep.equal(['Send 5?']);
    expect(verdict).to.deep.equal({ allowed: true });
  });

  it('uses the prompt of the right call when two checks run at once', async () => {
    const askedA: string[] = [];
    const askedB: string[] = [];
    const later = (c: AppCall) => new Promise<unknown>((resolve) => setTimeout(() => resolve(askPerson(`for ${c.instanceId}`, c)), 5));
    const [a, b] = await Promise.all([
      checkAppCall([named(later)], { ...call(), instanceId: 'A' }, prompt(true, askedA)),
      checkAppCall([named(later)], { ...call(), instanceId: 'B' }, prompt(false, askedB)),
    ]);
    expect(askedA).to.deep.equal(['for A']);
    expect(askedB).to.deep.equal(['for B']);
    expect(a).to.deep.equal({ allowed: true });
    expect(b).to.deep.equal({ allowed: false, error: PERSON_REFUSED });
  });

  it('rejects outside any check', async () => {
    let error: unknown;
    await askPerson('Anyone?').catch((e: unknown) => (error = e));
    expect(error).to.be.instanceOf(Error);
    // Not inside a check any more once checkAppCall returned.
    await checkAppCall([named(() => true)], call(), () => Promise.resolve(true));
    error = undefined;
    await askPerson('Still?').catch((e: unknown) => (error = e));
    expect(error).to.be.instanceOf(Error);
  });

  it('rejects after an await without the call object', async () => {
    const originalWarn = console.warn;
    const warnings: unknown[] = [];
    console.warn = (...args: unknown[]) => void warnings.push(args);
    try {
      const asked: string[] = [];
      const verdict = await checkAppCall(
        [
          named(async () => {
            await Promise.resolve();
            return askPerson('lost?');
          }),
        ],
        call(),
        prompt(true, asked),
      );
      expect(asked).to.deep.equal([]);
      expect(verdict).to.deep.equal({ allowed: false, error: REFUSED });
      expect(warnings).to.have.length(1);
    } finally {
      console.warn = originalWarn;
    }
  });

  it('rejects inside a check when checkAppCall was given no prompt', async () => {
    const originalWarn = console.warn;
    console.warn = () => {};
    try {
      const verdict = await checkAppCall([named(() => askPerson('?'))], call());
      expect(verdict).to.deep.equal({ allowed: false, error: REFUSED });
    } finally {
      console.warn = originalWarn;
    }
  });
});
