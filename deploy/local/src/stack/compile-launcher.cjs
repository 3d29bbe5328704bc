'use strict';
// Run by launch-compiled.cjs in a short-lived process of its own, so that swc's native module (tens
// of MB) never stays in the long-running launcher: compiles the launcher (deploy/local/src), the
// script given as argv[2], and every workspace the services load (compile-services.ts), each only
// where its source changed. compile-services.ts itself is TypeScript: it is transpiled first, alone.
const fs = require('node:fs');
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '..', '..', '..', '..');
const source = path.join(repoRoot, 'deploy', 'local', 'src', 'stack', 'compile-services.ts');
const target = path.join(repoRoot, 'deploy', 'local', 'dist', 'stack', 'compile-services.js');

function bootstrap() {
  const fresh = fs.existsSync(target) && fs.statSync(target).mtimeMs >= fs.statSync(source).mtimeMs;
  if (fresh) return;
  const { code } = require('@swc/core').transformFileSync(source, {
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
    swcrc: false,
    configFile: false,
  });
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, code);
  fs.renameSync(temporary, target);
}

async function main() {
  bootstrap();
  const { compileLauncher, compileServices } = require(target);
  const script = path.resolve(process.argv[2]);
  const results = [await compileLauncher(repoRoot, [script]), await compileServices(repoRoot)];
  const compiled = results.reduce((sum, result) => sum + result.compiled, 0);
  const seconds = results.reduce((sum, result) => sum + result.seconds, 0);
  if (compiled > 0) process.stdout.write(`compiled ${compiled} changed TypeScript files in ${seconds.toFixed(1)} s\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
