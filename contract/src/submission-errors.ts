/**
 * The codes of the submissions: the SDK's submit, the submissions API and the portal's Submissions page. Part of the
 * error catalogue (errors.ts spreads them in); no imports, as the catalogue has none.
 */
export const SUBMISSION_CODES = {
  // The API's INVALID_ANSWERS names each refused question id and its rule (answers.ts), never an answer.
  INVALID_ANSWERS: {status: 422, message: "Some answers do not fit the flow's questions. Check them and send again."},
  INVALID_SESSION: {status: 401, message: 'The form session has expired or is not valid. Reload the page.'},
  SUBMISSION_NOT_FOUND: {status: 404, message: 'This submission does not exist or has been deleted.'},
  // The bounds of RETENTION_DAYS_MIN and RETENTION_DAYS_MAX (submissions.ts); a test checks they agree.
  INVALID_RETENTION: {status: 400, message: 'Keep submissions for 1 to 90 days.'},
} as const satisfies Record<string, {status: number; message: string}>;
