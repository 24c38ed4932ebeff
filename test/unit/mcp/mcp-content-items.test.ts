import { expect } from '@open-wc/testing';
import { checkBase64, codeLanguage, contentItem, contentItems, fileNameOf, formatBytes, isFor, mediaType } from '../../../src/mcp/content-items.js';

/** A 1×1 PNG (68 bytes). */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe('MCP content items', () => {
  it('reads each kind of content, checked', () => {
    expect(contentItem({ type: 'text', text: 'hi' })).to.deep.equal({ kind: 'text', text: 'hi' });
    expect(contentItem({ type: 'image', data: PNG, mimeType: 'image/PNG; charset=x' })).to.deep.equal({ kind: 'image', mimeType: 'image/png', data: PNG, bytes: 68 });
    expect(contentItem({ type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' })).to.deep.equal({ kind: 'audio', mimeType: 'audio/wav', data: 'UklGRg==', bytes: 4 });
    expect(contentItem({ type: 'resource_link', uri: 'https://example.com/a.txt', name: 'A', description: 'the a', mimeType: 'text/plain', size: 12 })).to.deep.equal({
      kind: 'link',
      uri: 'https://example.com/a.txt',
      name: 'A',
      description: 'the a',
      mimeType: 'text/plain',
      size: 12,
    });
    expect(contentItem({ type: 'resource', resource: { uri: 'file:///a.json', mimeType: 'application/json', text: '{}' } })).to.deep.equal({
      kind: 'resource-text',
      uri: 'file:///a.json',
      mimeType: 'application/json',
      text: '{}',
    });
    expect(contentItem({ type: 'resource', resource: { uri: 'demo://b', blob: 'aGk=' } })).to.deep.equal({ kind: 'resource-blob', uri: 'demo://b', data: 'aGk=', bytes: 2 });
  });

  it('takes what lacks the fields its type needs, or is of an unknown type, as "other"', () => {
    expect(contentItem({ type: 'text', text: 42 })).to.deep.equal({ kind: 'other', type: 'text' });
    expect(contentItem({ type: 'image', mimeType: 'image/png' })).to.deep.equal({ kind: 'other', type: 'image' });
    expect(contentItem({ type: 'resource_link', name: 'no uri' })).to.deep.equal({ kind: 'other', type: 'resource_link' });
    expect(contentItem({ type: 'resource', resource: { uri: 'x:y' } })).to.deep.equal({ kind: 'other', type: 'resource' });
    expect(contentItem({ type: 'video', data: 'AAAA' })).to.deep.equal({ kind: 'other', type: 'video' });
    expect(contentItem(null)).to.deep.equal({ kind: 'other', type: '?' });
    expect(contentItem('text')).to.deep.equal({ kind: 'other', type: '?' });
    expect((contentItem({ type: 'x'.repeat(500) }) as { type: string }).type).to.have.length(40);
  });

  it('keeps what is for each audience: none named is for both', () => {
    const result = {
      content: [
        { type: 'text', text: 'both' },
        { type: 'text', text: 'person', annotations: { audience: ['user'] } },
        { type: 'text', text: 'model', annotations: { audience: ['assistant'] } },
        { type: 'text', text: 'either', annotations: { audience: ['assistant', 'user'], priority: 1 } },
        { type: 'text', text: 'empty list', annotations: { audience: [] } },
        { type: 'text', text: 'nobody we know', annotations: { audience: ['robot'] } },
      ],
    };
    const texts = (who: 'user' | 'assistant') => contentItems(result, who).map((item) => (item as { text: string }).text);
    expect(texts('user')).to.deep.equal(['both', 'person', 'either', 'empty list']);
    expect(texts('assistant')).to.deep.equal(['both', 'model', 'either', 'empty list']);
    expect(isFor({ annotations: { audience: 'user' } }, 'assistant')).to.equal(true);
    expect(contentItems({ content: 'not a list' }, 'user')).to.deep.equal([]);
    expect(contentItems(undefined, 'user')).to.deep.equal([]);
  });

  it('checks base64 (whitespace dropped) and sizes what is not valid from its length', () => {
    expect(checkBase64('aGVs\nbG8=')).to.deep.equal({ data: 'aGVsbG8=', bytes: 5 });
    expect(checkBase64('not base64!')).to.deep.equal({ bytes: 7 });
    expect(checkBase64('abc')).to.deep.equal({ bytes: 2 });
    expect(checkBase64('')).to.deep.equal({ data: '', bytes: 0 });
  });

  it('normalizes media types and refuses what is not one', () => {
    expect(mediaType('Image/SVG+XML')).to.equal('image/svg+xml');
    expect(mediaType('text/html; charset=utf-8')).to.equal('text/html');
    expect(mediaType('image')).to.equal(undefined);
    expect(mediaType('image/png"><script>')).to.equal(undefined);
    expect(mediaType('javascript:alert(1)')).to.equal(undefined);
    expect(mediaType(42)).to.equal(undefined);
    expect(mediaType(`image/${'a'.repeat(400)}`)).to.equal(undefined);
  });

  it('cuts long names and drops control characters; keeps direction controls for the view to show', () => {
    const item = contentItem({ type: 'resource_link', uri: 'https://e.com', name: `a\u0000b\u202Ec${'x'.repeat(300)}`, description: 'd'.repeat(900) }) as {
      name: string;
      description: string;
    };
    expect(item.name.startsWith('ab\u202Ec')).to.equal(true);
    expect(item.name).to.have.length(200);
    expect(item.description).to.have.length(500);
    expect((contentItem({ type: 'resource_link', uri: 'https://e.com/x', name: '  ' }) as { name: string }).name).to.equal('https://e.com/x');
  });

  it('formats sizes', () => {
    expect(formatBytes(70)).to.equal('70 B');
    expect(formatBytes(2150)).to.equal('2.1 KB');
    expect(formatBytes(5 * 1024 * 1024)).to.equal('5.0 MB');
    expect(formatBytes(3 * 1024 ** 4)).to.equal('3072.0 GB');
  });

  it('names files after the last segment of their URI, without paths or controls', () => {
    expect(fileNameOf('demo://resource/session/README.md.gz')).to.equal('README.md.gz');
    expect(fileNameOf('https://e.com/a%20b.txt?x=1#y')).to.equal('a b.txt');
    expect(fileNameOf('file:///tmp/..')).to.equal(undefined);
    expect(fileNameOf('x:/dir/')).to.equal(undefined);
    expect(fileNameOf('x:/evil%2F..%2Fname\u202Etxt.exe')).to.equal('nametxt.exe');
  });

  it('picks a code language from the media type', () => {
    expect(codeLanguage('application/json')).to.equal('json');
    expect(codeLanguage('application/ld+json')).to.equal('json');
    expect(codeLanguage('image/svg+xml')).to.equal('xml');
    expect(codeLanguage('text/x-python')).to.equal('python');
    expect(codeLanguage('text/x-script.python')).to.equal('python');
    expect(codeLanguage('application/javascript')).to.equal('javascript');
    expect(codeLanguage('text/html')).to.equal('xml');
    expect(codeLanguage('text/x-c++src')).to.equal('cpp');
    expect(codeLanguage('text/plain')).to.equal(undefined);
    expect(codeLanguage('text/constructor')).to.equal(undefined);
    expect(codeLanguage(undefined)).to.equal(undefined);
  });
});
