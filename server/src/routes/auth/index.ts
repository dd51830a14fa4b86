// Every /api/auth/* route.
import type {FastifyInstance} from 'fastify';
import {accountRoutes} from './account.js';
import {loginRoute} from './login.js';
import type {Config} from '../../config.js';
import {secretBox} from '../../lib/secret-box.js';
import {passkeysContext} from '../../services/passkeys.js';
import type {AuthRouteOptions} from './options.js';
import {passkeyRoutes} from './passkeys.js';
import {passwordResetRoutes} from './password-reset.js';
import {registerRoute} from './register.js';
import {sessionRoutes} from './session.js';
import {twoFactorRoutes} from './two-factor.js';
import {verificationRoutes} from './verification.js';

export async function authRoutes(app: FastifyInstance, {config, secretKey}: {config: Config; secretKey: string}) {
  // Authenticator secrets are sealed with a subkey of their own (lib/secret-box.ts).
  const options: AuthRouteOptions = {
    config,
    twoFactor: {db: app.db, box: secretBox(secretKey, 'two-factor'), config, mailer: app.mailer},
    passkeys: passkeysContext(app.db, config),
  };
  await app.register(registerRoute, options);
  await app.register(loginRoute, options);
  await app.register(verificationRoutes, options);
  await app.register(passwordResetRoutes, options);
  await app.register(sessionRoutes, options);
  await app.register(accountRoutes, options);
  await app.register(twoFactorRoutes, options);
  await app.register(passkeyRoutes, options);
}
