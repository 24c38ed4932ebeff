import { expect } from '@open-wc/testing';
import type { FilePart } from '../../../src/conversation/types.js';
import { fileView, linkUrl, sourceLabel } from '../../../src/render/reply-files.js';

const file = (url: string, mediaType: string, filename?: string): FilePart => ({ kind: 'file', id: 'f', url, mediaType, ...(filename ? { filename } : {}) });

describe('reply files and sources', () => {
  it('shows images as markdown (so the sanitizer sees them), links http(s) files, offers page-held files as downloads', () => {
    expect(fileView(file('data:image/png;base64,AAAA', 'image/png'))).to.deep.equal({ kind: 'markdown', markdown: '![image/png](<data:image/png;base64,AAAA>)' });
    expect(fileView(file('https://x.test/a b.pdf', 'application/pdf', 'a [1].pdf'))).to.deep.equal({
      kind: 'markdown',
      markdown: '[a \\[1\\].pdf](<https://x.test/a%20b.pdf>)',
    });
    expect(fileView(file('data:text/plain;base64,aGk=', 'text/plain', 'notes.txt'))).to.deep.equal({ kind: 'download', url: 'data:text/plain;base64,aGk=', name: 'notes.txt' });
  });

  it('never links javascript: or shows an SVG data image', () => {
    expect(fileView(file('javascript:alert(1)', 'text/html', 'x.html'))).to.deep.equal({ kind: 'name', name: 'x.html' });
    expect(fileView(file('data:image/svg+xml;base64,PHN2Zz4=', 'image/svg+xml')).kind).to.equal('download');
    expect(linkUrl('javascript:alert(1)')).to.equal(undefined);
    expect(linkUrl('https://example.com/a')).to.equal('https://example.com/a');
  });

  it("shows a file name's direction controls as markers, wherever the name is drawn", () => {
    expect(fileView(file('javascript:x', 'text/html', 'invoice\u202Efdp.exe'))).to.deep.equal({ kind: 'name', name: 'invoice⟨RLO⟩fdp.exe' });
    expect(fileView(file('data:text/plain;base64,aGk=', 'text/plain', 'a\u2067b.txt'))).to.deep.equal({
      kind: 'download',
      url: 'data:text/plain;base64,aGk=',
      name: 'a⟨RLI⟩b.txt',
    });
  });

  it('labels a source by its title, else its address or file', () => {
    expect(sourceLabel({ id: 's', url: 'https://a.test', title: ' A ' })).to.equal('A');
    expect(sourceLabel({ id: 's', url: 'https://a.test' })).to.equal('https://a.test');
    expect(sourceLabel({ id: 's', filename: 'r.pdf' })).to.equal('r.pdf');
  });
});
