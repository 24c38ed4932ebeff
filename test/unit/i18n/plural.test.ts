import { expect } from '@open-wc/testing';
import { englishSchemaFormLabels, type SchemaFormLabels } from '../../../src/ask/forms/labels.js';
import { validatePayload } from '../../../src/ask/forms/validation.js';
import { schemaFormLabels } from '../../../src/components/interrupt/schema-form-labels.js';
import { formatCount, pluralForm, prepareCounts, type Counted, type CountedText } from '../../../src/i18n/plural.js';
import { loadStrings, resolveStrings } from '../../../src/i18n/strings.js';
import { activityTexts } from '../../../src/components/activity/activity-texts.js';
import { replyExtrasTexts } from '../../../src/components/message/reply-extras-texts.js';
import { allTexts } from '../all-texts.js';

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
      en: {
        activityCalls: '1 call',
        activityMoreCalls: '1 more call not shown',
        earlierMessages: 'Show 1 earlier message',
        mcpMoreItems: '1 more item not shown',
        queueCount: 'One message waits to be sent.',
        queueFailed: 'The reply failed: this message was not sent.',
        queueStopped: 'The reply was stopped: this message was not sent.',
        queueWaiting: 'The agent’s questions above wait for your answer: this message goes after it.',
        sourcesCount: '1 source',
        unreadReplies: '1 unread reply',
      },
      de: {
        activityCalls: '1 Aufruf',
        activityMoreCalls: '1 weiterer Aufruf nicht angezeigt',
        earlierMessages: '1 frühere Nachricht zeigen',
        mcpMoreItems: '1 weiteres Element nicht angezeigt',
        queueCount: 'Eine Nachricht wartet auf das Senden.',
        queueFailed: 'Die Antwort ist fehlgeschlagen: Diese Nachricht wurde nicht gesendet.',
        queueStopped: 'Die Antwort wurde angehalten: Diese Nachricht wurde nicht gesendet.',
        queueWaiting: 'Die Fragen des Agenten oben warten auf Ihre Antwort: Diese Nachricht folgt danach.',
        sourcesCount: '1 Quelle',
        unreadReplies: '1 ungelesene Antwort',
      },
      fr: {
        activityCalls: '1 appel',
        activityMoreCalls: '1 appel de plus non affiché',
        earlierMessages: 'Afficher le message précédent',
        mcpMoreItems: '1 élément de plus non affiché',
        queueCount: 'Un message attend d’être envoyé.',
        queueFailed: 'La réponse a échoué : ce message n’a pas été envoyé.',
        queueStopped: 'La réponse a été arrêtée : ce message n’a pas été envoyé.',
        queueWaiting: 'Les questions de l’agent ci-dessus attendent votre réponse : ce message partira ensuite.',
        sourcesCount: '1 source',
        unreadReplies: '1 réponse non lue',
      },
    };
    for (const lang of languages) {
      const strings = allTexts(resolveStrings(lang));
      const counted = Object.entries(strings).filter((entry): entry is [string, CountedText] => typeof entry[1] === 'function');
      expect(counted.map(([key]) => key).sort(), lang).to.deep.equal(Object.keys(expected[lang]).sort());
      for (const [key, text] of counted) expect(text(1), `${lang} ${key}`).to.equal(expected[lang][key]);
      for (const [key, text] of counted) expect(text(2), `${lang} ${key}`).to.contain('2');
    }
  });

  it('takes the page’s counted texts as a form per plural category, one string, or a term', () => {
    const strings = resolveStrings('de', {
      activityCalls: { one: '{count} Schritt', other: '{count} Schritte' },
      activityMoreCalls: 'noch {count}',
      earlierMessages: (count) => `${count} ältere`,
    });
    expect([1, 1000].map((count) => activityTexts(strings).activityCalls(count))).to.deep.equal(['1 Schritt', '1.000 Schritte']);
    expect(strings.activityMoreCalls(2)).to.equal('noch 2');
    expect(strings.earlierMessages(3)).to.equal('3 ältere');
    expect(activityTexts(resolveStrings('fr')).activityCalls(0), 'not overridden: the table’s own').to.equal('0 appel');
  });

  it('takes the page’s counted texts of views loaded later while the chat speaks English, whose English comes with them', () => {
    const steps = activityTexts(resolveStrings('en', { activityCalls: { one: '{count} step', other: '{count} steps' } }));
    expect([1, 1000].map((count) => steps.activityCalls(count))).to.deep.equal(['1 step', '1,000 steps']);
    expect(activityTexts(resolveStrings('en', { activityCalls: 'steps: {count}' })).activityCalls(2)).to.equal('steps: 2');
    expect(activityTexts(resolveStrings('en', { activityCalls: (count) => `${count}!` })).activityCalls(3)).to.equal('3!');
    expect(activityTexts(resolveStrings('en')).activityCalls(1), 'not overridden: the English that came with the view').to.equal('1 call');
    // A language not built in, with the page's counted text: its plural rules and numbers (Polish has `few`).
    const polish = replyExtrasTexts(resolveStrings('pl', { sourcesCount: { one: '{count} źródło', few: '{count} źródła', other: '{count} źródeł' } }));
    expect([1, 3, 5, 1000].map((count) => polish.sourcesCount(count))).to.deep.equal(['1 źródło', '3 źródła', '5 źródeł', `${new Intl.NumberFormat('pl').format(1000)} źródeł`]);
  });

  it('writes the count the way of the chat’s whole language tag, not only its language', () => {
    const swiss = new Intl.NumberFormat('de-CH').format(1234);
    expect(swiss, 'de-CH groups unlike de').to.not.equal(new Intl.NumberFormat('de').format(1234));
    expect(resolveStrings('de-CH').earlierMessages(1234)).to.equal(`${swiss} frühere Nachrichten zeigen`);
    expect(resolveStrings('de').earlierMessages(1234)).to.equal(`${new Intl.NumberFormat('de').format(1234)} frühere Nachrichten zeigen`);
    const indian = new Intl.NumberFormat('en-IN').format(100000);
    expect(resolveStrings('en-IN').earlierMessages(100000)).to.equal(`Show ${indian} earlier messages`);
    expect(replyExtrasTexts(resolveStrings('en-IN')).sourcesCount(100000), 'English that comes with a view loaded later').to.equal(`${indian} sources`);
    expect(replyExtrasTexts(resolveStrings('ja')).sourcesCount(1000), 'English for a language not built in').to.equal('1,000 sources');
  });

  it('a language’s form texts come with its translation; the page’s go over them one by one', () => {
    const labels = schemaFormLabels(resolveStrings('de', { form: { errorRequired: 'fehlt noch' } }));
    expect(labels.errorRequired).to.equal('fehlt noch');
    expect(labels.errorType).to.equal('muss {type} sein');
    expect(labels.locale).to.equal('de');
    expect(schemaFormLabels(resolveStrings('ja')).errorType, 'English for a language not built in').to.equal(englishSchemaFormLabels.errorType);
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
    const formLabels = (lang: string) => schemaFormLabels(resolveStrings(lang));
    const messages = (labels: SchemaFormLabels) => validatePayload(schema, value, { labels }).map((error) => error.message);
    expect(messages(englishSchemaFormLabels)).to.deep.equal(['must have at most 1 item', 'must be at most 1 character long', 'must have at most 1 field']);
    expect(messages(formLabels('de'))).to.deep.equal(['darf höchstens 1 Eintrag haben', 'darf höchstens 1 Zeichen lang sein', 'darf höchstens 1 Feld haben']);
    expect(messages(formLabels('fr-CA'))).to.deep.equal(['doit contenir au plus 1 élément', 'doit compter au plus 1 caractère', 'doit avoir au plus 1 champ']);
  });

  it('prepareCounts makes a language’s number format ahead of need: counts written later make none', () => {
    const intl = Intl as { NumberFormat: typeof Intl.NumberFormat };
    const original = intl.NumberFormat;
    let made = 0;
    intl.NumberFormat = class extends original {
      constructor(...args: ConstructorParameters<typeof Intl.NumberFormat>) {
        super(...args);
        made += 1;
      }
    } as typeof Intl.NumberFormat;
    try {
      prepareCounts('de-LI');
      expect(made).to.equal(1);
      const written = new original('de-LI').format(1988);
      expect(formatCount({ one: '{count} Nachricht', other: '{count} Nachrichten' }, 1988, 'de-LI')).to.equal(`${written} Nachrichten`);
      prepareCounts('de-LI');
      expect(made, 'a second format made').to.equal(1);
    } finally {
      intl.NumberFormat = original;
    }
  });
});
