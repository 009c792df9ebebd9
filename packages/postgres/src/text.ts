/**
 * Whether Postgres can hold `text` as a text value: it refuses U+0000 (SQLSTATE 22021, an error, not
 * "no row"). A key that comes from outside (a token, a client id, a cursor) and holds one names nothing
 * stored, so a lookup answers "not found" before it asks.
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000');
}
