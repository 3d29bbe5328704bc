import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compileLauncher, compileServices } from '../../src/stack/compile-services';

const HOOK = path.join(__dirname, '..', '..', 'src', 'stack', 'compiled-resolve.cjs');

/**
 * A repo in miniature: one service importing a workspace package by name and by a deep src/ path,
 * and reading a template.
 */
function miniRepo(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'compile-services-'));
  const write = (file: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  };
  write('packages/greeting/package.json', JSON.stringify({ name: '@docket/greeting', main: 'src/index.ts' }));
  write('packages/greeting/src/index.ts', "export { greet } from './greet';\nexport type Name = string;\n");
  write('packages/greeting/src/greet.ts', 'export const greet = (name: string): string => `hello ${name}`;\n');
  write('packages/greeting/src/deep/shout.ts', 'export const shout = (text: string): string => text.toUpperCase();\n');
  write(
    'services/hello/src/main.ts',
    [
      "import fs from 'node:fs';",
      "import path from 'node:path';",
      "import { greet, type Name } from '@docket/greeting';",
      "import { shout } from '@docket/greeting/src/deep/shout';",
      "const who: Name = fs.readFileSync(path.join(__dirname, 'templates', 'who.txt'), 'utf8').trim();",
      'console.log(shout(greet(who)));',
    ].join('\n'),
  );
  write('services/hello/src/templates/who.txt', 'world\n');
  fs.mkdirSync(path.join(root, 'node_modules', '@docket'), { recursive: true });
  fs.symlinkSync(path.join(root, 'packages', 'greeting'), path.join(root, 'node_modules', '@docket', 'greeting'));
  return root;
}

describe('compileServices + compiled-resolve.cjs', () => {
  let root: string;
  beforeEach(() => {
    root = miniRepo();
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('runs a service from dist/ with workspace imports (by name and deep src/ path) and copied templates', async () => {
    const first = await compileServices(root);
    expect(first.compiled).toBe(5); // four .ts files and the template
    const output = execFileSync(process.execPath, ['--require', HOOK, path.join(root, 'services/hello/dist/main.js')], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(output.trim()).toBe('HELLO WORLD');
  });

  it('compiles again only what changed since the last compile', async () => {
    await compileServices(root);
    expect((await compileServices(root)).compiled).toBe(0);
    const greet = path.join(root, 'packages/greeting/src/greet.ts');
    fs.writeFileSync(greet, 'export const greet = (name: string): string => `bye ${name}`;\n');
    const later = new Date(Date.now() + 2000);
    fs.utimesSync(greet, later, later);
    const again = await compileServices(root);
    expect(again.compiled).toBe(1);
    const output = execFileSync(process.execPath, ['--require', HOOK, path.join(root, 'services/hello/dist/main.js')], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(output.trim()).toBe('BYE WORLD');
  });

  it('runs the launcher compiled: a script importing the local-infra workspace, from their dist/', async () => {
    const write = (file: string, content: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), content);
    };
    write('deploy/local/package.json', JSON.stringify({ name: '@docket/local-infra', main: 'src/index.ts' }));
    write(
      'deploy/local/src/index.ts',
      "export const where = (): string => require('node:path').basename(__dirname);\n",
    );
    write(
      'scripts/start.ts',
      "import { where } from '@docket/local-infra';\nconsole.log(`launcher from ${where()}`);\n",
    );
    fs.symlinkSync(path.join(root, 'deploy', 'local'), path.join(root, 'node_modules', '@docket', 'local-infra'));
    const result = await compileLauncher(root, [path.join(root, 'scripts', 'start.ts')]);
    expect(result.compiled).toBe(2); // the workspace's index.ts and the script
    const output = execFileSync(process.execPath, ['--require', HOOK, path.join(root, 'scripts/dist/start.js')], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(output.trim()).toBe('launcher from dist');
    expect((await compileLauncher(root, [path.join(root, 'scripts', 'start.ts')])).compiled).toBe(0);
  });
});
