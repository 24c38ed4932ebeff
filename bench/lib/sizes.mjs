/**
 * Raw and gzip (zlib level 9) sizes of the built scripts in dist/, and the first loads: the ES
 * build's (the entry plus every chunk it imports statically; chunks behind `import()` load later),
 * the classic loader's (the loader plus the ES first load it imports) and the standalone file.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync, constants } from 'node:zlib';

export const ES_ENTRY = 'agent-chat.js';
/** The classic script: a loader that `import()`s the ES build from beside itself. */
export const LOADER_BUILD = 'agent-chat.iife.js';
/** The classic script with everything in one file. */
export const STANDALONE_BUILD = 'agent-chat.standalone.js';
export const FIRST_LOAD_GOAL_BYTES = 40 * 1024;
/** The classic first load may be at most this many times the ES first load. */
export const CLASSIC_RATIO_GOAL = 1.2;

export function gzipSize(buffer) {
  return gzipSync(buffer, { level: constants.Z_BEST_COMPRESSION }).length;
}

/** Relative specifiers of static `import … from` / `export … from` / bare `import "…"` in ES code. */
export function staticImports(code) {
  const specifiers = new Set();
  const pattern = /(?:^|[;\n}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'](\.{1,2}\/[^"']+)["']/g;
  for (const match of code.matchAll(pattern)) specifiers.add(match[1]);
  return [...specifiers];
}

