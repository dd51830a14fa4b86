import type {Config} from '../../config.js';
import type {Passkeys} from '../../services/passkeys.js';
import type {TwoFactor} from '../../services/two-factor.js';

export interface AuthRouteOptions {
  config: Config;
  twoFactor: TwoFactor;
  passkeys: Passkeys;
}
