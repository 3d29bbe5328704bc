import fs from 'node:fs';
import path from 'node:path';
import type { Options } from '@swc/core';

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

/** The frontend's own HTTP server (server.ts and what it imports; Next.js builds the rest), into frontend/dist/. */
const FRONTEND_SERVER_SOURCES = ['server.ts', 'server', 'lib/bff-url.ts'];

/** Compiles every workspace's src/ into dist/ (and the frontend's server) where the source is newer than its output. */
export async function compileServices(repoRoot: string): Promise<CompileResult> {
  const started = Date.now();
  const pairs: { source: string; target: string }[] = [];
  for (const group of WORKSPACE_GLOBS) {
    const groupDir = path.join(repoRoot, group);
    if (!fs.existsSync(groupDir)) continue;
    for (const workspace of fs.readdirSync(groupDir, { withFileTypes: true })) {
      const srcDir = path.join(groupDir, workspace.name, 'src');
      if (workspace.isDirectory() && fs.existsSync(srcDir))
        pairs.push(...mirrored(srcDir, filesUnder(srcDir), path.join(groupDir, workspace.name, 'dist')));
    }
  }
  const frontendDir = path.join(repoRoot, 'frontend');
  const frontendFiles = FRONTEND_SERVER_SOURCES.map((name) => path.join(frontendDir, name))
    .filter((file) => fs.existsSync(file))
    .flatMap(filesUnder);
  pairs.push(
    ...mirrored(
      frontendDir,
      frontendFiles.filter((file) => file.endsWith('.ts')),
      path.join(frontendDir, 'dist'),
    ),
  );

  return compilePairs(pairs, started);
}

/**
 * The launcher itself (deploy/local/src into deploy/local/dist) and the scripts that start it (e.g.
 * scripts/start.ts into scripts/dist/start.js), so that `npm start` runs compiled as the services do:
 * under tsx the launcher took ~200 MB (tsx's CLI process, its loader thread, esbuild's service).
 */
export async function compileLauncher(repoRoot: string, scripts: string[]): Promise<CompileResult> {
  const started = Date.now();
  const localDir = path.join(repoRoot, 'deploy', 'local');
  const srcDir = path.join(localDir, 'src');
  const pairs = mirrored(srcDir, filesUnder(srcDir), path.join(localDir, 'dist'));
  for (const script of scripts)
    pairs.push(...mirrored(path.dirname(script), [script], path.join(path.dirname(script), 'dist')));
  return compilePairs(pairs, started);
}

async function compilePairs(pairs: { source: string; target: string }[], started: number): Promise<CompileResult> {
  const jobs = pairs.filter(({ source, target }) => !isNewer(target, source));
  // Loaded only when something is to compile: swc's native module is tens of MB in the launcher otherwise.
  const { transformFile } = jobs.length > 0 ? await import('@swc/core') : { transformFile: undefined };
  await runPool(jobs, 8, async ({ source, target }) => {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    if (!source.endsWith('.ts') || !transformFile) return writeAtomically(target, fs.readFileSync(source));
    const output = await transformFile(source, {
      ...SWC_OPTIONS,
      filename: source,
      sourceFileName: path.relative(path.dirname(target), source),
    });
    const mapName = `${path.basename(target)}.map`;
    if (output.map) writeAtomically(`${target}.map`, output.map);
    writeAtomically(target, `${output.code}\n//# sourceMappingURL=${mapName}\n`);
  });
  return { compiled: jobs.length, upToDate: pairs.length - jobs.length, seconds: (Date.now() - started) / 1000 };
}

/** Every file under `fileOrDir` (itself when it is a file). */
function filesUnder(fileOrDir: string): string[] {
  if (!fs.statSync(fileOrDir).isDirectory()) return [fileOrDir];
  return fs
    .readdirSync(fileOrDir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Where each file of `fromDir` goes under `toDir`: .ts as .js; other files (templates, JSON) copied
 * as they are, so that reads relative to __dirname find them.
 */
function mirrored(fromDir: string, files: string[], toDir: string): { source: string; target: string }[] {
  return files
    .filter((file) => !file.endsWith('.d.ts'))
    .map((source) => {
      const relative = path.relative(fromDir, source);
      return {
        source,
        target: path.join(toDir, relative.endsWith('.ts') ? relative.replace(/\.ts$/, '.js') : relative),
      };
    });
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
