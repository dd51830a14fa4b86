// Shapes of /api/team/*.
import { Type } from 'typebox';
import { Email, PersonName, Uuid } from './common.js';

export const TeamEntryBody = Type.Object({
  id: Uuid,
  name: Type.Union([Type.String(), Type.Null()]),
  email: Type.String(),
  role: Type.Union([Type.Literal('owner'), Type.Literal('admin'), Type.Literal('member'), Type.Literal('invited')], {
    description: "'invited': the address has no account yet; it joins the team when it signs up",
  }),
});

export const TeamResponse = Type.Object({
  team: Type.Object({ id: Uuid, name: Type.String() }),
  users: Type.Array(TeamEntryBody),
});
export const AddMemberBody = Type.Object({ email: Email, name: Type.Optional(PersonName) });
export const AddMemberResponse = Type.Object({ user: TeamEntryBody });
export const MemberIdParams = Type.Object({ id: Uuid });
