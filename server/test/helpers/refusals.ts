// What a refused call answers: its status and its error body, compared whole so a failure shows both.
import type {LightMyRequestResponse} from 'fastify';
import {expect} from 'vitest';

/** The call was refused with `status` and exactly this `{code, message}`. */
export function expectRefusal(
  res: LightMyRequestResponse,
  status: number,
  error: {code: string; message: string},
): void {
  expect({status: res.statusCode, error: res.json().error}).toEqual({status, error});
}
