// Shapes of /api/invitations/* (the invitee's side of a team invitation).
import * as Type from 'typebox';
import type {Static} from 'typebox';
import {TeamRoleSchema, Timestamp, Uuid} from './common.js';
import {GrantedRole} from './team.js';

// Any non-empty string: a malformed token is as unusable as an unknown one (INVALID_OR_EXPIRED).
export const InvitationToken = Type.String({minLength: 1, maxLength: 512});

export const InvitationTokenBody = Type.Object({token: InvitationToken});

export const InvitationLookupResponse = Type.Object({
  invitation: Type.Object({
    email: Type.String(),
    teamName: Type.String(),
    inviterName: Type.Union([Type.String(), Type.Null()]),
    role: GrantedRole,
    expiresAt: Timestamp,
  }),
});

export const AcceptInvitationResponse = Type.Object({
  team: Type.Object({id: Uuid, name: Type.String(), role: TeamRoleSchema}),
  movedKeys: Type.Integer({minimum: 0, description: "How many of the caller's personal keys moved into the team"}),
});

export type InvitationToken = Static<typeof InvitationToken>;
export type InvitationTokenBody = Static<typeof InvitationTokenBody>;
export type InvitationLookupResponse = Static<typeof InvitationLookupResponse>;
export type AcceptInvitationResponse = Static<typeof AcceptInvitationResponse>;
