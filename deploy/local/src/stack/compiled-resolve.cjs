'use strict';
// Preloaded (`node --require`) into every service the launcher runs from compiled JavaScript, and
// inherited by their worker threads. The workspaces' package.json "main" points at src/index.ts
// (what tsx, jest and tsc read); here a resolved <workspace>/src/<file>.ts becomes the
// <workspace>/dist/<file>.js that compile-services.ts wrote, so no TypeScript is compiled at run time.
// The launcher's own workspace (deploy/local) too, when `npm start` runs it compiled (launch-compiled.cjs).
const fs = require('node:fs');
const Module = require('node:module');

const SOURCE = /^(.*[\\/](?:services[\\/][^\\/]+|packages[\\/][^\\/]+|deploy[\\/]local))[\\/]src[\\/](.*)\.ts$/;
// A deep import such as '@docket/proto/src/gen/…' names a source file without its extension.
const DEEP_SOURCE_IMPORT = /^(@docket\/[^/]+)\/src\//;
const resolveFilename = Module._resolveFilename;

Module._resolveFilename = function resolveCompiled(request, parent, isMain, options) {
  const compiledRequest = typeof request === 'string' ? request.replace(DEEP_SOURCE_IMPORT, '$1/dist/') : request;
  const resolved = resolveFilename.call(this, compiledRequest, parent, isMain, options);
  const match = SOURCE.exec(resolved);
  if (!match) return resolved;
  const compiled = `${match[1]}/dist/${match[2]}.js`;
  if (fs.existsSync(compiled)) return compiled;
  throw new Error(
    `${resolved} has no compiled ${compiled}: ` +
      `the launcher compiles the workspaces before it starts them (compile-services.ts)`,
  );
};
