// Shapes of /api/team/*.
import * as Type from 'typebox';
import type {Static} from 'typebox';
import {AnyPassword, Email, PersonName, TeamRoleSchema, Timestamp, Uuid} from './common.js';

/** The role an invitation grants (never 'owner': ownership only passes by transfer). */
export const GrantedRole = Type.Union([Type.Literal('admin'), Type.Literal('member')]);

export const MemberBody = Type.Object({
  id: Uuid,
  name: Type.Union([Type.String(), Type.Null()]),
  email: Type.String(),
  role: TeamRoleSchema,
  joinedAt: Timestamp,
});

export const InvitationBody = Type.Object({
  id: Uuid,
  email: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  role: GrantedRole,
  createdAt: Timestamp,
  /** The last send (invite or resend). */
  sentAt: Timestamp,
  expiresAt: Timestamp,
});

export const TeamResponse = Type.Object({
  team: Type.Object({id: Uuid, name: Type.String()}),
  role: TeamRoleSchema,
  users: Type.Array(MemberBody, {description: 'Members: the owner, admins, then members, each by seniority'}),
  invitations: Type.Array(InvitationBody, {
    description: 'Pending, unexpired invitations; empty for a plain member',
  }),
});

export const AddMemberBody = Type.Object({
  email: Email,
  name: Type.Optional(PersonName),
  role: Type.Optional(GrantedRole),
});
export const InvitationResponse = Type.Object({invitation: InvitationBody});
export const MemberIdParams = Type.Object({id: Uuid});
/** The team's security policy (the owner only). */
export const TeamSettingsBody = Type.Object({requireTwoFactor: Type.Boolean()});
export const TeamSettingsResponse = Type.Object({requireTwoFactor: Type.Boolean()});
export const ChangeRoleBody = Type.Object({role: GrantedRole});
export const MemberResponse = Type.Object({user: MemberBody});
/** A team of one's own (for a user in no team): its name keeps the name rule; blank once trimmed is missing. */
export const CreateTeamBody = Type.Object({name: PersonName});
export const TransferBody = Type.Object({userId: Uuid, password: AnyPassword});
export const TransferResponse = Type.Object({
  team: Type.Object({id: Uuid, name: Type.String(), role: Type.Literal('admin')}),
});

export type GrantedRole = Static<typeof GrantedRole>;
export type MemberBody = Static<typeof MemberBody>;
export type InvitationBody = Static<typeof InvitationBody>;
export type TeamResponse = Static<typeof TeamResponse>;
export type AddMemberBody = Static<typeof AddMemberBody>;
export type InvitationResponse = Static<typeof InvitationResponse>;
export type MemberIdParams = Static<typeof MemberIdParams>;
export type TeamSettingsBody = Static<typeof TeamSettingsBody>;
export type TeamSettingsResponse = Static<typeof TeamSettingsResponse>;
export type ChangeRoleBody = Static<typeof ChangeRoleBody>;
export type MemberResponse = Static<typeof MemberResponse>;
export type CreateTeamBody = Static<typeof CreateTeamBody>;
export type TransferBody = Static<typeof TransferBody>;
export type TransferResponse = Static<typeof TransferResponse>;
