// app.flowStates: this process's team flows in memory (services/flow-cache.ts, under the change feed of
// plugins/state-cache.ts), with its hits, misses and invalidations in /metrics; app.flowSessions: the sessions each
// team flow served, written in batches every KEY_USAGE_FLUSH_MS and once more when the app closes.
import fp from 'fastify-plugin';
import type {Config} from '../config.js';
import {flowStates, type FlowStates} from '../services/flow-cache.js';
import {flowSessionRecorder, type FlowSessionRecorder} from '../services/flow-sessions.js';
import {addCacheMetrics, type CacheHelp} from './state-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    flowStates: FlowStates;
    flowSessions: FlowSessionRecorder;
  }
}

/** /metrics help of the flow cache's counts. */
const FLOW_CACHE_HELP: CacheHelp = {
  hits: 'Team flow sessions and submits answered from memory.',
  misses: 'Team flow lookups that read the database (not in memory, or the change listener not live).',
  invalidations: 'Notices of a published, archived, restored, renamed or deleted flow received.',
  entries: 'Team flows kept in memory.',
};

export const teamFlowsPlugin = fp<{config: Config}>(
  async (app, {config}) => {
    // Flows are fewer than keys and read by the same requests: the key cache's bound serves both (0: none kept).
    const flows = flowStates(app.changeFeed, config.keyCacheSize);
    app.decorate('flowStates', flows);
    addCacheMetrics(app, 'flow', flows, FLOW_CACHE_HELP);
    const recorder = flowSessionRecorder(app.db, config.now, (error) =>
      app.log.error({err: error}, 'Flow session counts could not be written; this batch of counts is lost'),
    );
    app.decorate('flowSessions', recorder);
    const timer = setInterval(() => void recorder.flush(), config.keyUsageFlushMs);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      flows.detach();
      await recorder.flush();
    });
  },
  {name: 'team-flows', fastify: '5.x', dependencies: ['db', 'metrics', 'state-cache']},
);
