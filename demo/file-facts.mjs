// What the scripted demo agents can honestly tell about an attached file without a model: the kind
// and pixel size of an image (read from its header), the byte size, the name, a PNG's average
// colour (decoded with node:zlib) and the first line of a text file. Pure: bytes in, facts out.

import { inflateSync } from 'node:zlib';

/** Images larger than this many pixels are measured but not averaged (the demo server is shared). */
const MAX_AVERAGED_PIXELS = 8_000_000;

const ascii = (bytes, start, length) => String.fromCharCode(...bytes.subarray(start, start + length));
const uint16be = (bytes, at) => (bytes[at] << 8) | bytes[at + 1];
const uint32be = (bytes, at) => ((bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3]) >>> 0;
const uint16le = (bytes, at) => bytes[at] | (bytes[at + 1] << 8);
const uint24le = (bytes, at) => bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function isPng(bytes) {
  return bytes.length >= 24 && PNG_SIGNATURE.every((value, index) => bytes[index] === value) && ascii(bytes, 12, 4) === 'IHDR';
}

/** JPEG: the first start-of-frame marker (SOF0–SOF15, not DHT/JPG/DAC) holds the size. */
function jpegSize(bytes) {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers without a length
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { width: uint16be(bytes, at + 7), height: uint16be(bytes, at + 5) };
    at += 2 + uint16be(bytes, at + 2);
  }
  return undefined;
}

