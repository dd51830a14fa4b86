/** The new server key form: the contract's body schema on the trimmed name, and the API's own message for a name. */
import {KEY_NAME_MESSAGE, normalizeKeyName, type KeyType} from '@intakekit/contract/api-keys';
import {NewServerKeyBody} from '@intakekit/contract/schemas/server-keys';
import type {ContractRules} from '@site/src/lib/forms/contract-resolver';

export type ServerKeyValues = {environment: KeyType; name: string};

export const NEW_SERVER_KEY: ContractRules<ServerKeyValues, NewServerKeyBody> = {
  schema: NewServerKeyBody,
  toBody: ({environment, name}) => ({environment, name: name.trim()}),
  checks: [{field: 'name', rule: ({name}) => (normalizeKeyName(name) === undefined ? KEY_NAME_MESSAGE : null)}],
};

export const SERVER_KEYS_TEXT = {
  title: 'Server keys',
  list: {
    loading: 'Loading server keys...',
    failed: 'The server keys could not be loaded.',
    empty: 'No server keys yet.',
  },
  description:
    'For your backend: a server key reads and deletes the submissions of its environment through the submissions API. Keep it on your server, never in a page.',
  managersOnly: 'Only team owners and admins can create, roll or revoke server keys.',
  created: 'Server key created',
  rolled: 'Server key rolled',
  confirmRoll: 'Roll this server key?',
  rollConsequence: 'It stops working now; a new key with the same name replaces it.',
  confirmRevoke: 'Revoke this server key?',
  revokeConsequence: 'It stops working now. This cannot be undone.',
} as const;
