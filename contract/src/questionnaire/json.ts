/** Reading a document that came as JSON from anywhere: an object, or a list, or neither. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The list, or none when the value is no list. */
export const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
