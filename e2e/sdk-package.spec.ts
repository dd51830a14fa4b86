/**
 * The SDK as an npm package: the install command copied from the Quick Start installs it into an empty project
 * (from the portal's own address, as a developer would), its types check an `init` call and refuse a wrong one, and
 * its code loads with nothing else installed.
 */
import {execFile} from 'node:child_process';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {test, expect, users} from './fixtures';
import {SITE_URL} from './support/ports';
import {ROOT} from './support/processes';
import {copyBlock} from './support/quick-start';

const run = promisify(execFile);
const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

/**
 * Strict TypeScript settings as a bundler project (Vite's, for one) and a Node project set them, with nothing that
 * declares `*.css` for them: TypeScript 6 checks side-effect imports, so the stylesheet's path must be declared by
 * the package itself.
 */
const tsconfig = (resolution: 'bundler' | 'nodenext') => ({
  compilerOptions: {
    strict: true,
    target: 'es2022',
    module: resolution === 'bundler' ? 'esnext' : 'nodenext',
    moduleResolution: resolution,
    lib: ['es2022', 'dom'],
    types: [],
    noEmit: true,
  },
  include: ['src'],
});

const APP = `import {init, version, type Answers, type IntakeKitHandle} from '@intakekit/sdk';
import '@intakekit/sdk/intake.css';

const intake: IntakeKitHandle = init({container: '#intake', apiKey: 'YOUR_SANDBOX_KEY', flowId: 'new-patient', env: 'test'});
intake.on('complete', (event) => {
  const answers: Answers = event.answers;
  console.log(version, event.sessionId, answers);
});
`;

test.describe('the SDK package', () => {
  let dir: string;

  test.beforeEach(async ({context}) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: SITE_URL});
    dir = mkdtempSync(path.join(tmpdir(), 'intakekit-app-'));
  });

  test.afterEach(() => {
    rmSync(dir, {recursive: true, force: true});
  });

  test("the Quick Start's npm install command installs a typed package into an empty project", async ({page}) => {
    const user = await users.create({name: 'Pia Package'});
    await users.signIn(page, user, '/dashboard/quick-start');
    const block = page.locator('.theme-code-block').filter({hasText: 'npm install'});
    const command = (await copyBlock(page, block)).trim();
    expect(command).toMatch(new RegExp(`^npm install ${SITE_URL}/sdk/v1/intakekit-sdk-\\d+\\.\\d+\\.\\d+\\.tgz$`));

    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({name: 'clinic-app', private: true, type: 'module'}));
    // A cache of its own: the package must come from the portal's address, not from an earlier install.
    await run('sh', ['-c', command], {
      cwd: dir,
      env: {
        ...process.env,
        npm_config_cache: path.join(dir, '.npm'),
        npm_config_audit: 'false',
        npm_config_fund: 'false',
      },
    });

    // Its README shows this portal's addresses, not the development default, and nothing of this repository's files.
    const readme = readFileSync(path.join(dir, 'node_modules', '@intakekit', 'sdk', 'README.md'), 'utf8');
    expect(readme).toContain(`${SITE_URL}/sdk/v1/intake.js`);
    expect(readme).not.toContain('localhost:3000');
    expect(readme).not.toMatch(/src\/|npm run build/);

    // The code runs with nothing but itself: the contract it is built from is bundled in.
    const {stdout} = await run(
      process.execPath,
      ['--input-type=module', '-e', "const m = await import('@intakekit/sdk'); console.log(typeof m.init, m.version);"],
      {cwd: dir},
    );
    expect(stdout.trim()).toMatch(/^function \d+\.\d+\.\d+$/);

    // Its types: an init call and the stylesheet import check under strict settings with either resolution, and an
    // environment that does not exist is refused.
    mkdirSync(path.join(dir, 'src'));
    writeFileSync(path.join(dir, 'src', 'main.ts'), APP);
    for (const resolution of ['bundler', 'nodenext'] as const) {
      writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(tsconfig(resolution)));
      const errors = await run(process.execPath, [tsc, '-p', dir], {cwd: dir}).then(
        () => '',
        (error: {stdout: string}) => error.stdout,
      );
      expect(errors, `tsc with moduleResolution ${resolution}`).toBe('');
    }

    writeFileSync(path.join(dir, 'src', 'main.ts'), APP.replace("env: 'test'", "env: 'production'"));
    const refused = await run(process.execPath, [tsc, '-p', dir], {cwd: dir}).then(
      () => '',
      (error: {stdout: string}) => error.stdout,
    );
    expect(refused).toContain(`Type '"production"' is not assignable to type`);
  });
});
