/**
 * The Team page's forms: the contract's body schema (what the API validates), the body sent for what was typed, and
 * the checks the schema does not hold, each with its message.
 */
import {AddMemberBody, CreateTeamBody, TransferBody} from '@intakekit/contract/schemas/team';
import {ERROR_MESSAGES} from '@site/src/lib/errors';
import type {ContractRules} from '@site/src/lib/forms/contract-resolver';
import {normalizeEmail, optionalTrimmed, validateName} from '@site/src/lib/validation';
import type {GrantableRole} from './roles';

export type InviteValues = {email: string; name: string; role: GrantableRole};

/** The invite: the address (normalised), the name when one was typed (it keeps the name rule), the role to grant. */
export const INVITE: ContractRules<InviteValues, AddMemberBody> = {
  schema: AddMemberBody,
  toBody: ({email, name, role}) => {
    const trimmed = optionalTrimmed(name);
    return {email: normalizeEmail(email), ...(trimmed ? {name: trimmed} : {}), role};
  },
  checks: [{field: 'name', rule: ({name}) => validateName(name)}],
};

export type TransferValues = {userId: string; password: string};

/** Handing the team over: the new owner (one of the listed members) and the owner's password. */
export const TRANSFER: ContractRules<TransferValues, TransferBody> = {
  schema: TransferBody,
  toBody: (values) => values,
  checks: [],
};

export type CreateTeamValues = {name: string};

/** A team of one's own: a name (trimmed; blank is no name), by the name rule every person and team name keeps. */
export const CREATE_TEAM: ContractRules<CreateTeamValues, CreateTeamBody> = {
  schema: CreateTeamBody,
  toBody: ({name}) => ({name: name.trim()}),
  checks: [
    {field: 'name', rule: ({name}) => (name.trim() ? null : ERROR_MESSAGES.INVALID_NAME)},
    {field: 'name', failed: 'maxLength', message: ERROR_MESSAGES.INVALID_NAME},
    {field: 'name', rule: ({name}) => validateName(name)},
  ],
};