/** Relative specifiers of `import("…")` (chunks loaded on first use). */
export function dynamicImports(code) {
  return [...new Set([...code.matchAll(/import\(\s*["'`](\.{1,2}\/[^"'`]+)["'`]\s*\)/g)].map((match) => match[1]))];
}

/** The files (relative to dist/) the ES entry loads before it runs. */
function firstLoadFiles(distDir, entry) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file) || !existsSync(join(distDir, file))) return;
    seen.add(file);
    const code = readFileSync(join(distDir, file), 'utf8');
    for (const specifier of staticImports(code)) visit(posix.normalize(posix.join(posix.dirname(file), specifier)));
  };
  visit(entry);
  return [...seen];
}

function listScripts(dir, prefix = '') {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return listScripts(dir, path);
    return /\.(m?js)$/.test(entry.name) ? [path] : [];
  });
}

/**
 * { files: [{ file, kind, rawBytes, gzipBytes }], firstLoad: { files, gzipBytes, goalBytes, meetsGoal } }
 * kind: 'es' (the ES entry), 'loader', 'standalone', 'chunk' (imported statically: part of the first load),
 * 'lazy chunk' (imported with `import()` somewhere), 'lazy shared' (imported statically by lazy
 * chunks only: it loads with the first of them) or 'other'. `lazyCosts`: each lazy chunk with
 * what it imports beyond the first load, gzip bytes (what using that feature first costs).
 */
export function distSizes(distDir) {
  if (!existsSync(join(distDir, ES_ENTRY))) throw new Error(`${join(distDir, ES_ENTRY)} is missing: run \`npm run build\` first`);
  const scripts = listScripts(distDir);
  const loaded = firstLoadFiles(distDir, ES_ENTRY);
  const lazy = new Set(
    scripts.flatMap((file) => dynamicImports(readFileSync(join(distDir, file), 'utf8')).map((specifier) => posix.normalize(posix.join(posix.dirname(file), specifier)))),
  );
  const closures = new Map([...lazy].filter((file) => scripts.includes(file)).map((file) => [file, firstLoadFiles(distDir, file).filter((f) => !loaded.includes(f))]));
  const shared = new Set([...closures.values()].flat().filter((file) => !lazy.has(file)));
  const kindOf = (file) =>
    file === ES_ENTRY
      ? 'es'
      : file === LOADER_BUILD
        ? 'loader'
        : file === STANDALONE_BUILD
          ? 'standalone'
          : loaded.includes(file)
            ? 'chunk'
            : lazy.has(file)
              ? 'lazy chunk'
              : shared.has(file)
                ? 'lazy shared'
                : 'other';
  const files = scripts.map((file) => {
    const buffer = readFileSync(join(distDir, file));
    return { file, kind: kindOf(file), rawBytes: buffer.length, gzipBytes: gzipSize(buffer) };
  });
  const gzipOf = new Map(files.map((f) => [f.file, f.gzipBytes]));
  const lazyCosts = [...closures].map(([file, closure]) => ({ file, files: closure, gzipBytes: closure.reduce((sum, f) => sum + gzipOf.get(f), 0) }));
  const order = { es: 0, chunk: 1, 'lazy chunk': 2, 'lazy shared': 3, loader: 4, standalone: 5, other: 6 };
  files.sort((a, b) => order[a.kind] - order[b.kind] || a.file.localeCompare(b.file));
  const gzipBytes = files.filter((f) => loaded.includes(f.file)).reduce((sum, f) => sum + f.gzipBytes, 0);
  const firstLoad = { files: loaded, gzipBytes, goalBytes: FIRST_LOAD_GOAL_BYTES, meetsGoal: gzipBytes <= FIRST_LOAD_GOAL_BYTES && loaded.length === 1 };
  return { files, lazyCosts, firstLoad, classicFirstLoad: classicFirstLoad(distDir, files, firstLoad), standalone: files.find((f) => f.file === STANDALONE_BUILD) };
}

/**
 * The loader and what it imports before the element exists: the ES build it names (`agent-chat.js`
 * beside it, in an `import()` of a URL it computes, so found by name) and that build's first load.
 */
function classicFirstLoad(distDir, files, firstLoad) {
  const loader = files.find((f) => f.file === LOADER_BUILD);
  if (!loader) return undefined;
  const named = new RegExp(`new URL\\(\\s*[\`'"]${ES_ENTRY.replace('.', '\\.')}[\`'"]`).test(readFileSync(join(distDir, LOADER_BUILD), 'utf8'));
  const imports = named ? firstLoad.files : [];
  const gzipBytes = loader.gzipBytes + imports.reduce((sum, file) => sum + files.find((f) => f.file === file).gzipBytes, 0);
  const ratio = gzipBytes / firstLoad.gzipBytes;
  return { files: [LOADER_BUILD, ...imports], gzipBytes, ratio, goalRatio: CLASSIC_RATIO_GOAL, meetsGoal: imports.length > 0 && ratio <= CLASSIC_RATIO_GOAL };
}

/** KB here means 1,024 bytes. */
export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** The size table as text lines. */
export function sizeReport({ files, firstLoad, classicFirstLoad, standalone, lazyCosts = [] }) {
  const rows = [['file', 'kind', 'raw', 'gzip -9', 'gzip bytes'], ...files.map((f) => [f.file, f.kind, kb(f.rawBytes), kb(f.gzipBytes), f.gzipBytes])];
  const lines = formatTable(rows, ['l', 'l', 'r', 'r', 'r']);
  const count = firstLoad.files.length;
  const over = firstLoad.gzipBytes - firstLoad.goalBytes;
  lines.push(
    '',
    `ES build first load (${firstLoad.files.join(' + ')}, ${count} file${count === 1 ? '' : 's'}): ${kb(firstLoad.gzipBytes)} gzip (${firstLoad.gzipBytes} bytes) — ` +
      `${firstLoad.meetsGoal ? 'meets' : 'MISSES'} the goal of one file ≤ ${kb(firstLoad.goalBytes)}` +
      (over > 0 ? ` (over by ${kb(over)})` : ''),
  );
  if (classicFirstLoad) {
    lines.push(
      `Classic first load (${classicFirstLoad.files.join(' + ')}): ${kb(classicFirstLoad.gzipBytes)} gzip (${classicFirstLoad.gzipBytes} bytes), ` +
        `${classicFirstLoad.ratio.toFixed(3)}× the ES first load — ${classicFirstLoad.meetsGoal ? 'meets' : 'MISSES'} the ≤ ${classicFirstLoad.goalRatio}× goal`,
    );
  }
  if (standalone)
    lines.push(
      `Standalone classic script (${standalone.file}, everything in one file): ${kb(standalone.rawBytes)} raw, ${kb(standalone.gzipBytes)} gzip (${standalone.gzipBytes} bytes)`,
    );
  const lazyFiles = files.filter((f) => f.kind === 'lazy chunk' || f.kind === 'lazy shared');
  if (lazyFiles.length) {
    const all = firstLoad.gzipBytes + lazyFiles.reduce((sum, f) => sum + f.gzipBytes, 0);
    lines.push(`ES build with its lazy chunks (${lazyFiles.map((f) => f.file).join(', ')}) loaded too: ${kb(all)} gzip`);
  }
  if (lazyFiles.length) lines.push('', 'Lazy chunks by name (what each feature costs when first used):', ...lazyChunkTable({ files, lazyCosts }));
  const costs = lazyCosts.filter((cost) => cost.files.length > 1);
  if (costs.length) {
    lines.push('Lazy chunks with what they import beyond the first load:');
    for (const cost of costs) lines.push(`  ${cost.file}: ${kb(cost.gzipBytes)} gzip (${cost.files.join(' + ')})`);
  }
  return lines;
}

/** A chunk's name without its content hash: `highlighter-CPhTsTam.js` → `highlighter`. */
export function chunkName(file) {
  return file.replace(/\.m?js$/, '').replace(/-[\w-]{8}$/, '');
}

/**
 * One row per lazy chunk (imported with `import()`), by name: its own gzip size, and with the
 * chunks it imports that the first load does not hold (what loading it first costs).
 */
export function lazyChunkTable({ files, lazyCosts = [] }) {
  const costOf = new Map(lazyCosts.map((cost) => [cost.file, cost]));
  const rows = files
    .filter((f) => f.kind === 'lazy chunk')
    .map((f) => {
      const cost = costOf.get(f.file);
      const extra = cost ? cost.files.filter((file) => file !== f.file).map(chunkName) : [];
      return [chunkName(f.file), kb(f.gzipBytes), f.gzipBytes, kb(cost?.gzipBytes ?? f.gzipBytes), extra.join(', ') || '–'];
    })
    .sort((a, b) => a[0].localeCompare(b[0]));
  return formatTable([['chunk', 'gzip -9', 'gzip bytes', 'with its imports', 'imports beyond the first load'], ...rows], ['l', 'r', 'r', 'r', 'l']);
}

/** Aligns rows of cells into columns; align is 'l' or 'r' per column. */
export function formatTable(rows, align = []) {
  const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => String(row[col]).length)));
  const line = (row) =>
    row
      .map((cell, col) => (align[col] === 'r' ? String(cell).padStart(widths[col]) : String(cell).padEnd(widths[col])))
      .join('  ')
      .trimEnd();
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)];
}
