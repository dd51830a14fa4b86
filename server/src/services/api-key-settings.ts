// A key's settings as a client sends them, checked and turned into the columns they change: the name, the
// allowed origins (never a public suffix), the expiry and the sessions-a-minute limit.
import type {Config} from '../config.js';
import {ApiError} from '../errors.js';
import {isPublicSuffix} from '../lib/public-suffix.js';
import type {KeySettingsChange} from '../repositories/api-keys-repository.js';
import * as keyRules from '@intakekit/contract/api-keys';
import {parseAllowedOrigins} from '@intakekit/contract/origins';
import type {KeySettingsBody} from '@intakekit/contract/schemas/keys';

const invalid = (message: string) => new ApiError('INVALID_KEY_SETTINGS', {message});

export function checkKeySettings(
  config: Pick<Config, 'now' | 'sdkKeyRateLimitMax'>,
  settings: KeySettingsBody,
): KeySettingsChange {
  const change: KeySettingsChange = {};
  if (settings.name !== undefined) {
    const name = keyRules.normalizeKeyName(settings.name);
    if (name === undefined) throw invalid(keyRules.KEY_NAME_MESSAGE);
    change.name = name;
  }
  if (settings.allowedOrigins !== undefined) {
    const origins = parseAllowedOrigins(settings.allowedOrigins, isPublicSuffix);
    if (!origins.ok) throw invalid(origins.message);
    change.allowed_origins = origins.origins;
  }
  if (settings.expiresAt !== undefined) {
    const expiresAt = settings.expiresAt === null ? null : new Date(settings.expiresAt);
    if (!keyRules.expiryAllowed(expiresAt, config.now())) throw invalid(keyRules.KEY_EXPIRY_MESSAGE);
    change.expires_at = expiresAt;
  }
  if (settings.rateLimitPerMinute !== undefined) {
    const limit = settings.rateLimitPerMinute;
    if (!Number.isInteger(limit) || limit < 1 || limit > config.sdkKeyRateLimitMax) {
      throw invalid(keyRules.rateLimitMessage(config.sdkKeyRateLimitMax));
    }
    change.rate_limit_per_minute = limit;
  }
  return change;
}
