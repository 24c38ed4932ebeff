import { expect } from '@open-wc/testing';
import { APP_DOWNLOAD_FILES, APP_DOWNLOAD_LIMIT } from '../../../src/mcp/app-limits.js';
import { decodeBase64, downloadForApp, fileNameFrom, readDownloads, safeFileName, safeMimeType, type AppDownload, type DownloadSteps } from '../../../src/mcp/app-download.js';

const text = (uri: string, body: string, mimeType?: string) => ({ type: 'resource', resource: { uri, text: body, ...(mimeType ? { mimeType } : {}) } });
const blob = (uri: string, base64: string, mimeType?: string) => ({ type: 'resource', resource: { uri, blob: base64, ...(mimeType ? { mimeType } : {}) } });

function filesOf(contents: unknown): AppDownload[] {
  const read = readDownloads(contents);
  if ('problem' in read) throw new Error(read.problem);
  return read.files;
}

function problemOf(contents: unknown): string {
  const read = readDownloads(contents);
  if (!('problem' in read)) throw new Error('no problem found');
  return read.problem;
}

describe('app downloads: reading ui/download-file contents', () => {
  it('reads inline text as UTF-8 and a base64 blob as its bytes, named after the URI', () => {
    const [csv, png] = filesOf([text('file:///exports/héllo.csv', 'é,1\n', 'Text/CSV; charset=utf-8'), blob('file:///img/pixel.png', 'iVBO Rw==\n', 'image/png')]);
    expect(csv.name).to.equal('héllo.csv');
    expect(csv.mimeType).to.equal('text/csv');
    expect(csv.size).to.equal(5);
    expect([...csv.data]).to.deep.equal([0xc3, 0xa9, 0x2c, 0x31, 0x0a]);
    expect(png.name).to.equal('pixel.png');
    expect(png.mimeType).to.equal('image/png');
    expect([...png.data]).to.deep.equal([0x89, 0x50, 0x4e, 0x47]);
    expect(png.size).to.equal(4);
  });

  it('gives text without a type text/plain, and bytes without one application/octet-stream', () => {
    const [a, b] = filesOf([text('file:///a.txt', 'a'), blob('file:///b.bin', 'AA==')]);
    expect(a.mimeType).to.equal('text/plain');
    expect(b.mimeType).to.equal('application/octet-stream');
  });

  it('refuses links to fetch, resources without inline content, and what is not a resource', () => {
    const link = problemOf([{ type: 'resource_link', uri: 'https://example.com/q4.pdf', name: 'Q4' }]);
    expect(link).to.contain('File 1').and.contain('link (https://example.com/q4.pdf)').and.contain('fetches nothing');
    expect(problemOf([text('file:///a.txt', 'a'), { type: 'resource', resource: { uri: 'https://example.com/x.bin' } }])).to.match(
      /^File 2: it holds neither `text` nor a base64 `blob`/,
    );
    expect(problemOf([{ type: 'text', text: 'hi' }])).to.contain('not an embedded resource');
    expect(problemOf([{ type: 'resource', resource: { text: 'no uri' } }])).to.contain('not an embedded resource');
    expect(problemOf(['file:///a.txt'])).to.contain('not an embedded resource');
  });

  it('refuses an empty request, and more than the most files at once', () => {
    expect(problemOf([])).to.contain('nothing to download');
    expect(problemOf(undefined)).to.contain('nothing to download');
    const many = Array.from({ length: APP_DOWNLOAD_FILES + 1 }, (_, i) => text(`file:///${i}.txt`, 'x'));
    expect(problemOf(many)).to.contain(`at most ${APP_DOWNLOAD_FILES} files`);
    expect(filesOf(many.slice(0, APP_DOWNLOAD_FILES))).to.have.length(APP_DOWNLOAD_FILES);
  });

  it('refuses a blob that is not base64', () => {
    expect(problemOf([blob('file:///a.bin', 'not base64!')])).to.contain('not base64');
    expect(problemOf([blob('file:///a.bin', 'AAAAA')])).to.contain('not base64');
    expect(problemOf([blob('file:///a.bin', 'A=AA')])).to.contain('not base64');
    expect(problemOf([blob('file:///a.bin', 'AA-_')])).to.contain('not base64');
  });

  it('caps each file at the limit, decoded: text by its UTF-8 bytes, a blob before it is decoded', () => {
    expect(filesOf([text('file:///a.txt', 'a'.repeat(APP_DOWNLOAD_LIMIT))])[0].size).to.equal(APP_DOWNLOAD_LIMIT);
    expect(problemOf([text('file:///a.txt', 'a'.repeat(APP_DOWNLOAD_LIMIT + 1))])).to.contain('10 MB');
    // Fewer characters than the limit, more bytes.
    expect(problemOf([text('file:///a.txt', 'é'.repeat(APP_DOWNLOAD_LIMIT / 2 + 1))])).to.contain(`over ${APP_DOWNLOAD_LIMIT} bytes`);
    // Just over the limit: known from its length, before decoding.
    const over = 'A'.repeat(Math.ceil(APP_DOWNLOAD_LIMIT / 3) * 4 + 4);
    expect(decodeBase64(over)).to.equal((over.length / 4) * 3);
    expect(problemOf([blob('file:///a.bin', over)])).to.contain('10 MB');
    expect(filesOf([blob('file:///a.bin', 'A'.repeat(Math.floor(APP_DOWNLOAD_LIMIT / 3) * 4))])[0].size).to.equal(Math.floor(APP_DOWNLOAD_LIMIT / 3) * 3);
  });

  it('decodes base64 with or without padding and white space', () => {
    expect([...(decodeBase64('AQID') as Uint8Array)]).to.deep.equal([1, 2, 3]);
    expect([...(decodeBase64('AQI=') as Uint8Array)]).to.deep.equal([1, 2]);
    expect([...(decodeBase64('AQI') as Uint8Array)]).to.deep.equal([1, 2]);
    expect([...(decodeBase64(' AQ\nID\r\n') as Uint8Array)]).to.deep.equal([1, 2, 3]);
    expect([...(decodeBase64('') as Uint8Array)]).to.deep.equal([]);
  });
});

