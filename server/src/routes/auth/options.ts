import type {Config} from '../../config.js';
import type {PasskeysContext} from '../../services/passkeys.js';
import type {TwoFactorContext} from '../../services/two-factor.js';

export interface AuthRouteOptions {
  config: Config;
  twoFactor: TwoFactorContext;
  passkeys: PasskeysContext;
}
