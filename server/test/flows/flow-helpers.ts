// Shortcuts for the flows routes' tests: a document of the contract's shapes, and the routes called as a person.
import fs from 'node:fs';
import type {FastifyInstance, LightMyRequestResponse} from 'fastify';
import {expect} from 'vitest';

const FIXTURES = new URL('../../../contract/test/fixtures/questionnaires/', import.meta.url);

/** A real Questionnaire written by others (contract/test/fixtures/questionnaires/README.md). */
export function fixture(name: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(new URL(name, FIXTURES), 'utf8')) as Record<string, unknown>;
}

export const doc = (item: unknown[], extra: Record<string, unknown> = {}) => ({
  resourceType: 'Questionnaire',
  status: 'draft',
  item,
  ...extra,
});

export const question = (linkId: string, more: Record<string, unknown> = {}) => ({
  linkId,
  type: 'string',
  text: `Question ${linkId}`,
  ...more,
});

export function call(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: {authorization: `Bearer ${token}`},
    ...(payload !== undefined && {payload: payload as Record<string, unknown>}),
  });
}

export function expectRefused(res: LightMyRequestResponse, status: number, code: string): void {
  expect({status: res.statusCode, code: res.json().error?.code}, res.body.slice(0, 300)).toEqual({status, code});
}
