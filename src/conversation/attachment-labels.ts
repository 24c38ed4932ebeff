/** What a sent file's chip says of it (pure): its kind in a word and its size in the chat's language. */

/** The file's kind as a short word: its extension, else its media subtype ("PDF", "PNG"); empty when neither says. */
export function fileKind(name: string, mimeType: string): string {
  const extension = /\.([a-z0-9]{1,8})$/i.exec(name)?.[1];
  if (extension) return extension.toUpperCase();
  const subtype = mimeType.split('/')[1]?.split(/[;+]/)[0] ?? '';
  return /^[a-z0-9.-]{1,12}$/i.test(subtype) && subtype !== 'octet-stream' ? subtype.toUpperCase() : '';
}

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** `bytes` in the largest unit that keeps it at least 1, e.g. "12 kB", "3.4 MB" (in `locale`). */
export function fileSizeText(bytes: number, locale: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  try {
    // Bytes narrow ("512B"): the short form says "512 byte" in English.
    return new Intl.NumberFormat(locale, { style: 'unit', unit: UNITS[unit], unitDisplay: unit === 0 ? 'narrow' : 'short', maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
  } catch {
    return `${Math.round(value * 10) / 10} ${['B', 'kB', 'MB', 'GB'][unit]}`;
  }
}

/** Whether a file is shown as a picture: a raster or vector image the browser draws. */
export function isPicture(mimeType: string): boolean {
  return /^image\/(png|jpe?g|gif|webp|avif|bmp|svg\+xml)$/i.test(mimeType);
}
