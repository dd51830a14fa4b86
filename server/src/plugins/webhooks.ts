// The webhook delivery worker of this process: it looks for due deliveries every WEBHOOK_POLL_INTERVAL_MS (and at
// once when asked to wake), sends them, and finishes the attempts in flight before the process closes.
import fp from 'fastify-plugin';
import {WEBHOOK_TIMEOUT_SECONDS} from '@intakekit/contract/webhooks';
import type {Config} from '../config.js';
import {drainLoop} from '../lib/drain-loop.js';
import {submissionsBox} from '../services/submissions.js';
import {keyCaretakers} from '../repositories/key-expiry-repository.js';
import {endpointTarget, toEndpointBody, webhookSecretsBox} from '../services/webhook-endpoints.js';
import {webhookEventsBox} from '../services/webhook-events.js';
import {deliverDue, type WebhookWorker} from '../webhooks/worker.js';

export interface Webhooks {
  /** Looks for due deliveries now (after a request wrote an event). */
  wake(): void;
  /** Sends every delivery due now, and those that fall due meanwhile, then returns. */
  drain(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: Webhooks;
  }
}

export const webhooksPlugin = fp<{config: Config; secretKey: string}>(
  async (app, {config, secretKey}) => {
    const worker: WebhookWorker = {
      db: app.db,
      boxes: {
        events: webhookEventsBox(secretKey),
        submissions: submissionsBox(secretKey),
        secrets: webhookSecretsBox(secretKey),
      },
      retryTimeScale: config.webhookRetryTimeScale,
      timeoutMs: WEBHOOK_TIMEOUT_SECONDS * 1000,
      allowPrivateNetworks: config.webhookAllowPrivateNetworks,
      ownInbox: () => {
        // Read at each attempt: the port is known once the server listens (PORT=0 picks one).
        const listen = app.server.address();
        if (!listen || typeof listen === 'string') return undefined;
        return {origin: config.apiUrl, listen: {host: listen.address, port: listen.port}};
      },
      leaseMs: config.webhookLeaseMs,
      onDisabled: async (trx, endpoint) => {
        const label = endpointTarget(toEndpointBody(endpoint)).label;
        for (const person of await keyCaretakers(trx, endpoint)) {
          await app.mailer.enqueue(trx, person.email, {
            kind: 'webhook-endpoint-disabled',
            name: person.name,
            endpointLabel: label,
            url: endpoint.url,
            link: `${config.portalUrl}/webhooks`,
          });
        }
      },
      afterDisabled: () => app.mailer.wake(),
      log: app.log,
    };
    const loop = drainLoop(
      () => deliverDue(worker),
      (error) => app.log.error({err: error}, 'webhook worker failed'),
    );
    const drain = config.webhookWorker ? loop.drain : async () => {};
    app.decorate('webhooks', {wake: () => void drain(), drain} satisfies Webhooks);

    let poll: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      poll = setInterval(() => void drain(), config.webhookPollIntervalMs);
      poll.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(poll);
      await loop.close();
    });
  },
  {name: 'webhooks', fastify: '5.x', dependencies: ['db', 'mailer']},
);
