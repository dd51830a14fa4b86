// Section 3: cold wall time of `docusaurus build --out-dir bench/.work/build-faster` with Rspack/SWC/Lightning
// CSS (future.faster, the project's choice) against the plain webpack build (DOCUSAURUS_FASTER=false, read by
// docusaurus.config.ts). Each build gets its own generated-files folder and no persistent cache.
import {figure, log, median, round} from './common.mjs';
import {BUILD_FASTER, BUILD_WEBPACK, buildPortal, buildSdk, configReadsFasterSwitch} from './builds.mjs';

export async function run({runs = 3}) {
  await buildSdk();
  const figures = [];
  const notes = [];
  const canWebpack = configReadsFasterSwitch();
  const faster = [];
  const webpack = [];
  // Interleaved so machine noise spreads over both; the Rspack build comes last so build-faster is current.
  for (let i = 0; i < runs; i++) {
    if (canWebpack) {
      const ms = await buildPortal({faster: false, outDir: BUILD_WEBPACK});
      webpack.push(ms);
      log(`webpack build ${i + 1}/${runs}: ${round(ms / 1000)} s`);
    }
    const ms = await buildPortal({faster: true, outDir: BUILD_FASTER});
    faster.push(ms);
    log(`Rspack build ${i + 1}/${runs}: ${round(ms / 1000)} s`);
  }
  const f = median(faster) / 1000;
  const w = canWebpack ? median(webpack) / 1000 : null;
  figures.push(
    figure({
      section: 'build-time',
      name: 'docusaurus build, Rspack + SWC (future.faster, chosen)',
      value: round(f),
      unit: 's',
      baseline: w ? `webpack ${round(w)} s` : 'webpack: needs DOCUSAURUS_FASTER switch',
      baselineValue: w,
      goal: 'faster than webpack',
      check: w ? (_v, ratio) => ratio < 1 : undefined,
      note: `runs: ${faster.map((x) => round(x / 1000)).join(', ')} s`,
    }),
  );
  if (w) {
    figures.push(
      figure({
        section: 'build-time',
        name: 'docusaurus build, plain webpack (DOCUSAURUS_FASTER=false)',
        value: round(w),
        unit: 's',
        note: `runs: ${webpack.map((x) => round(x / 1000)).join(', ')} s`,
      }),
    );
  } else {
    notes.push('docusaurus.config.ts does not read DOCUSAURUS_FASTER yet: only the Rspack build was measured.');
  }
  notes.push(
    'Cold builds: DOCUSAURUS_NO_PERSISTENT_CACHE=true and a fresh generated-files folder per build; the SDK is built separately (esbuild, well under a second) and is not included.',
  );
  return {figures, details: {notes, fasterMs: faster, webpackMs: webpack}};
}
