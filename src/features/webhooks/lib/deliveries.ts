// Bodies as shown, the recover field's value and the inbox's URL.
/** A body as sent, indented when it is JSON (the bytes themselves are what the signature covers). */
export function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** The event type a received body names (`type`), when it is a JSON event. */
export function bodyEventType(body: string | null): string | null {
  if (!body) return null;
  try {
    const parsed: unknown = JSON.parse(body);
    const type = parsed && typeof parsed === 'object' ? (parsed as {type?: unknown}).type : undefined;
    return typeof type === 'string' ? type : null;
  } catch {
    return null;
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as a datetime-local field's value, in the reader's zone (minutes). */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local field's value (the reader's zone) as the API's timestamp; null when it is not one. */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value.trim())) return null;
  const date = new Date(value.trim());
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The test inbox's endpoint URL: the API's origin and the inbox's path. */
export function inboxUrl(apiUrl: string, path: string): string {
  return `${new URL(apiUrl).origin}${path}`;
}