describe('app downloads: names and types', () => {
  it('takes the last part of the path: no directories, even escaped ones', () => {
    expect(fileNameFrom('file:///../../etc/passwd', 'text/plain')).to.equal('passwd');
    expect(fileNameFrom('../../etc/passwd', 'text/plain')).to.equal('passwd');
    expect(fileNameFrom('file:///x/..%2F..%2Fetc%2Fpasswd', 'text/plain')).to.equal('passwd');
    expect(fileNameFrom('file:///C:\\Users\\me\\evil.bat', 'text/plain')).to.equal('evil.bat');
    expect(fileNameFrom('https://example.com/r/report.csv?x=1#top', 'text/csv')).to.equal('report.csv');
    expect(fileNameFrom('file:///dir/..', 'text/plain')).to.equal('dir');
  });

  it('drops control, direction and zero-width characters, and leading dots', () => {
    expect(fileNameFrom('file:///\u202Eexe.txt', 'text/plain')).to.equal('exe.txt');
    expect(fileNameFrom('file:///%E2%80%AEgnp.exe', 'text/plain')).to.equal('gnp.exe');
    expect(fileNameFrom('file:///a\u0000b\u0007c\u001b\u007f\u0085.txt', 'text/plain')).to.equal('abc.txt');
    expect(fileNameFrom('file:///in\u200Bvisible\u2066.txt', 'text/plain')).to.equal('invisible.txt');
    expect(fileNameFrom('file:///.bashrc', 'text/plain')).to.equal('bashrc');
    expect(fileNameFrom('file:///...hidden..', 'text/plain')).to.equal('hidden');
    expect(safeFileName('  line\nbreak\ttab .txt  ')).to.equal('linebreaktab .txt');
  });

  it('replaces what file systems forbid, and keeps off device names', () => {
    expect(safeFileName('a<b>:c"d|e?f*.txt')).to.equal('a_b__c_d_e_f_.txt');
    expect(safeFileName('CON')).to.equal('_CON');
    expect(safeFileName('nul.txt')).to.equal('_nul.txt');
    expect(safeFileName('console.txt')).to.equal('console.txt');
  });

  it('shortens a long name, keeping its extension', () => {
    const name = safeFileName(`${'a'.repeat(300)}.json`);
    expect(name).to.have.length(120);
    expect(name.endsWith('aaa.json')).to.equal(true);
    expect([...safeFileName('😀'.repeat(200))]).to.have.length(120);
  });

  it('makes a name up when the URI gives none', () => {
    expect(fileNameFrom('file:///', 'text/csv')).to.equal('download.csv');
    expect(fileNameFrom('', 'application/json')).to.equal('download.json');
    expect(fileNameFrom('file:///../..', 'application/x-unknown')).to.equal('download');
    expect(fileNameFrom('ui://reports/', 'text/plain')).to.equal('reports');
    expect(fileNameFrom('file:///%E0%A4%A', 'text/plain')).to.equal('%E0%A4%A');
  });

  it('keeps a media type only as type/subtype', () => {
    expect(safeMimeType('Text/HTML; charset=utf-8')).to.equal('text/html');
    expect(safeMimeType('image/svg+xml')).to.equal('image/svg+xml');
    expect(safeMimeType('text/html\r\nX-Evil: 1')).to.equal('application/octet-stream');
    expect(safeMimeType('no type')).to.equal('application/octet-stream');
    expect(safeMimeType('../../x')).to.equal('application/octet-stream');
    expect(safeMimeType(42, 'text/plain')).to.equal('text/plain');
  });
});

