'use strict';
// `npm start` runs the launcher through this file (`node launch-compiled.cjs scripts/start.ts`): the
// launcher and its script are compiled to JavaScript first (in a child process, compile-launcher.cjs),
// then run from their dist/ with the resolve hook the services use. Under tsx the launcher held
// ~200 MB for the whole session: tsx's CLI process, its loader thread and esbuild's service.
const { execFileSync } = require('node:child_process');
const path = require('node:path');

const script = path.resolve(process.argv[2] ?? '');
if (!script.endsWith('.ts')) {
  process.stderr.write('usage: node launch-compiled.cjs <script.ts> [args…]\n');
  process.exit(2);
}
try {
  execFileSync(process.execPath, [path.join(__dirname, 'compile-launcher.cjs'), script], { stdio: 'inherit' });
} catch {
  process.exit(1); // the compile said why
}
const compiled = path.join(path.dirname(script), 'dist', `${path.basename(script, '.ts')}.js`);
// The services' resolve hook: @docket/local-infra's src/index.ts (its package.json main) becomes dist/index.js.
require('./compiled-resolve.cjs');
// The script sees the argv it would under tsx: [node, script, args…].
process.argv.splice(1, 2, compiled);
require(compiled);
