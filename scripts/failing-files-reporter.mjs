/**
 * A node:test reporter beside `spec` for `npm test`: one line `failing-file: <path> <count>` per
 * test file with failing tests (suites not counted), so that the runner knows which files failed
 * without reading the spec reporter's summary (which leaves some out when many files run).
 */
import path from 'node:path';

export default async function* failingFiles(source) {
  const failures = new Map();
  for await (const event of source) {
    if (event.type !== 'test:fail') continue;
    const { file, details } = event.data;
    if (details?.type === 'suite' && details?.error?.failureType === 'subtestsFailed') continue;
    const name = file ? path.relative(process.cwd(), file).split(path.sep).join('/') : '(unknown-file)';
    failures.set(name, (failures.get(name) ?? 0) + 1);
  }
  for (const [file, count] of failures) yield `failing-file: ${file} ${count}\n`;
}
