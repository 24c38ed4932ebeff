/**
 * Dates and times between JSON Schema's RFC 3339 texts (`format: date`, `date-time`, `time`) and
 * what the browser's date and time inputs hold: local wall-clock time, no offset.
 */

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function offsetText(minutesEast: number): string {
  if (minutesEast === 0) return 'Z';
  const sign = minutesEast > 0 ? '+' : '-';
  const abs = Math.abs(minutesEast);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** A `YYYY-MM-DD` a date input can show. */
export const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** An RFC 3339 date-time as the local `YYYY-MM-DDTHH:MM[:SS]` a datetime-local input shows. */
export function localDateTime(value: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}/.test(value)) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  const seconds = date.getSeconds() ? `:${pad(date.getSeconds())}` : '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}${seconds}`;
}

/** A datetime-local input's `YYYY-MM-DDTHH:MM[:SS]` as RFC 3339 with the local offset. */
export function dateTimeWithOffset(local: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?$/.exec(local);
  if (!match) return local;
  const [, y, mo, d, h, mi, s = '00', fraction = ''] = match;
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  return `${y}-${mo}-${d}T${h}:${mi}:${s}${fraction}${offsetText(-date.getTimezoneOffset())}`;
}

/** An RFC 3339 time as what a time input shows (`HH:MM[:SS[.f]]`) and its offset ('' when it has none); undefined when it is not one. */
export function splitTime(value: string): { time: string; offset: string } | undefined {
  const match = /^(\d\d:\d\d(?::\d\d(?:\.\d+)?)?)(z|[+-]\d\d:\d\d)?$/i.exec(value);
  return match ? { time: match[1]!, offset: match[2]?.toUpperCase() ?? '' } : undefined;
}

/** A time input's `HH:MM[:SS]` as an RFC 3339 time: with `offset`, else the local one. */
export function timeWithOffset(local: string, offset: string | undefined): string {
  if (!/^\d\d:\d\d(:\d\d(\.\d+)?)?$/.test(local)) return local;
  const seconds = local.length === 5 ? `${local}:00` : local;
  return seconds + (offset || offsetText(-new Date().getTimezoneOffset()));
}
