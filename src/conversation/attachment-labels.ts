/** What a sent file's chip says of it (pure): its kind in a word and its size in the chat's language. */

/** The file's kind as a short word: its extension, else its media subtype ("PDF", "PNG"); empty when neither says. */
export function fileKind(name: string, mimeType: string): string {
  const extension = /\.([a-z0-9]{1,8})$/i.exec(name)?.[1];
  if (extension) return extension.toUpperCase();
  const subtype = mimeType.split('/')[1]?.split(/[;+]/)[0] ?? '';
  return /^[a-z0-9.-]{1,12}$/i.test(subtype) && subtype !== 'octet-stream' ? subtype.toUpperCase() : '';
}

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/**
 * `bytes` in the largest unit that keeps it at least 1, in steps of 1,024 as `max-file-size`
 * counts (so a file just under "5 MB" never shows as more), e.g. "512 bytes", "1.5 kB", "10 MB".
 */
export function fileSizeText(bytes: number, locale: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const options: Intl.NumberFormatOptions = { style: 'unit', unit: UNITS[unit], unitDisplay: unit ? 'short' : 'long', maximumFractionDigits: unit && value < 10 ? 1 : 0 };
  try {
    return new Intl.NumberFormat(locale || undefined, options).format(value);
  } catch {
    return new Intl.NumberFormat(undefined, options).format(value);
  }
}

/**
 * Whether a file is shown as a picture: a raster image. Not SVG: drawn from a `blob:` address it
 * would have the page's origin, and opened on its own its scripts would run as the page.
 */
export function isPicture(mimeType: string): boolean {
  return /^image\/(png|jpe?g|gif|webp|avif|bmp)$/i.test(mimeType);
}
