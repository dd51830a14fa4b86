// POST /api/auth/login: same answer for an unknown address and a wrong password (and the same
// cost: a dummy hash is verified), lockout after repeated failures, optional verified-email gate.
import type {FastifyInstance} from 'fastify';
import type {TypeBoxTypeProvider} from '@fastify/type-provider-typebox';
import {ApiError} from '../../errors.js';
import {verifyPassword} from '../../lib/passwords.js';
import {verifyTurnstile} from '../../lib/turnstile.js';
import {authRateLimit} from '../../plugins/rate-limit.js';
import {LoginBody, LoginResponse} from '@intakekit/contract/schemas/auth';
import {errorResponses} from '@intakekit/contract/schemas/common';
import {
  beginSignIn,
  failedSignIn,
  forgetPasswordStep,
  successfulSignIn,
  type SignInAttempt,
} from '../../services/login-throttle.js';
import {refuseWhileRecovering} from '../../services/account-recovery.js';
import {actorOf, recordRefusedSignIn} from '../../services/activity.js';
import {noticeNewBrowser} from '../../services/new-browser-notice.js';
import {clientOf, startSession} from '../../services/sessions.js';
import type {AuthRouteOptions} from './options.js';
import {toUserBody} from './user-body.js';
import {twoFactorChallenge} from '../../services/two-factor.js';

export async function loginRoute(app: FastifyInstance, {config, twoFactor}: AuthRouteOptions) {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/api/auth/login',
    {
      config: {
        rateLimit: authRateLimit(config),
        // A password longer than any we accept is simply a wrong password.
        validationCodes: {invalid: {password: 'INVALID_CREDENTIALS'}},
      },
      schema: {
        tags: ['auth'],
        summary: 'Sign in and receive a session token (or, with two-factor on, a challenge for the code)',
        description:
          'For an account with two-factor authentication on, a right password answers a challenge (twoFactorRequired, challengeToken, expiresAt) and no session; POST /api/auth/login/two-factor with a code spends it.',
        body: LoginBody,
        response: {
          200: LoginResponse,
          ...errorResponses(
            'MISSING_FIELDS',
            'INVALID_EMAIL',
            'TURNSTILE_FAILED',
            'INVALID_CREDENTIALS',
            ['INVALID_CREDENTIALS', 400],
            'EMAIL_NOT_VERIFIED',
            'LOCKED',
            'ACCOUNT_RECOVERY_PENDING',
            'RATE_LIMIT_EXCEEDED',
          ),
        },
      },
    },
    async (request) => {
      const {email, password, turnstileToken} = request.body;
      if (!(await verifyTurnstile(config.turnstileSecretKey, turnstileToken, request.ip))) {
        throw new ApiError('TURNSTILE_FAILED');
      }
      const refused = (error: unknown, known?: SignInAttempt['user']) =>
        recordRefusedSignIn(app.db, config.now(), {email, error, known, client: clientOf(request)});
      // Round trips of a success: the attempt (with the account), clearing it, the session insert.
      let signIn: SignInAttempt;
      try {
        signIn = await beginSignIn(app.db, config, email);
      } catch (locked) {
        await refused(locked);
        throw locked;
      }
      const {user, attempt} = signIn;
      if (!(await verifyPassword(user?.passwordHash, password)) || !user) {
        const failure = await failedSignIn(app.db, config, email, attempt);
        await refused(failure, user);
        throw failure;
      }
      // With two-factor on, only the code step clears the count (services/login-throttle.ts).
      if (user.twoFactorEnabled) await forgetPasswordStep(app.db, email, signIn);
      else await successfulSignIn(app.db, email);
      // Checked only after the password, so the answer never reveals that an address is unverified.
      if (config.loginRequiresVerifiedEmail && !user.emailVerified) throw new ApiError('EMAIL_NOT_VERIFIED');
      // Also after the password: an account under recovery is not told apart from others by a stranger.
      await refuseWhileRecovering(app.db, user.id);
      if (user.twoFactorEnabled) return twoFactorChallenge(twoFactor, user);
      const client = clientOf(request);
      const token = await startSession(app.db, config, user.id, client);
      await app.recordActivity(request, 'sign-in', {actor: actorOf(user)});
      await noticeNewBrowser(app.db, app.mailer, config, user, client);
      return {token, user: toUserBody(user)};
    },
  );
}
