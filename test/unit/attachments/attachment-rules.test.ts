import { expect } from '@open-wc/testing';
import {
  DEFAULT_MAX_FILE_SIZE,
  DEFAULT_MAX_FILES,
  acceptsFile,
  attachmentLimitProblems,
  formatFileSize,
  hasPreview,
  maxFileSizeOf,
  maxFilesOf,
  refusalOf,
} from '../../../src/attachments/attachment-rules.js';

const file = (name: string, type: string, size = 10) => ({ name, type, size });

describe('attachment rules: accept', () => {
  it('accepts every file when accept is empty or names nothing usable', () => {
    expect(acceptsFile('', file('a.exe', 'application/x-msdownload'))).to.equal(true);
    expect(acceptsFile(' , ,', file('a.bin', ''))).to.equal(true);
    expect(acceptsFile('images', file('a.bin', ''))).to.equal(true);
  });

  it('matches extensions case-insensitively, and only at the end of the name', () => {
    expect(acceptsFile('.pdf', file('Report.PDF', ''))).to.equal(true);
    expect(acceptsFile('.pdf', file('report.pdf.exe', 'application/octet-stream'))).to.equal(false);
    expect(acceptsFile('.pdf', file('.pdf', 'application/pdf'))).to.equal(false);
    expect(acceptsFile('.tar.gz', file('backup.TAR.GZ', ''))).to.equal(true);
  });

  it('matches type/* and exact media types, ignoring parameters; a file without a type matches by extension only', () => {
    expect(acceptsFile('image/*', file('a.png', 'image/png'))).to.equal(true);
    expect(acceptsFile('image/*', file('a.png', ''))).to.equal(false);
    expect(acceptsFile('image/*', file('a.mp4', 'video/mp4'))).to.equal(false);
    expect(acceptsFile('text/csv', file('a.csv', 'text/csv; charset=utf-8'))).to.equal(true);
    expect(acceptsFile('TEXT/CSV', file('a.csv', 'text/csv'))).to.equal(true);
    expect(acceptsFile('text/csv', file('a.txt', 'text/plain'))).to.equal(false);
    expect(acceptsFile('image/*, .pdf ,text/plain', file('notes.txt', 'text/plain'))).to.equal(true);
    expect(acceptsFile('image/*, .pdf ,text/plain', file('doc.pdf', ''))).to.equal(true);
    expect(acceptsFile('image/*, .pdf ,text/plain', file('doc.docx', 'application/msword'))).to.equal(false);
  });
});

describe('attachment rules: refusals and limits', () => {
  const limits = { accept: 'image/*', maxFileSize: 100, maxFiles: 2 };
  it('names the first rule a file breaks: type, then size, then count', () => {
    expect(refusalOf(file('a.png', 'image/png', 100), limits, 0)).to.equal(undefined);
    expect(refusalOf(file('a.txt', 'text/plain', 500), limits, 5)).to.equal('type');
    expect(refusalOf(file('a.png', 'image/png', 101), limits, 5)).to.equal('size');
    expect(refusalOf(file('a.png', 'image/png', 1), limits, 1)).to.equal(undefined);
    expect(refusalOf(file('a.png', 'image/png', 1), limits, 2)).to.equal('count');
  });

  it('falls back to the defaults for values that are not limits, and says what was wrong', () => {
    expect([maxFileSizeOf(2048), maxFileSizeOf('2048'), maxFileSizeOf(NaN), maxFileSizeOf(-1), maxFileSizeOf(0)]).to.deep.equal([
      2048,
      2048,
      DEFAULT_MAX_FILE_SIZE,
      DEFAULT_MAX_FILE_SIZE,
      DEFAULT_MAX_FILE_SIZE,
    ]);
    expect([maxFilesOf(3), maxFilesOf(0), maxFilesOf(2.5), maxFilesOf('x')]).to.deep.equal([3, DEFAULT_MAX_FILES, DEFAULT_MAX_FILES, DEFAULT_MAX_FILES]);
    expect(attachmentLimitProblems(DEFAULT_MAX_FILE_SIZE, DEFAULT_MAX_FILES)).to.deep.equal([]);
    expect(attachmentLimitProblems(1, 1)).to.deep.equal([]);
    const problems = attachmentLimitProblems(NaN, 0);
    expect(problems).to.have.length(2);
    expect(problems[0]).to.equal('max-file-size must be a number of bytes above 0; 10485760 (10 MB) is used.');
    expect(problems[1]).to.equal('max-files="0" must be a whole number of at least 1; 5 is used.');
  });
});

describe('attachment rules: sizes as text', () => {
  it('writes bytes, kB, MB and GB in steps of 1024, in the language asked for', () => {
    expect(formatFileSize(0, 'en')).to.equal('0 bytes');
    expect(formatFileSize(1, 'en')).to.equal('1 byte');
    expect(formatFileSize(512, 'en')).to.equal('512 bytes');
    expect(formatFileSize(1536, 'en')).to.equal('1.5 kB');
    expect(formatFileSize(200 * 1024, 'en')).to.equal('200 kB');
    expect(formatFileSize(DEFAULT_MAX_FILE_SIZE, 'en')).to.equal('10 MB');
    expect(formatFileSize(3.25 * 1024 ** 3, 'en')).to.equal('3.3 GB');
    expect(formatFileSize(1536, 'de')).to.equal('1,5 kB');
    expect(formatFileSize(1536, 'not a tag!')).to.match(/^1\.5 kB$/);
  });

  it('shows pictures of the raster image types browsers draw, nothing else (not SVG: its blob: address would run its scripts as the page)', () => {
    expect(['image/png', 'image/jpeg', 'image/webp', 'IMAGE/GIF'].map(hasPreview)).to.deep.equal([true, true, true, true]);
    expect(['image/svg+xml', 'image/tiff', 'application/pdf', '', 'text/html'].map(hasPreview)).to.deep.equal([false, false, false, false, false]);
  });
});
