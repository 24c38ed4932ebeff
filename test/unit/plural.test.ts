import { expect } from '@open-wc/testing';
import { englishSchemaFormLabels, validatePayload, type SchemaFormLabels } from '../../src/ask/forms/schema-form.js';
import { formLabels } from '../../src/i18n/form-labels.js';
import { formatCount, pluralForm, type Counted } from '../../src/i18n/plural.js';
import { loadStrings, resolveStrings, type ChatStrings } from '../../src/i18n/strings.js';

const languages = ['en', 'de', 'fr'];

describe('counted texts (Intl.PluralRules)', () => {
  before(() => Promise.all([loadStrings('de'), loadStrings('fr')]));
  it('picks the form of the number, and writes the number the language’s way', () => {
    const calls: Counted = { one: '{count} call', other: '{count} calls' };
    expect([0, 1, 2, 1000].map((n) => formatCount(calls, n, 'en'))).to.deep.equal(['0 calls', '1 call', '2 calls', '1,000 calls']);
    expect(formatCount({ one: '{count} Aufruf', other: '{count} Aufrufe' }, 1000, 'de')).to.equal('1.000 Aufrufe');
    // French counts 0 and 1 alike.
    expect([0, 1, 2].map((n) => formatCount({ one: '{count} appel', other: '{count} appels' }, n, 'fr'))).to.deep.equal(['0 appel', '1 appel', '2 appels']);
  });

  it('uses `other` where the language has a category the text lacks, and takes a plain string as is', () => {
    expect(pluralForm({ other: 'x' }, 1, 'en')).to.equal('x');
    expect(pluralForm({ one: 'one', other: 'many' }, 3, 'ar')).to.equal('many');
    expect(formatCount('{count} Zeichen', 1, 'de')).to.equal('1 Zeichen');
    expect(formatCount({ one: '{count} call to {name}', other: '{count} calls to {name}' }, 2, 'en', { name: 'api' })).to.equal('2 calls to api');
  });

  it('survives a locale the browser does not know', () => {
    expect(formatCount({ one: '{count} call', other: '{count} calls' }, 1, 'not a tag!')).to.equal('1 call');
  });

  it('every counted UI text of en, de and fr has its singular', () => {
    const expected: Record<string, Record<string, string>> = {
      en: { activityCalls: '1 call', activityMoreCalls: '1 more call not shown', earlierMessages: 'Show 1 earlier message' },
      de: { activityCalls: '1 Aufruf', activityMoreCalls: '1 weiterer Aufruf nicht angezeigt', earlierMessages: '1 frühere Nachricht zeigen' },
      fr: { activityCalls: '1 appel', activityMoreCalls: '1 appel de plus non affiché', earlierMessages: 'Afficher le message précédent' },
    };
    for (const lang of languages) {
      const strings = resolveStrings(lang);
      const counted = Object.entries(strings).filter(([, value]) => value && typeof value === 'object' && 'other' in value);
      expect(counted.map(([key]) => key).sort(), lang).to.deep.equal(Object.keys(expected[lang]).sort());
      for (const [key, text] of Object.entries(expected[lang])) expect(formatCount(strings[key as keyof ChatStrings] as Counted, 1, strings.locale), `${lang} ${key}`).to.equal(text);
      for (const [key, value] of counted) expect(formatCount(value as Counted, 2, lang), `${lang} ${key}`).to.contain('2');
    }
  });

  it('the generated forms’ limits speak of one item, one field, one character', () => {
    const schema = {
      type: 'object',
      properties: {
        days: { type: 'array', items: { type: 'string' }, maxItems: 1 },
        code: { type: 'string', maxLength: 1 },
        extra: { type: 'object', maxProperties: 1 },
      },
    };
    const value = { days: ['a', 'b'], code: 'ab', extra: { a: 1, b: 2 } };
    const messages = (labels: SchemaFormLabels) => validatePayload(schema, value, { labels }).map((error) => error.message);
    expect(messages(englishSchemaFormLabels)).to.deep.equal(['must have at most 1 item', 'must be at most 1 character long', 'must have at most 1 field']);
    expect(messages(formLabels('de'))).to.deep.equal(['darf höchstens 1 Eintrag haben', 'darf höchstens 1 Zeichen lang sein', 'darf höchstens 1 Feld haben']);
    expect(messages(formLabels('fr-CA'))).to.deep.equal(['doit contenir au plus 1 élément', 'doit compter au plus 1 caractère', 'doit avoir au plus 1 champ']);
  });
});
