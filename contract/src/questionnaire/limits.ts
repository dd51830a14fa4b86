/**
 * What a flow may hold. The document's size is the API's body limit (FLOW_DOCUMENT_MAX_BYTES), which answers 413
 * before any of these.
 * Items: 2,000 counts every item at every level, far above a clinical form's (the LHC-Forms test forms hold at most
 * a few hundred) and low enough that the editor and the validator stay fast as one types.
 * Depth: the deepest real document in the tests (the FHIR specification's cancer registry example) nests 5 levels,
 * one more leaves room for a step around such a form; deeper nesting has no use on a 360 px screen and only makes
 * every walk of the document (validator, widget, editor) recurse further.
 */
export const QUESTIONNAIRE_LIMITS = {
  items: 2_000,
  depth: 6,
} as const;

/**
 * The largest body of a flow's routes, in bytes (413 above it). The real documents in the tests are at most 40 kB
 * (the LHC-Forms PHQ-9); 2 MiB leaves room for a long form in many languages while a save at every pause of the
 * editor stays cheap to parse, validate and store.
 */
export const FLOW_DOCUMENT_MAX_BYTES = 2 * 1024 * 1024;
