import { expect } from '@open-wc/testing';
import { toolCardTexts } from '../../../src/components/tool-card/tool-card-texts.js';
import { pluralsIn } from '../../../src/i18n/plural.js';
import { englishStrings, lateTexts, loadStrings, resolveStrings } from '../../../src/i18n/strings.js';
import { en as englishCore } from '../../../src/i18n/translations/en.js';
import { de } from '../../../src/i18n/translations/de.js';
import { allTexts, englishLateTables } from '../all-texts.js';

/** English is split: the first load's table and each later view's; together they are every text, each once. */
describe('English texts of the first load and of the views loaded later', () => {
  const plural = pluralsIn('en');
  // Every key of a whole language but its generated forms' texts, whose English comes with the forms.
  const everyKey = Object.keys(de(pluralsIn('de')))
    .filter((key) => key !== 'form')
    .sort();

  it('together have every key of a whole language, each in one table only', () => {
    const tables: [string, string[]][] = [
      ['translations/en', Object.keys(englishCore(plural))],
      ...Object.entries(englishLateTables).map(([file, table]): [string, string[]] => [file, Object.keys(table(plural))]),
    ];
    const owner = new Map<string, string>();
    for (const [file, keys] of tables) {
      for (const key of keys) {
        expect(owner.get(key), `${key} is in ${file} and in ${owner.get(key)}`).to.equal(undefined);
        owner.set(key, file);
      }
    }
    expect([...owner.keys()].sort()).to.deep.equal(everyKey);
    expect(Object.keys(allTexts(englishStrings)).sort(), 'what the views read in English').to.deep.equal(everyKey);
  });

  it('the first load’s English has none of the later views’ texts', () => {
    const late = Object.values(englishLateTables).flatMap((table) => Object.keys(table(plural)));
    expect(late.filter((key) => key in englishStrings)).to.deep.equal([]);
  });

  it('a later view reads the language’s texts, the page’s over them, English where neither has one', async () => {
    await loadStrings('de');
    expect(toolCardTexts(resolveStrings('en')).toolCancel).to.equal('Cancel');
    expect(toolCardTexts(resolveStrings('de')).toolCancel).to.equal('Abbrechen');
    expect(toolCardTexts(resolveStrings('de', { toolCancel: 'Stopp!' })).toolCancel).to.equal('Stopp!');
    const english = toolCardTexts(resolveStrings('en', { toolCancel: 'Halt' }));
    expect([english.toolCancel, english.toolDone]).to.deep.equal(['Halt', 'Done']);
    expect(toolCardTexts(resolveStrings('ja')).toolCancel, 'English for a language not built in').to.equal('Cancel');
    expect(toolCardTexts(resolveStrings('en', { toolCancel: undefined })).toolCancel, 'an override left undefined').to.equal('Cancel');
  });

  it('makes a view’s texts once per texts object', () => {
    const strings = resolveStrings('en', { toolDone: 'Finished' });
    expect(toolCardTexts(strings)).to.equal(toolCardTexts(strings));
    expect(lateTexts(strings, englishLateTables['tool-card/tool-card-texts'])).to.equal(toolCardTexts(strings));
    expect(toolCardTexts(resolveStrings('en', { toolDone: 'Over' })).toolDone, 'other texts, other views’ texts').to.equal('Over');
  });
});
