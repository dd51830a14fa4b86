// Every /api/auth/* route.
import type {FastifyInstance} from 'fastify';
import {accountRoutes} from './account.js';
import {loginRoute} from './login.js';
import type {AuthRouteOptions} from './options.js';
import {passwordResetRoutes} from './password-reset.js';
import {registerRoute} from './register.js';
import {sessionRoutes} from './session.js';
import {verificationRoutes} from './verification.js';

export async function authRoutes(app: FastifyInstance, options: AuthRouteOptions) {
  await app.register(registerRoute, options);
  await app.register(loginRoute, options);
  await app.register(verificationRoutes, options);
  await app.register(passwordResetRoutes, options);
  await app.register(sessionRoutes);
  await app.register(accountRoutes, options);
}
