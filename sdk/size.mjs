// Prints the gzipped sizes of the built script and stylesheet as JSON: {"js_gzip": bytes, "css_gzip": bytes}.
// Builds first when the files are missing.
import {spawnSync} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {gzipSync} from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const js = join(here, '../static/sdk/v1/intake.js');
const css = join(here, '../static/sdk/v1/intake.css');

if (!existsSync(js) || !existsSync(css)) {
  const build = spawnSync(process.execPath, [join(here, 'build.mjs')], {stdio: ['ignore', 'ignore', 'inherit']});
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const gz = (file) => gzipSync(readFileSync(file), {level: 9}).length;
console.log(JSON.stringify({js_gzip: gz(js), css_gzip: gz(css)}));
