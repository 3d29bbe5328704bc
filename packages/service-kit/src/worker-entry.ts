import path from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread running `<dir>/<name>.ts` (or `.js` once compiled). Its code is a small JavaScript
 * bootstrap that loads the entry: under tsx the thread inherits its loader; under jest's transform (or
 * anything else without one) it registers tsx's. `callerFile` is the caller's __filename, whose
 * extension says which of the two is running.
 */
export function startWorker(
  dir: string,
  name: string,
  callerFile: string,
  workerData: object,
  options: Pick<WorkerOptions, 'resourceLimits'> = {},
): Worker {
  const entry = path.join(dir, `${name}${path.extname(callerFile) || '.ts'}`);
  return new Worker(WORKER_BOOTSTRAP, {
    ...options,
    eval: true,
    workerData: { ...workerData, entry, tsx: tsxRegister() },
  });
}

const WORKER_BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
if (workerData.entry.endsWith('.ts') && !require.extensions['.ts'] && workerData.tsx) {
  require(workerData.tsx).register();
}
require(workerData.entry);
`;

function tsxRegister(): string | undefined {
  try {
    return require.resolve('tsx/cjs/api');
  } catch {
    return undefined;
  }
}
