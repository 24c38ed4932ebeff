/**
 * Images of the page's own origin, fetched so that a redirect is never followed. An address on the
 * page's origin may still send the browser elsewhere (an open redirect such as
 * `/redirect?to=https://elsewhere/…`), and an image loaded through it would tell that other origin
 * whatever its address carries. So, unless the chat's `images` is `allow`, such an image is fetched
 * here with redirects not followed, and only a direct successful answer is shown, from a local
 * copy. A redirect (even one that stays on the page's origin: where it goes cannot be read) or no
 * answer at all leaves the choice to the person, as for another origin (image-placeholders.ts).
 *
 * Copies are kept in a small cache, bounded in number and bytes, and shared by every element
 * showing the same address (drawn again, it shows at once). A raster copy is an object URL, revoked
 * when the copy leaves the cache; an SVG copy is a `data:` URL, so it can never be opened as a
 * document of the page's origin; any other type is kept as bytes only (a raster image still decodes).
 *
 * What a reply can make the page fetch with its cookies is bounded too: a few fetches at a time (the
 * others wait their turn), each given up after a while or past a size, and fetches under way take
 * places in the cache: when every place is taken, another address is not fetched but answered
 * `failed` (the person may still load it).
 */
import { readBounded } from './bounded-body.js';

export type SameOriginOutcome =
  /** A direct answer: `src` shows the copy. */
  | { kind: 'image'; src: string }
  /** The address answered with a redirect. */
  | { kind: 'redirect' }
  /** An error status: there is no image (its alt text stands in). */
  | { kind: 'missing' }
  /** No answer (a network error, a page policy that forbids the fetch): the person may still load it. */
  | { kind: 'failed' };

interface Entry {
  pending: Promise<SameOriginOutcome>;
  outcome?: SameOriginOutcome;
  bytes: number;
}

const MAX_ENTRIES = 64;
const MAX_BYTES = 24 * 1024 * 1024;
/** One image's body past this is not read on. */
const MAX_COPY_BYTES = 10 * 1024 * 1024;
const TIMEOUT_MS = 15_000;
const MAX_IN_FLIGHT = 6;
/** Types whose copy keeps its type: opened on its own, it is a picture, never a document. */
const RASTER = /^image\/(png|jpe?g|gif|webp|avif|bmp|apng|x-icon|vnd\.microsoft\.icon)$/i;
const SVG = /^image\/svg\+xml$/i;

/** Most recently used last. */
const entries = new Map<string, Entry>();
let keptBytes = 0;
let inFlight = 0;
/** Fetches waiting for one under way to end (never more than the cache has places). */
const waiting: (() => void)[] = [];

/**
 * The absolute address of `src` when it is an http(s) address of the page's own origin (the images
 * that need this guard); `data:`, `blob:` and other origins: undefined.
 */
export function sameOriginAddress(src: string, page: string = location.href): string | undefined {
  try {
    const url = new URL(src, page);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === new URL(page).origin ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** What is already known about `address`, without waiting. */
export function knownOutcome(address: string): SameOriginOutcome | undefined {
  const entry = entries.get(address);
  if (!entry?.outcome) return undefined;
  entries.delete(address);
  entries.set(address, entry);
  return entry.outcome;
}

/** Fetches `address` (once for every caller while it is cached) and settles with what to show. */
export function fetchSameOrigin(address: string): Promise<SameOriginOutcome> {
  const known = entries.get(address);
  if (known) {
    entries.delete(address);
    entries.set(address, known);
    return known.pending;
  }
  trim(MAX_ENTRIES - 1);
  if (entries.size >= MAX_ENTRIES) return Promise.resolve({ kind: 'failed' });
  const entry: Entry = { bytes: 0, pending: Promise.resolve({ kind: 'failed' }) };
  entry.pending = inTurn(() => fetchCopy(address)).then(({ outcome, bytes }) => {
    entry.outcome = outcome;
    entry.bytes = bytes;
    keptBytes += bytes;
    // Just made and about to be shown: the newest, so not the first to go.
    if (entries.get(address) === entry) {
      entries.delete(address);
      entries.set(address, entry);
    }
    trim();
    return outcome;
  });
  entries.set(address, entry);
  return entry.pending;
}

/** Runs `job` once fewer than MAX_IN_FLIGHT are under way; its place passes to the next in line. */
async function inTurn<T>(job: () => Promise<T>): Promise<T> {
  if (inFlight < MAX_IN_FLIGHT) inFlight += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await job();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else inFlight -= 1;
  }
}

/** Whether `src`, a copy handed out for `address`, still shows (it was not revoked). */
export function copyStillKept(address: string, src: string): boolean {
  const outcome = entries.get(address)?.outcome;
  return outcome?.kind === 'image' && outcome.src === src;
}

/** How many copies are kept and their bytes (for tests and measurements). */
export function keptCopies(): { entries: number; bytes: number } {
  return { entries: entries.size, bytes: keptBytes };
}

/** Drops the oldest settled copies past the bounds (fetches under way stay: callers wait on them). */
function trim(maxEntries = MAX_ENTRIES): void {
  for (const [address, entry] of entries) {
    if (entries.size <= maxEntries && keptBytes <= MAX_BYTES) return;
    if (!entry.outcome) continue;
    // The newest copy stays even when it alone is over the bound: it is being shown.
    if (entries.size === 1) return;
    entries.delete(address);
    keptBytes -= entry.bytes;
    if (entry.outcome.kind === 'image' && entry.outcome.src.startsWith('blob:')) URL.revokeObjectURL(entry.outcome.src);
  }
}

async function fetchCopy(address: string): Promise<{ outcome: SameOriginOutcome; bytes: number }> {
  const failed = { outcome: { kind: 'failed' } as const, bytes: 0 };
  try {
    const signal = AbortSignal.timeout(TIMEOUT_MS);
    const response = await fetch(address, {
      signal,
      redirect: 'manual',
      mode: 'same-origin',
      credentials: 'same-origin',
      referrerPolicy: 'no-referrer',
      headers: { accept: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8' },
    });
    // `opaqueredirect` is what a browser gives; a bare 3xx status what a fetch stand-in may.
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) return { outcome: { kind: 'redirect' }, bytes: 0 };
    if (!response.ok) {
      void response.body?.cancel().catch(() => undefined);
      return { outcome: { kind: 'missing' }, bytes: 0 };
    }
    // Too big, or too slow: the person may load it themselves.
    const body = await readBounded(response, MAX_COPY_BYTES, signal);
    if (!body) return failed;
    const type = (response.headers.get('content-type') ?? '').split(';')[0].trim();
    if (SVG.test(type)) {
      const src = await dataUrl(new Blob([body], { type: 'image/svg+xml' }));
      return { outcome: { kind: 'image', src }, bytes: src.length };
    }
    const copy = new Blob([body], { type: RASTER.test(type) ? type.toLowerCase() : 'application/octet-stream' });
    return { outcome: { kind: 'image', src: URL.createObjectURL(copy) }, bytes: copy.size };
  } catch {
    return failed;
  }
}

function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}
