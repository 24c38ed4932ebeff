/**
 * The formulas drawn lately, by key, for the math renderer to copy instead of rendering again: at
 * most `count` entries and `chars` characters in all (each weighs its key plus the size it is
 * given), the least recently used going first. An entry heavier than all of that is not kept.
 * Pure: no DOM.
 */
export class RecentFormulas<V> {
  private readonly entries = new Map<string, { value: V; weight: number }>();
  private weight = 0;

  constructor(private readonly limits: { count: number; chars: number }) {}

  /** The value kept for `key` (now the most recent), else undefined. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` for `key` as the most recent, `size` characters besides its key. */
  set(key: string, value: V, size: number): void {
    this.delete(key);
    const weight = key.length + size;
    if (weight > this.limits.chars) return;
    this.entries.set(key, { value, weight });
    this.weight += weight;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.limits.count && this.weight <= this.limits.chars) break;
      this.entries.delete(oldest);
      this.weight -= entry.weight;
    }
  }

  /** How many entries, and how many characters, are kept. */
  get size(): { count: number; chars: number } {
    return { count: this.entries.size, chars: this.weight };
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.weight -= entry.weight;
  }
}
