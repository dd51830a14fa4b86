// /metrics in tests: the token an app is built with to serve it, and one metric read back.
import type {FastifyInstance} from 'fastify';

/** The METRICS_TOKEN a test builds its app with (`build({env: {METRICS_TOKEN}})`) to read /metrics. */
export const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';

/** The value /metrics gives `name` (the app built with METRICS_TOKEN); throws when the metric is not listed. */
export async function metric(app: FastifyInstance, name: string): Promise<number> {
  const res = await app.inject({method: 'GET', url: '/metrics', headers: {authorization: `Bearer ${METRICS_TOKEN}`}});
  const line = res.body.split('\n').find((l) => l.startsWith(`${name} `));
  if (!line) throw new Error(`${name} is not in /metrics`);
  return Number(line.split(' ')[1]);
}
