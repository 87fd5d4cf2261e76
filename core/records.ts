/**
 * Records keyed by a known list, typed without a cast where they are used: `Object.keys` and
 * `Object.fromEntries` lose their keys' types (TypeScript cannot know that an object holds no
 * other key), so the one place that says what they hold is here.
 */

/** A record's own keys, as the record's key type. */
export function keysOf<K extends PropertyKey>(record: Readonly<Record<K, unknown>>): K[] {
  return Object.keys(record) as K[];
}

/** A record with one entry per key of `keys`, each worked out from its key. */
export function recordOf<K extends PropertyKey, V>(keys: readonly K[], value: (key: K) => V): Record<K, V> {
  return Object.fromEntries(keys.map((key) => [key, value(key)])) as Record<K, V>;
}

/** Whether `value` is one of `list` (a list of literals): a check that narrows, where `includes` needs a cast. */
export function isOneOf<T>(list: readonly T[], value: unknown): value is T {
  return (list as readonly unknown[]).includes(value);
}

/** Whether `value` is an object whose fields may be read by name (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
