import type {Config} from '../../config.js';

export interface AuthRouteOptions {
  config: Config;
}
