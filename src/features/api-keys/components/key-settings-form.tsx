import {useId, useState, type FormEvent, type ReactNode} from 'react';
import FormField from '@site/src/components/form-field';
import Notice from '@site/src/components/notice';
import type {ApiKey} from '@site/src/lib/api/keys';
import type {KeySettingsBody, KeySettingsLimits} from '@intakekit/contract/schemas/keys';
import {
  KEY_EXPIRY_MESSAGE,
  KEY_NAME_MESSAGE,
  expiryAllowed,
  normalizeKeyName,
  rateLimitMessage,
} from '@intakekit/contract/api-keys';
import {parseAllowedOrigins} from '@intakekit/contract/origins';
import {serverMessage} from '@site/src/lib/errors';
import {EXPIRY_CHOICE_LABELS, EXPIRY_CHOICES, expiryFor, type ExpiryChoice} from '../lib/format';
import fields from './fields.module.css';
import styles from './key-settings-form.module.css';

interface Props {
  apiKey: ApiKey;
  limits: KeySettingsLimits;
  canChange: boolean;
  onSave: (settings: KeySettingsBody) => Promise<unknown>;
}

type Errors = Partial<Record<'name' | 'origins' | 'expiry' | 'limit', string>>;

/** Checks the form with the contract's rules, as the API will; the settings to send, or what is wrong. */
function check(
  values: {name: string; origins: string; expiry: ExpiryChoice; date: string; limit: string},
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

/** A key's name, allowed origins, expiry and limit, checked here with the API's own rules before saving. */
export default function KeySettingsForm({apiKey, limits, canChange, onSave}: Props): ReactNode {
  const originsId = useId();
  const expiryId = useId();
  const [name, setName] = useState(apiKey.name);
  const [origins, setOrigins] = useState(apiKey.allowedOrigins.join('\n'));
  const [expiry, setExpiry] = useState<ExpiryChoice>(apiKey.expiresAt ? 'date' : 'never');
  const [date, setDate] = useState(apiKey.expiresAt ? localDay(apiKey.expiresAt) : '');
  const [limit, setLimit] = useState(String(apiKey.rateLimitPerMinute));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [saving, setSaving] = useState(false);
  const working = apiKey.status === 'active';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    setFailure(null);
    const result = check({name, origins, expiry, date, limit}, limits, Date.now());
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    const settings = changedSettings(apiKey, result.settings, date);
    // A revoked or expired key keeps its settings; only its name can change.
    const toSend: KeySettingsBody = working ? settings : settings.name === undefined ? {} : {name: settings.name};
    setSaving(true);
    try {
      if (Object.keys(toSend).length > 0) await onSave(toSend);
      setSaved(true);
    } catch (error) {
      setFailure(serverMessage(error) ?? 'The settings could not be saved. Please try again.');
    } finally {
      setSaving(false);
    }
  }

  const emptyListMeans =
    apiKey.keyType === 'sandbox'
      ? 'Leave it empty to let any origin use this sandbox key.'
      : 'With no origin listed, no web page can use this production key.';

  return (
    <form className={styles.settingsForm} onSubmit={(e) => void submit(e)} noValidate aria-label="Key settings">
      <FormField
        label="Name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
        maxLength={200}
        disabled={!canChange}
      />
      <div>
        <label htmlFor={originsId} className={fields.fieldLabel}>
          Allowed origins
        </label>
        <textarea
          id={originsId}
          value={origins}
          onChange={(e) => setOrigins(e.target.value)}
          aria-describedby={`${originsId}-hint${errors.origins ? ` ${originsId}-error` : ''}`}
          aria-invalid={errors.origins ? true : undefined}
          disabled={!canChange || !working}
          spellCheck={false}
          autoCapitalize="off"
          placeholder={'https://clinic.example\nhttps://*.clinic.example'}
        />
        <p id={`${originsId}-hint`} className={fields.fieldHint}>
          One per line, as scheme://host[:port]; *. stands for one subdomain label. {emptyListMeans}
        </p>
        {errors.origins ? (
          <p id={`${originsId}-error`} role="alert" className={fields.fieldError}>
            {errors.origins}
          </p>
        ) : null}
      </div>
      <div className={fields.inlineFields}>
        <div>
          <label htmlFor={expiryId} className={fields.fieldLabel}>
            Expires
          </label>
          <select
            id={expiryId}
            value={expiry}
            onChange={(e) => setExpiry(e.target.value as ExpiryChoice)}
            disabled={!canChange || !working}
            aria-describedby={errors.expiry ? `${expiryId}-error` : undefined}
          >
            {EXPIRY_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {EXPIRY_CHOICE_LABELS[choice]}
              </option>
            ))}
          </select>
        </div>
        {expiry === 'date' ? (
          <FormField
            label="Expiry date"
            type="date"
            value={date}
            onChange={(e) => setDate(e.target.value)}
            disabled={!canChange || !working}
          />
        ) : null}
        <FormField
          label="Sessions a minute"
          inputMode="numeric"
          value={limit}
          onChange={(e) => setLimit(e.target.value)}
          error={errors.limit}
          hint={`Default ${limits.rateLimitDefault}, at most ${limits.rateLimitMax}.`}
          disabled={!canChange || !working}
        />
      </div>
      {errors.expiry ? (
        <p id={`${expiryId}-error`} role="alert" className={fields.fieldError}>
          {errors.expiry}
        </p>
      ) : null}
      {!working ? <p className={fields.fieldHint}>This key no longer works: only its name can change.</p> : null}
      {failure ? <Notice variant="error">{failure}</Notice> : null}
      {saved ? (
        <Notice variant="success" onDismiss={() => setSaved(false)}>
          Settings saved.
        </Notice>
      ) : null}
      <div>
        <button
          type="submit"
          className="button button--primary"
          disabled={!canChange || saving}
          aria-busy={saving || undefined}
        >
          {saving ? 'Saving...' : 'Save settings'}
        </button>
      </div>
    </form>
  );
}

/** Only what changed, so saving a new name keeps the exact expiry (a date input holds only the day). */
function changedSettings(key: ApiKey, next: KeySettingsBody, date: string): KeySettingsBody {
  const out: KeySettingsBody = {};
  if (next.name !== key.name) out.name = next.name;
  if (JSON.stringify(next.allowedOrigins) !== JSON.stringify(key.allowedOrigins))
    out.allowedOrigins = next.allowedOrigins;
  const sameDay = key.expiresAt !== null && typeof next.expiresAt === 'string' && date === localDay(key.expiresAt);
  if (next.expiresAt !== key.expiresAt && !sameDay) out.expiresAt = next.expiresAt;
  if (next.rateLimitPerMinute !== key.rateLimitPerMinute) out.rateLimitPerMinute = next.rateLimitPerMinute;
  return out;
}

/** The local calendar day of a timestamp, as a date input holds it (YYYY-MM-DD). */
function localDay(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
