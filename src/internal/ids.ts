/**
 * Random ids (UUID v4). `crypto.randomUUID` exists only on secure pages (https, localhost); the
 * widget also runs on plain-http intranet hosts, where the same id is built from getRandomValues.
 */
export function newId(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext !== false) return crypto.randomUUID();
  return uuidFromRandomValues();
}

export function uuidFromRandomValues(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Whether `id` may name a conversation: not empty, and not `.` or `..`, which a URL parser would
 * resolve away when the id stands as a segment of a request path (`${endpoint}/${id}/stream`).
 */
export function isThreadIdSafe(id: string): boolean {
  return id !== '' && id !== '.' && id !== '..';
}
