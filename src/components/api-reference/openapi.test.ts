import {beforeAll, describe, expect, it} from 'vitest';
import {openapiDocument} from '../../../scripts/gen-openapi.mjs';
import {ERROR_CATALOGUE} from '@intakekit/contract/errors';
import {authOf, groupOperations, operationAnchor, type OpenApiDocument} from './openapi';
import {constraints, errorCodes, flattenFields, jsonSchema, typeLabel} from './schema-rows';

describe('schema helpers', () => {
  it('labels types, unions of literals and formats', () => {
    expect(typeLabel({type: 'string'})).toBe('string');
    expect(typeLabel({type: 'string', format: 'uuid'})).toBe('string (uuid)');
    expect(
      typeLabel({
        anyOf: [
          {type: 'string', enum: ['sandbox']},
          {type: 'string', enum: ['production']},
        ],
      }),
    ).toBe('"sandbox" | "production"');
    expect(typeLabel({type: 'array', items: {type: 'object', properties: {}}})).toBe('array of object');
    expect(typeLabel({anyOf: [{type: 'string', format: 'date-time'}, {type: 'null'}]})).toBe(
      'string (date-time) | null',
    );
    expect(typeLabel({type: ['string', 'null']})).toBe('string | null');
    expect(typeLabel(undefined)).toBe('any');
  });

  it('words the constraints', () => {
    expect(constraints({minLength: 1, maxLength: 80})).toEqual(['1-80 characters']);
    expect(constraints({maxLength: 80})).toEqual(['at most 80 characters']);
    expect(constraints({minLength: 10})).toEqual(['at least 10 characters']);
    expect(constraints({pattern: '^a$', default: 'pro'})).toEqual(['default "pro"']);
  });

  it('flattens nested objects and arrays of objects with dotted names', () => {
    const fields = flattenFields({
      type: 'object',
      required: ['keys'],
      properties: {
        keys: {
          type: 'array',
          items: {type: 'object', required: ['id'], properties: {id: {type: 'string'}, note: {type: 'string'}}},
        },
      },
    });
    expect(fields.map((f) => [f.name, f.required, f.depth])).toEqual([
      ['keys', true, 0],
      ['keys[].id', true, 1],
      ['keys[].note', false, 1],
    ]);
  });

  it('makes stable anchors', () => {
    expect(operationAnchor('post', '/api/keys/{id}/rotate')).toBe('post-api-keys-id-rotate');
  });
});

describe('the server document', () => {
  let document: OpenApiDocument;
  beforeAll(async () => {
    document = await openapiDocument();
  }, 60_000);

  it('groups every operation once, by tag, with unique anchors', () => {
    const groups = groupOperations(document);
    expect(groups.map((g) => g.tag)).toEqual([
      'auth',
      'keys',
      'server-keys',
      'submissions',
      'submissions-api',
      'webhooks',
      'flows',
      'team',
      'activity',
      'sdk',
      'health',
    ]);
    const anchors = groups.flatMap((g) => g.operations.map((o) => o.anchor));
    expect(new Set(anchors).size).toBe(anchors.length);
    expect(anchors.length).toBe(Object.values(document.paths).reduce((n, item) => n + Object.keys(item).length, 0));
  });

  it('reads auth, body fields and error codes with their messages', () => {
    const login = document.paths['/api/auth/login']!.post!;
    expect(authOf(login, document)).toEqual([]);
    expect(flattenFields(jsonSchema(login.requestBody?.content)).map((f) => f.name)).toEqual([
      'email',
      'password',
      'turnstileToken',
    ]);
    expect(errorCodes(login.responses!['423']!)).toEqual([
      {code: 'LOCKED', message: 'Too many failed login attempts. Your account has been temporarily locked.'},
      {code: 'ACCOUNT_RECOVERY_PENDING', message: ERROR_CATALOGUE.ACCOUNT_RECOVERY_PENDING.message},
    ]);
    expect(authOf(document.paths['/api/keys']!.get!, document).map((a) => a.label)).toEqual(['Bearer session token']);
    expect(authOf(document.paths['/api/sdk/sessions']!.post!, document).map((a) => a.label)).toEqual([
      'Bearer API key',
    ]);
    const sessions = document.paths['/api/sdk/sessions']!.post!;
    expect(errorCodes(sessions.responses!['401']!).map((e) => e.code)).toEqual(['INVALID_API_KEY']);
  });

  // OpenAPI 3.1 writes an object that may be null as anyOf [object, null] (3.0 had `nullable`): its fields still show.
  it("shows the fields of an object that may be null, as the signed-in user's team", () => {
    const me = document.paths['/api/auth/me']!.get!;
    const fields = flattenFields(jsonSchema(me.responses!['200']!.content));
    expect(fields.find((f) => f.name === 'user.team')).toMatchObject({type: 'object | null', depth: 1});
    expect(fields.filter((f) => f.name.startsWith('user.team.')).map((f) => [f.name, f.depth])).toContainEqual([
      'user.team.name',
      2,
    ]);
  });

  it('names every operation once and says for each whether it takes a session, a key or nothing', () => {
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({path, method, operation})),
    );
    const ids = operations.map(({operation}) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/api/keys/{id}']!.patch!.operationId).toBe('patchKeysById');
    expect(document.paths['/api/keys/sandbox']!.post!.operationId).toBe('postKeysSandbox');
    expect(operations.filter(({operation}) => !Array.isArray(operation.security))).toEqual([]);
    expect(document.paths['/api/auth/register']!.post!.security).toEqual([]);
  });
});
