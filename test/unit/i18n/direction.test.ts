import { expect } from '@open-wc/testing';
import { directionFromSubtags, directionOf } from '../../../src/i18n/direction.js';

const RIGHT_TO_LEFT = [
  'ar',
  'ar-EG',
  'AR-sa',
  'ar_MA',
  'he',
  'he-IL',
  'fa',
  'fa-IR',
  'ur',
  'ur-PK',
  'ps',
  'sd',
  'ckb',
  'dv',
  'yi',
  'ug',
  'syr',
  'az-Arab',
  'uz-Arab-AF',
  'pa-Arab-PK',
];
const LEFT_TO_RIGHT = ['en', 'en-US', 'de', 'fr-CA', 'ja', 'zh-Hant-TW', 'hi', 'ru', 'tr', 'az', 'az-Latn', 'uz', 'pa', 'ar-Latn', 'sr-Cyrl', 'ku'];

describe('directionOf (which way a language is written)', () => {
  it('says right to left for Arabic, Hebrew, Persian, Urdu… and for tags in those scripts', () => {
    for (const tag of RIGHT_TO_LEFT) expect(directionOf(tag), tag).to.equal('rtl');
  });

  it('says left to right for the others, and for a right-to-left language written in Latin letters', () => {
    for (const tag of LEFT_TO_RIGHT) expect(directionOf(tag), tag).to.equal('ltr');
  });

  it('says left to right for no language and for what is not a language tag', () => {
    for (const tag of [undefined, '', '  ', 'not a tag!', '-', 'x']) expect(directionOf(tag), String(tag)).to.equal('ltr');
  });

  it('the subtags alone (used where the browser has no text info) agree with the browser', () => {
    const locale = new Intl.Locale('ar') as Intl.Locale & { getTextInfo?: () => { direction: string }; textInfo?: { direction: string } };
    const browser = locale.getTextInfo?.() ?? locale.textInfo;
    expect(browser?.direction, 'this Chromium has Intl.Locale text info').to.equal('rtl');
    for (const tag of [...RIGHT_TO_LEFT, ...LEFT_TO_RIGHT]) expect(directionFromSubtags(tag), tag).to.equal(directionOf(tag));
    expect(directionFromSubtags('iw'), 'the old code for Hebrew').to.equal('rtl');
    expect(directionFromSubtags('ar-Latn-EG')).to.equal('ltr');
  });

  it('works a tag out once: asked again (the element asks on every render) it builds no Intl.Locale', () => {
    const intl = Intl as { Locale: typeof Intl.Locale };
    const original = intl.Locale;
    let built = 0;
    intl.Locale = class extends original {
      constructor(...args: ConstructorParameters<typeof Intl.Locale>) {
        super(...args);
        built += 1;
      }
    };
    try {
      expect(directionOf('ks-IN')).to.equal('rtl');
      expect(built).to.equal(1);
      for (let i = 0; i < 100; i += 1) expect(directionOf('ks-IN')).to.equal('rtl');
      expect(built, 'Intl.Locale built again').to.equal(1);
    } finally {
      intl.Locale = original;
    }
  });
});