describe('app downloads: the steps', () => {
  function steps(gesture: boolean, declined: string[] = []) {
    const log: string[] = [];
    const run: DownloadSteps = {
      downloadGesture: async (files) => (log.push(`gesture:${files.map((file) => file.name).join(',')}`), gesture),
      announceDownload: (file) => (log.push(`event:${file.name}`), !declined.includes(file.name)),
      saveDownload: (file) => void log.push(`save:${file.name}`),
    };
    return { log, run };
  }
  const two = [text('file:///a.txt', 'a'), blob('file:///b.bin', 'AA==')];

  it('asks for the gesture, announces every file, then saves them; answers {}', async () => {
    const { log, run } = steps(true);
    expect(await downloadForApp(two, run)).to.deep.equal({});
    expect(log).to.deep.equal(['gesture:a.txt,b.bin', 'event:a.txt', 'event:b.bin', 'save:a.txt', 'save:b.bin']);
  });

  it('refuses what cannot be saved before asking anyone', async () => {
    const { log, run } = steps(true);
    const answer = await downloadForApp([{ type: 'resource_link', uri: 'https://example.com/a.pdf', name: 'a' }], run);
    expect(answer.isError).to.equal(true);
    expect(answer.content![0].text).to.contain('fetches nothing');
    expect(log).to.deep.equal([]);
  });

  it('without the gesture: refused, and the page hears nothing', async () => {
    const { log, run } = steps(false);
    const answer = await downloadForApp(two, run);
    expect(answer.isError).to.equal(true);
    expect(answer.content![0].text).to.contain('click or key in the app');
    expect(log).to.deep.equal(['gesture:a.txt,b.bin']);
  });

  it('a page that cancels one file cancels the request: nothing is saved', async () => {
    const { log, run } = steps(true, ['b.bin']);
    const answer = await downloadForApp(two, run);
    expect(answer).to.deep.equal({ isError: true, content: [{ type: 'text', text: 'The page declined the download of “b.bin”.' }] });
    expect(log).to.deep.equal(['gesture:a.txt,b.bin', 'event:a.txt', 'event:b.bin']);
  });
});
