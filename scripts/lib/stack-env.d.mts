export interface StackEnv {
  host: string;
  port: number;
  sitePort: number;
  apiUrl: string;
  portalUrl: string;
  childEnv: Record<string, string | undefined>;
}
export function stackEnv(env?: Record<string, string | undefined>): StackEnv;
