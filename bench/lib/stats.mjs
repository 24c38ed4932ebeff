/** Small numeric helpers for bench summaries. */

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function range(values) {
  return { min: Math.min(...values), max: Math.max(...values) };
}

export function sum(values) {
  return values.reduce((total, value) => total + value, 0);
}

/** Successive differences: marks [a, b, c] → [b - a, c - b]. */
export function intervals(marks) {
  return marks.slice(1).map((mark, i) => mark - marks[i]);
}

/** Formats a number of milliseconds (or a plain count) for a table cell. */
export function fmt(value, digits = 0) {
  return Number.isFinite(value) ? value.toFixed(digits) : '–';
}
