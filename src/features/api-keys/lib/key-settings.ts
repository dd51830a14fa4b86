/**
 * A key's settings form: its values, the contract's rules for them (the API checks the same ones), and the body
 * sent, which holds only what changed.
 */
import {KeySettingsBody, type KeySettingsLimits} from '@intakekit/contract/schemas/keys';
import {
  KEY_EXPIRY_MESSAGE,
  KEY_NAME_MESSAGE,
  expiryAllowed,
  normalizeKeyName,
  rateLimitMessage,
} from '@intakekit/contract/api-keys';
import {parseAllowedOrigins} from '@intakekit/contract/origins';
import type {ApiKey} from '@site/src/lib/api/keys';
import type {ContractRules} from '@site/src/lib/forms/contract-resolver';
import {expiryFor, type ExpiryChoice} from './format';

export type KeySettingsValues = {name: string; origins: string; expiry: ExpiryChoice; date: string; limit: string};

type Errors = Partial<Record<'name' | 'origins' | 'expiry' | 'limit', string>>;

/** The local calendar day of a timestamp, as a date input holds it (YYYY-MM-DD). */
export function localDay(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** What the form shows first for a key. */
export function initialValues(key: ApiKey): KeySettingsValues {
  return {
    name: key.name,
    origins: key.allowedOrigins.join('\n'),
    expiry: key.expiresAt ? 'date' : 'never',
    date: key.expiresAt ? localDay(key.expiresAt) : '',
    limit: String(key.rateLimitPerMinute),
  };
}

/** Checks the form with the contract's rules, as the API will; the settings to send, or what is wrong. */
export function check(
  values: KeySettingsValues,
  limits: KeySettingsLimits,
  nowMs: number,
): {settings: KeySettingsBody} | {errors: Errors} {
  const errors: Errors = {};
  const name = normalizeKeyName(values.name);
  if (name === undefined) errors.name = KEY_NAME_MESSAGE;
  const lines = values.origins
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const origins = parseAllowedOrigins(lines);
  if (!origins.ok) errors.origins = origins.message;
  const expiresAt = expiryFor(values.expiry, nowMs, values.date);
  if (expiresAt === undefined || !expiryAllowed(expiresAt === null ? null : new Date(expiresAt), new Date(nowMs))) {
    errors.expiry = KEY_EXPIRY_MESSAGE;
  }
  const limit = Number(values.limit);
  if (!/^\d+$/.test(values.limit.trim()) || limit < 1 || limit > limits.rateLimitMax) {
    errors.limit = rateLimitMessage(limits.rateLimitMax);
  }
  if (Object.keys(errors).length > 0 || !origins.ok || name === undefined || expiresAt === undefined) {
    return {errors};
  }
  return {settings: {name, allowedOrigins: origins.origins, expiresAt, rateLimitPerMinute: limit}};
}

/** Only what changed, so saving a new name keeps the exact expiry (a date input holds only the day). */
export function changedSettings(key: ApiKey, next: KeySettingsBody, date: string): KeySettingsBody {
  const out: KeySettingsBody = {};
  if (next.name !== key.name) out.name = next.name;
  if (JSON.stringify(next.allowedOrigins) !== JSON.stringify(key.allowedOrigins))
    out.allowedOrigins = next.allowedOrigins;
  const sameDay = key.expiresAt !== null && typeof next.expiresAt === 'string' && date === localDay(key.expiresAt);
  if (next.expiresAt !== key.expiresAt && !sameDay) out.expiresAt = next.expiresAt;
  if (next.rateLimitPerMinute !== key.rateLimitPerMinute) out.rateLimitPerMinute = next.rateLimitPerMinute;
  return out;
}

/**
 * The form's rules for this key: each field's contract rule, and the body of what changed. A revoked or expired key
 * keeps its settings; only its name can change.
 */
export function keySettingsRules(
  key: ApiKey,
  limits: KeySettingsLimits,
): ContractRules<KeySettingsValues, KeySettingsBody> {
  const errorOf = (field: keyof Errors) => (values: KeySettingsValues) => {
    const result = check(values, limits, Date.now());
    return 'errors' in result ? (result.errors[field] ?? null) : null;
  };
  return {
    schema: KeySettingsBody,
    toBody: (values) => {
      const result = check(values, limits, Date.now());
      if ('errors' in result) return {};
      const settings = changedSettings(key, result.settings, values.date);
      if (key.status === 'active') return settings;
      return settings.name === undefined ? {} : {name: settings.name};
    },
    checks: [
      {field: 'name', rule: errorOf('name')},
      {field: 'origins', rule: errorOf('origins')},
      {field: 'expiry', rule: errorOf('expiry')},
      {field: 'limit', rule: errorOf('limit')},
    ],
  };
}
