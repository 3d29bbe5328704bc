import fs from 'node:fs';
import path from 'node:path';
import { transformFile, type Options } from '@swc/core';

/**
 * The launcher runs the services from JavaScript, not through tsx: compiling every module on the fly
 * costs each Node process tens of MB (the loader thread, esbuild's service) and seconds of CPU at
 * every start. Each workspace's `src/` is transpiled file by file (swc, the same options as the jest
 * transform) into a sibling `dist/` with the same layout, so `__dirname`-relative paths (templates,
 * native extensions, worker entries, the repo root) still resolve. Files unchanged since the last
 * compile are skipped, so a later start costs well under a second. `compiled-resolve.cjs` maps the
 * workspaces' TypeScript entry points (package.json "main": "src/index.ts") to these files at run time.
 */

/** Workspace directories (relative to the repo) whose src/ the services load at run time. */
const WORKSPACE_GLOBS = ['services', 'packages'];

const SWC_OPTIONS: Options = {
  jsc: { parser: { syntax: 'typescript' }, target: 'es2022', keepClassNames: true },
  module: { type: 'commonjs' },
  sourceMaps: true,
  swcrc: false,
  configFile: false,
};

export interface CompileResult {
  compiled: number;
  upToDate: number;
  seconds: number;
}

/** Compiles every workspace's src/ into dist/ where the source is newer than its output. */
export async function compileServices(repoRoot: string): Promise<CompileResult> {
  const started = Date.now();
  const jobs: { source: string; target: string }[] = [];
  let upToDate = 0;
  for (const group of WORKSPACE_GLOBS) {
    const groupDir = path.join(repoRoot, group);
    if (!fs.existsSync(groupDir)) continue;
    for (const workspace of fs.readdirSync(groupDir, { withFileTypes: true })) {
      const srcDir = path.join(groupDir, workspace.name, 'src');
      if (!workspace.isDirectory() || !fs.existsSync(srcDir)) continue;
      const distDir = path.join(groupDir, workspace.name, 'dist');
      for (const entry of fs.readdirSync(srcDir, { withFileTypes: true, recursive: true })) {
        if (!entry.isFile()) continue;
        const source = path.join(entry.parentPath, entry.name);
        const relative = path.relative(srcDir, source);
        if (relative.endsWith('.d.ts')) continue;
        // Non-TypeScript files (templates, JSON) are copied so that relative reads find them.
        const target = path.join(distDir, relative.endsWith('.ts') ? relative.replace(/\.ts$/, '.js') : relative);
        if (isNewer(target, source)) upToDate++;
        else jobs.push({ source, target });
      }
    }
  }
  await runPool(jobs, 8, async ({ source, target }) => {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    if (!source.endsWith('.ts')) return writeAtomically(target, fs.readFileSync(source));
    const output = await transformFile(source, { ...SWC_OPTIONS, filename: source, sourceFileName: path.relative(path.dirname(target), source) });
    const mapName = `${path.basename(target)}.map`;
    if (output.map) writeAtomically(`${target}.map`, output.map);
    writeAtomically(target, `${output.code}\n//# sourceMappingURL=${mapName}\n`);
  });
  return { compiled: jobs.length, upToDate, seconds: (Date.now() - started) / 1000 };
}

function isNewer(target: string, source: string): boolean {
  try {
    return fs.statSync(target).mtimeMs >= fs.statSync(source).mtimeMs;
  } catch {
    return false;
  }
}

/** Two launchers (npm start and a test run) may compile at once: each file appears whole or not at all. */
function writeAtomically(file: string, content: string | Buffer): void {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, content);
  fs.renameSync(temporary, file);
}

async function runPool<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
}
