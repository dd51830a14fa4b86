// Before validation: emails are compared trimmed, lowercased and with an ASCII domain everywhere (contract), and names
// are trimmed so their 1-80 rule applies to what is stored.
import fp from 'fastify-plugin';
import {normalizeEmail} from '@intakekit/contract/email';

const TRIMMED = ['name', 'teamName'];

export const normalizeInputPlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      // No body at all reads as an empty object, so optional-body calls (rotate, revoke) work
      // without one and required fields report as missing rather than as a type error.
      if (request.body === undefined && request.method !== 'GET' && request.method !== 'HEAD') request.body = {};
      const body = request.body;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
      const fields = body as Record<string, unknown>;
      if (typeof fields.email === 'string') fields.email = normalizeEmail(fields.email);
      for (const key of TRIMMED) if (typeof fields[key] === 'string') fields[key] = fields[key].trim();
    });
  },
  {name: 'normalize-input', fastify: '5.x'},
);
