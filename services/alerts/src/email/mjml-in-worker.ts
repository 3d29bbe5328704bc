import { Worker } from 'node:worker_threads';

/**
 * MJML to HTML in a worker thread that ends once it has answered. MJML and what it loads (an HTML
 * parser, a CSS inliner, a minifier) cost the process ~55 MB that it would keep for good although
 * templates are compiled once at start; the thread gives most of it back (measured: 94 -> 60 MB RSS).
 *
 * The worker's code is plain JavaScript with mjml's resolved path, so it runs the same under tsx,
 * jest's transform and compiled code.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const mjml2html = require(workerData.mjmlPath);
Promise.resolve(mjml2html(workerData.source, workerData.options)).then(
  (compiled) => parentPort.postMessage({ html: compiled.html, errors: compiled.errors.map((e) => e.formattedMessage) }),
  (error) => parentPort.postMessage({ failure: String((error && error.stack) || error) }),
);
`;

export interface MjmlCompiled {
  html: string;
  /** MJML's validation messages; empty when the template is valid. */
  errors: string[];
}

export function compileMjmlInWorker(source: string, options: { validationLevel: 'strict' | 'soft' | 'skip'; keepComments: boolean }): Promise<MjmlCompiled> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { mjmlPath: require.resolve('mjml'), source, options } });
    worker.once('message', (message: MjmlCompiled & { failure?: string }) => {
      if (message.failure !== undefined) reject(new Error(`MJML failed: ${message.failure}`));
      else resolve({ html: message.html, errors: message.errors });
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the MJML worker exited with code ${code} before answering`)));
  });
}
