/**
 * A flow's Questionnaire as it leaves the API (GET /api/flows/{flowId}/export and every answer holding a document):
 * the elements in FHIR's order, which the database's JSON type does not keep, so an export reads like the document
 * that was imported; and, for an export, the flow's canonical url, its version and status.
 */
import type {Questionnaire} from '@medplum/fhirtypes';
import {isRecord} from './json.js';

/** FHIR R4's order of a Questionnaire's elements; elements FHIR does not define follow, as they were. */
const DOCUMENT_ORDER = [
  'resourceType', 'id', 'meta', 'implicitRules', 'language', 'text', 'contained', 'extension', 'modifierExtension',
  'url', 'identifier', 'version', 'name', 'title', 'derivedFrom', 'status', 'experimental', 'subjectType', 'date',
  'publisher', 'contact', 'description', 'useContext', 'jurisdiction', 'purpose', 'copyright', 'approvalDate',
  'lastReviewDate', 'effectivePeriod', 'code', 'item',
]; // prettier-ignore
const ITEM_ORDER = [
  'id', 'extension', 'modifierExtension', 'linkId', 'definition', 'code', 'prefix', 'text', 'type', 'enableWhen',
  'enableBehavior', 'required', 'repeats', 'readOnly', 'maxLength', 'answerValueSet', 'answerOption', 'initial',
  'item',
]; // prettier-ignore
/** Elements of the other types a Questionnaire holds (Meta, Coding, CodeableConcept, enableWhen, ValueSet...). */
const OTHER_ORDER = [
  'resourceType', 'id', 'versionId', 'lastUpdated', 'source', 'profile', 'security', 'tag', 'extension', 'url',
  'system', 'version', 'name', 'status', 'question', 'operator', 'coding', 'code', 'display', 'text', 'language',
  'expression', 'reference', 'compose', 'expansion',
]; // prettier-ignore

/** The keys in `order`'s order (each `_x` after its `x`), then the others as they were. */
function ordered(value: Record<string, unknown>, order: readonly string[], child: (key: string) => readonly string[]) {
  const rank = (key: string): number => {
    const at = order.indexOf(key.startsWith('_') ? key.slice(1) : key);
    return at === -1 ? order.length : at;
  };
  const keys = Object.keys(value).sort(
    (a, b) => rank(a) - rank(b) || (a.startsWith('_') ? 1 : 0) - (b.startsWith('_') ? 1 : 0),
  );
  const result: Record<string, unknown> = {};
  for (const key of keys) result[key] = inOrder(value[key], child(key));
  return result;
}

function inOrder(value: unknown, order: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((entry) => inOrder(entry, order));
  if (!isRecord(value)) return value;
  const itemChild = (key: string) => (key === 'item' ? ITEM_ORDER : OTHER_ORDER);
  return ordered(value, order, itemChild);
}

/** The document with its elements (and its items', options', ...) in FHIR's order; nothing added or removed. */
export function questionnaireInFhirOrder(document: Questionnaire): Questionnaire {
  return ordered(document as unknown as Record<string, unknown>, DOCUMENT_ORDER, (key) =>
    key === 'item' ? ITEM_ORDER : OTHER_ORDER,
  ) as unknown as Questionnaire;
}

/**
 * The document as exported: `url` the flow's canonical URL; a published version carries its number as `version`
 * and status active, the draft no version and status draft.
 */
export function exportedQuestionnaire(
  document: Questionnaire,
  target: {url: string; version: number | 'draft'},
): Questionnaire {
  const {version: _version, ...rest} = document;
  const exported: Questionnaire = {
    ...rest,
    url: target.url,
    ...(target.version === 'draft' ? {} : {version: String(target.version)}),
    status: target.version === 'draft' ? 'draft' : 'active',
  };
  return questionnaireInFhirOrder(exported);
}
