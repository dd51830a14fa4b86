#!/usr/bin/env node
// node scripts/serve-static.mjs --dir build --port 3000 --host 127.0.0.1
import {parseArgs} from 'node:util';
import {serveStatic} from './lib/static-server.mjs';

const {values} = parseArgs({
  options: {
    dir: {type: 'string', default: 'build'},
    port: {type: 'string', default: process.env.SITE_PORT || '3000'},
    host: {type: 'string', default: process.env.HOST || '127.0.0.1'},
  },
});
const server = await serveStatic({dir: values.dir, port: Number(values.port), host: values.host});
console.log(`Serving ${values.dir} on http://${values.host}:${values.port}`);
const close = () => server.close(() => process.exit(0));
process.on('SIGINT', close);
process.on('SIGTERM', close);
