// The esbuild settings of the widget's outputs. The SDK's build (build.mjs) and the bench's (bench/lib/builds.mjs,
// pointed at the bench's API) both take them from here, so the bench measures the bundle that ships.
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** What every output shares; `bases` is the API base of each environment, built into the script. */
export function sdkBuildOptions(bases) {
  return {
    bundle: true,
    sourcemap: true,
    target: ['es2019', 'chrome90', 'firefox90', 'safari15'],
    define: {__INTAKEKIT_API_BASES__: JSON.stringify(bases)},
    legalComments: 'none',
    logLevel: 'warning',
  };
}

/** The script tag's bundle (intake.js, an IIFE) and the stylesheet (intake.css), both minified, in `outDir`. */
export function browserBuilds(outDir, bases) {
  const common = sdkBuildOptions(bases);
  return [
    {
      ...common,
      entryPoints: [join(here, 'src/browser.ts')],
      outfile: join(outDir, 'intake.js'),
      format: 'iife',
      minify: true,
    },
    {...common, entryPoints: [join(here, 'src/styles/intake.css')], outfile: join(outDir, 'intake.css'), minify: true},
  ];
}
