/** `/submissions?submission=<id>` opens that submission on the Submissions page (the live demo links to the one it stored). */
export const SUBMISSION_PARAM = 'submission';

/** The Submissions page with one submission open. */
export const submissionLink = (id: string): string => `/submissions?${SUBMISSION_PARAM}=${encodeURIComponent(id)}`;
