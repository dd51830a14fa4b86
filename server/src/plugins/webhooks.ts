// The webhook delivery worker of this process: it looks for due deliveries every WEBHOOK_POLL_INTERVAL_MS (and at
// once when asked to wake), sends them, and finishes the attempts in flight before the process closes.
import fp from 'fastify-plugin';
import {WEBHOOK_TIMEOUT_SECONDS} from '@intakekit/contract/webhooks';
import type {Config} from '../config.js';
import {submissionsBox} from '../services/submissions.js';
import {webhookSecretsBox} from '../services/webhook-endpoints.js';
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
      leaseMs: (WEBHOOK_TIMEOUT_SECONDS + 45) * 1000,
      onDisabled: async () => {},
      log: app.log,
    };
    let draining: Promise<void> | undefined;
    let again = false;
    let closing = false;
    const drain = (): Promise<void> => {
      if (draining) {
        again = true;
        return draining;
      }
      draining = (async () => {
        do {
          again = false;
          while (!closing && (await deliverDue(worker)) > 0);
        } while (again && !closing);
      })()
        .catch((error: unknown) => app.log.error({err: error}, 'webhook worker failed'))
        .finally(() => {
          draining = undefined;
        });
      return draining;
    };
    app.decorate('webhooks', {wake: () => void (closing || drain()), drain} satisfies Webhooks);

    let poll: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      poll = setInterval(() => void drain(), config.webhookPollIntervalMs);
      poll.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(poll);
      closing = true;
      await draining;
    });
  },
  {name: 'webhooks', fastify: '5.x', dependencies: ['db']},
);
