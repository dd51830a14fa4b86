/**
 * The codes of team flows: the Flows page and /api/flows. Part of the error catalogue (errors.ts spreads them in);
 * no imports, as the catalogue has none. The limits the messages name are team-flows.ts's; a test checks they agree.
 */
export const FLOW_CODES = {
  FLOW_NOT_FOUND: {status: 404, message: 'This flow does not exist or has been deleted.'},
  FLOW_VERSION_NOT_FOUND: {status: 404, message: 'This flow has no such version. The Flows page lists its versions.'},
  INVALID_FLOW_ID: {
    status: 400,
    message:
      'A flow id is 1 to 64 characters: lower-case letters, digits and _ . : - only, starting with a letter or digit.',
  },
  FLOW_ID_BUILT_IN: {
    status: 409,
    message: 'This id belongs to a built-in flow, which pages already name. Choose another id.',
  },
  FLOW_ID_TAKEN: {status: 409, message: 'Your team already has a flow with this id. Choose another id.'},
  FLOW_LIMIT_REACHED: {
    status: 409,
    message: 'You have reached the limit of 100 flows. Delete or reuse one you no longer need.',
  },
  // The API's message counts the problems and names the first (path, linkId, rule); all are in error.details.
  INVALID_QUESTIONNAIRE: {
    status: 422,
    message: 'The flow has problems to fix before it can be saved. Each one names the item and the rule.',
  },
  INVALID_FLOW_NOTE: {status: 400, message: 'A version note is at most 500 characters, without control characters.'},
  // The API's message names the version (flowUnchangedMessage).
  FLOW_UNCHANGED: {status: 409, message: 'Nothing changed since the latest version; edit the draft first.'},
  FLOW_PUBLISHED: {status: 409, message: 'A published flow cannot be deleted; archive it instead.'},
  FLOW_ARCHIVED: {status: 409, message: 'This flow is archived. Restore it before changing or publishing it.'},
} as const satisfies Record<string, {status: number; message: string}>;
