import type {TObject} from 'typebox';
import {Errors} from 'typebox/schema';

/** The keywords of the contract's schema that failed, by body property ('email'; 'a.b' for a nested one). */
export type SchemaFailures = Record<string, Set<string>>;

const unescape = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/**
 * Checks the body with TypeBox's own error engine (`typebox/schema`, what `Value.Errors` runs), reporting what
 * `@hookform/resolvers/typebox` reported (schema-failures.test.ts compares them). Not that resolver itself: it imports
 * TypeBox's compiler (`typebox/compile`) and the messages of forty locales (`typebox/system`) to word errors no form
 * shows (a form shows the contract's message for the keyword), which put about 35 kB gzip on the first visit of
 * every page with a form.
 */
export function schemaFailures(schema: TObject, body: unknown): SchemaFailures {
  const failures: SchemaFailures = {};
  const add = (segments: string[], keyword: string) => (failures[segments.join('.')] ??= new Set()).add(keyword);
  for (const error of Errors(schema, body)[1]) {
    const segments = error.instancePath.split('/').slice(1).map(unescape);
    // One `required` error on the object lists every missing property: each is its own property's failure.
    if (error.keyword === 'required') {
      for (const property of error.params.requiredProperties) add([...segments, property], 'required');
    } else add(segments, error.keyword);
  }
  return failures;
}