/** WebP: lossy (VP8), lossless (VP8L) or extended (VP8X) keep the size in different places. */
function webpSize(bytes) {
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8 ' && bytes.length >= 30) return { width: uint16le(bytes, 26) & 0x3fff, height: uint16le(bytes, 28) & 0x3fff };
  if (chunk === 'VP8L' && bytes.length >= 25 && bytes[20] === 0x2f) {
    const bits = (bytes[21] | (bytes[22] << 8) | (bytes[23] << 16) | (bytes[24] << 24)) >>> 0;
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X' && bytes.length >= 30) return { width: uint24le(bytes, 24) + 1, height: uint24le(bytes, 27) + 1 };
  return undefined;
}

/**
 * The format and pixel size of a PNG, JPEG, GIF or WebP image, from its first bytes (whatever its
 * declared type says), or undefined for anything else.
 * @param {Uint8Array} bytes @returns {{ format: 'PNG'|'JPEG'|'GIF'|'WebP', width: number, height: number } | undefined}
 */
export function imageSize(bytes) {
  if (isPng(bytes)) return { format: 'PNG', width: uint32be(bytes, 16), height: uint32be(bytes, 20) };
  if (bytes.length >= 10 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) {
    return { format: 'GIF', width: uint16le(bytes, 6), height: uint16le(bytes, 8) };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    const size = jpegSize(bytes);
    return size && { format: 'JPEG', ...size };
  }
  if (bytes.length >= 16 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') {
    const size = webpSize(bytes);
    return size && { format: 'WebP', ...size };
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// A PNG's average colour

/** Samples per pixel of each PNG colour type. */
const CHANNELS = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

function pngChunks(bytes) {
  const chunks = { IDAT: [] };
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = uint32be(bytes, at);
    const type = ascii(bytes, at + 4, 4);
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IDAT') chunks.IDAT.push(data);
    else if (type === 'IHDR' || type === 'PLTE' || type === 'tRNS') chunks[type] = data;
    if (type === 'IEND') break;
    at += 12 + length;
  }
  return chunks;
}

function paeth(left, up, upLeft) {
  const estimate = left + up - upLeft;
  const toLeft = Math.abs(estimate - left);
  const toUp = Math.abs(estimate - up);
  const toUpLeft = Math.abs(estimate - upLeft);
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}

/** Undoes the per-row filters in place; returns the rows without their filter bytes. */
function unfilter(raw, height, rowBytes, bpp) {
  const rows = [];
  let previous = new Uint8Array(rowBytes);
  for (let y = 0; y < height; y++) {
    const start = y * (rowBytes + 1);
    const filter = raw[start];
    const row = raw.subarray(start + 1, start + 1 + rowBytes);
    for (let x = 0; x < rowBytes; x++) {
      const left = x >= bpp ? row[x - bpp] : 0;
      const up = previous[x];
      const upLeft = x >= bpp ? previous[x - bpp] : 0;
      if (filter === 1) row[x] = (row[x] + left) & 0xff;
      else if (filter === 2) row[x] = (row[x] + up) & 0xff;
      else if (filter === 3) row[x] = (row[x] + ((left + up) >> 1)) & 0xff;
      else if (filter === 4) row[x] = (row[x] + paeth(left, up, upLeft)) & 0xff;
      else if (filter !== 0) throw new Error(`unknown PNG filter ${filter}`);
    }
    rows.push(row);
    previous = row;
  }
  return rows;
}

/** Sample `index` of a row, as a raw value of `depth` bits. */
function sampleAt(row, index, depth) {
  if (depth === 8) return row[index];
  if (depth === 16) return (row[index * 2] << 8) | row[index * 2 + 1];
  const bit = index * depth;
  return (row[bit >> 3] >> (8 - depth - (bit & 7))) & ((1 << depth) - 1);
}

/**
 * The average colour of a non-interlaced PNG, each pixel weighted by its opacity, or undefined
 * when the PNG cannot be decoded here (interlaced, damaged, too large).
 * @param {Uint8Array} bytes
 * @returns {{ red: number, green: number, blue: number, hex: string, transparentShare: number } | undefined}
 */
export function pngAverageColour(bytes) {
  if (!isPng(bytes)) return undefined;
  const { IHDR, PLTE, tRNS, IDAT } = pngChunks(bytes);
  if (!IHDR || IHDR.length < 13 || IDAT.length === 0) return undefined;
  const width = uint32be(IHDR, 0);
  const height = uint32be(IHDR, 4);
  const [depth, colourType, , , interlace] = IHDR.subarray(8, 13);
  const channels = CHANNELS[colourType];
  if (!channels || interlace !== 0 || width === 0 || height === 0 || width * height > MAX_AVERAGED_PIXELS) return undefined;
  if (colourType === 3 && !PLTE) return undefined;
  const rowBytes = Math.ceil((width * channels * depth) / 8);
  let raw;
  try {
    raw = inflateSync(Buffer.concat(IDAT), { maxOutputLength: height * (rowBytes + 1) + 1 });
  } catch {
    return undefined;
  }
  if (raw.length < height * (rowBytes + 1)) return undefined;
  const rows = unfilter(raw, height, rowBytes, Math.max(1, (channels * depth) >> 3));
  const max = (1 << depth) - 1;
  const to8 = (value) => Math.round((value * 255) / max);
  const keyed = tRNS && (colourType === 0 || colourType === 2) ? Array.from({ length: channels }, (_, i) => uint16be(tRNS, i * 2)) : undefined;
  let red = 0,
    green = 0,
    blue = 0,
    weight = 0,
    transparent = 0;
  for (const row of rows) {
    for (let x = 0; x < width; x++) {
      const samples = Array.from({ length: channels }, (_, channel) => sampleAt(row, x * channels + channel, depth));
      let rgb,
        alpha = 255;
      if (colourType === 3) {
        const entry = samples[0];
        rgb = [PLTE[entry * 3], PLTE[entry * 3 + 1], PLTE[entry * 3 + 2]];
        if (tRNS && entry < tRNS.length) alpha = tRNS[entry];
      } else {
        const colour = colourType === 0 || colourType === 4 ? [samples[0], samples[0], samples[0]] : samples.slice(0, 3);
        rgb = colour.map(to8);
        if (colourType === 4 || colourType === 6) alpha = to8(samples[channels - 1]);
        else if (keyed && keyed.every((value, i) => value === samples[i])) alpha = 0;
      }
      if (alpha < 255) transparent += 1;
      red += rgb[0] * alpha;
      green += rgb[1] * alpha;
      blue += rgb[2] * alpha;
      weight += alpha;
    }
  }
  const transparentShare = transparent / (width * height);
  if (weight === 0) return { red: 0, green: 0, blue: 0, hex: '', transparentShare };
  const [r, g, b] = [red, green, blue].map((sum) => Math.round(sum / weight));
  const hex = `#${[r, g, b].map((value) => value.toString(16).padStart(2, '0')).join('')}`;
  return { red: r, green: g, blue: b, hex, transparentShare };
}

/** Colour names by hue (degrees), each up to `below`. */
const HUE_NAMES = [
  { below: 15, name: 'red' },
  { below: 45, name: 'orange' },
  { below: 70, name: 'yellow' },
  { below: 165, name: 'green' },
  { below: 195, name: 'teal' },
  { below: 255, name: 'blue' },
  { below: 290, name: 'purple' },
  { below: 345, name: 'pink' },
];

/** A rough English name for a colour ("dark blue", "light grey"), from its hue and lightness. */
export function colourName({ red, green, blue }) {
  const [r, g, b] = [red / 255, green / 255, blue / 255];
  const high = Math.max(r, g, b);
  const low = Math.min(r, g, b);
  const lightness = (high + low) / 2;
  const chroma = high - low;
  if (lightness < 0.1) return 'black';
  if (lightness > 0.94) return 'white';
  const saturation = chroma === 0 ? 0 : chroma / (1 - Math.abs(2 * lightness - 1));
  const shade = lightness < 0.3 ? 'dark ' : lightness > 0.75 ? 'light ' : '';
  if (saturation < 0.15) return `${shade}grey`;
  let hue = high === r ? ((g - b) / chroma) % 6 : high === g ? (b - r) / chroma + 2 : (r - g) / chroma + 4;
  hue = (hue * 60 + 360) % 360;
  if (hue >= 15 && hue < 45 && lightness < 0.45) return `${lightness < 0.25 ? 'dark ' : ''}brown`;
  return shade + (HUE_NAMES.find(({ below }) => hue < below)?.name ?? 'red');
}

// ---------------------------------------------------------------------------------------------
// Text files and sizes

const TEXT_TYPES = /^(text\/|application\/(json|xml|javascript|x-ndjson|x-yaml|yaml|csv|x-sh|sql)\b)|\+(json|xml)$/i;
const TEXT_NAMES = /\.(txt|md|markdown|csv|tsv|json|ndjson|ya?ml|xml|html?|css|js|mjs|ts|py|sql|sh|log|ini|toml)$/i;

/** Whether a file is text, by its declared type or its name. */
export function isTextFile(mimeType = '', name = '') {
  return TEXT_TYPES.test(mimeType) || TEXT_NAMES.test(name);
}

/** The first non-blank line of a text file (from its first 4 KB), cut to `limit` characters. */
export function firstLine(bytes, limit = 100) {
  const text = new TextDecoder('utf-8').decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '');
  const line =
    text
      .split(/\r?\n/)
      .find((entry) => entry.trim() !== '')
      ?.trim() ?? '';
  return line.length > limit ? `${line.slice(0, limit - 1)}…` : line;
}

/** "12.3 KB (12,595 bytes)", "512 bytes". */
export function byteSize(count) {
  const exact = `${count.toLocaleString('en-US')} byte${count === 1 ? '' : 's'}`;
  if (count < 1024) return exact;
  const [value, unit] = count < 1024 * 1024 ? [count / 1024, 'KB'] : [count / (1024 * 1024), 'MB'];
  return `${value.toFixed(1)} ${unit} (${exact})`;
}
