// The webhooks part of the "Receive submissions" page as data: the events with the fields their `data` holds, and
// the retry schedule in words. Types only from the contract: plugins/llms-txt runs this in Node, where the
// contract's sources do not resolve by name, so the callers pass its values.
import type {WebhookEventType} from '@intakekit/contract/webhooks';

export interface EventRow {
  type: string;
  label: string;
  /** What `data` always holds. */
  fields: string[];
  /** What only some of the type's payloads hold (the full payload's answers). */
  someFields: string[];
}

/** One row per event type that has an example body, in the order of the labels. */
export function eventRows(
  labels: Record<WebhookEventType, string>,
  examples: ReadonlyArray<{type: string; data: object}>,
): EventRow[] {
  return Object.entries(labels).flatMap(([type, label]) => {
    const bodies = examples.filter((e) => e.type === type).map((e) => Object.keys(e.data));
    if (bodies.length === 0) return [];
    const all = [...new Set(bodies.flat())];
    const fields = all.filter((key) => bodies.every((keys) => keys.includes(key)));
    return [{type, label, fields, someFields: all.filter((key) => !fields.includes(key))}];
  });
}

const UNITS: ReadonlyArray<[number, string, string]> = [
  [3600, 'hour', 'h'],
  [60, 'minute', 'min'],
  [1, 'second', 's'],
];

/** 300 -> "5 minutes later"; 0 -> "At once". */
function waitLabel(seconds: number): string {
  if (seconds === 0) return 'At once';
  const [size, unit] = UNITS.find(([size]) => seconds % size === 0)!;
  const count = seconds / size;
  return `${count} ${unit}${count === 1 ? '' : 's'} later`;
}

/** 9305 -> "2 h 35 min 5 s". */
function elapsedLabel(seconds: number): string {
  if (seconds === 0) return '-';
  let left = seconds;
  const parts = UNITS.flatMap(([size, , short]) => {
    const count = Math.floor(left / size);
    left -= count * size;
    return count > 0 ? [`${count} ${short}`] : [];
  });
  return parts.join(' ');
}

export interface RetryRow {
  attempt: number;
  wait: string;
  sinceFirst: string;
}

/** The schedule (seconds after the attempt before) as rows: when each attempt goes, and how long after the first. */
export function retryRows(schedule: readonly number[]): RetryRow[] {
  let total = 0;
  return schedule.map((seconds, index) => {
    total += index === 0 ? 0 : seconds;
    return {attempt: index + 1, wait: waitLabel(seconds), sinceFirst: elapsedLabel(total)};
  });
}

const code = (text: string) => `\`${text}\``;

/** The events table as Markdown, for the page's Markdown copy. */
export function eventsMarkdown(rows: EventRow[]): string {
  return [
    '| Event | Sent when | `data` holds |',
    '| --- | --- | --- |',
    ...rows.map((row) => `| ${code(row.type)} | ${row.label} | ${dataWords(row, code)} |`),
  ].join('\n');
}

/** "`submissionId`, `environment`; with the full payload, `questionnaireResponse`". */
function dataWords(row: EventRow, format: (field: string) => string): string {
  const some = row.someFields.length > 0 ? `; with the full payload, ${row.someFields.map(format).join(', ')}` : '';
  return row.fields.map(format).join(', ') + some;
}

export function retryMarkdown(rows: RetryRow[]): string {
  return [
    '| Attempt | Sent | After the first |',
    '| --- | --- | --- |',
    ...rows.map((row) => `| ${row.attempt} | ${row.wait} | ${row.sinceFirst} |`),
  ].join('\n');
}

export type PayloadStyle = 'thin' | 'full';

/** The submission.created example body of one payload style, with its code block's title. */
export function payloadExample(
  examples: {submissionCreatedThin: object; submissionCreatedFull: object},
  payload: PayloadStyle,
): {title: string; json: string} {
  const body = payload === 'full' ? examples.submissionCreatedFull : examples.submissionCreatedThin;
  return {title: `submission.created (${payload})`, json: JSON.stringify(body, null, 2)};
}
