/**
 * The stack as a user starts it: `npm start` in a process of its own (its own process group, as a
 * terminal runs it), on a fresh data directory so that it is a first start (the default corpus loads),
 * its output kept in a file. Unlike startStack() in the bench's own process, the launcher's own
 * memory (npm, and the launcher's Node process) is then part of what can be measured.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

export interface LaunchedStack {
  /** The `npm start` process; also its process group's id. */
  pid: number;
  dataDir: string;
  /** Where a browser goes: the frontend, which proxies /api to the BFF. */
  url: string;
  admin: { email: string; oneTimePassword: string };
  /** Every line the launcher printed. */
  logFile: string;
  /** When `npm start` was spawned (ms since the epoch). */
  startedAt: number;
  /** Seconds from the spawn to the banner (the login page served). */
  readySeconds: number;
  /** Why it is no longer running, once it has exited. */
  exited(): string | undefined;
  /** Ctrl-C, as a terminal sends it to the whole foreground group; SIGKILL if it has not ended after 90 s. */
  stop(): Promise<void>;
}

const BANNER_URL = /Docket Research is running at (\S+)/;
const BANNER_SIGN_IN = /sign in as (\S+) with the one-time password (\S+)/;

/** Spawns `npm start` with DATA_DIR a fresh temp dir and waits for its banner (within `readyMinutes`). */
export async function launchNpmStart(readyMinutes: number, env: NodeJS.ProcessEnv = {}): Promise<LaunchedStack> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docket-real-use-'));
  const logFile = path.join(dataDir, 'npm-start.log');
  const log = fs.createWriteStream(logFile);
  const repoRoot = path.resolve(__dirname, '..', '..');
  const startedAt = Date.now();
  const child = spawn('npm', ['start'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', DATA_DIR: dataDir, ...env },
  });
  if (child.pid === undefined) throw new Error('npm start did not spawn');
  const pid = child.pid;
  let exit: string | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = `npm start exited (code ${code}, signal ${signal}); see ${logFile}`;
      resolve();
    }),
  );
  const banner = waitForBanner(child, log, readyMinutes * 60_000);
  let admin: LaunchedStack['admin'];
  let url: string;
  try {
    ({ admin, url } = await Promise.race([
      banner,
      exited.then(() => Promise.reject(new Error(exit ?? 'npm start exited'))),
    ]));
  } catch (error) {
    await stopGroup(pid, exited);
    throw error;
  }
  return {
    pid,
    dataDir,
    url,
    admin,
    logFile,
    startedAt,
    readySeconds: (Date.now() - startedAt) / 1000,
    exited: () => exit,
    stop: () => stopGroup(pid, exited),
  };
}

function waitForBanner(
  child: ChildProcess,
  log: fs.WriteStream,
  timeoutMs: number,
): Promise<{ url: string; admin: LaunchedStack['admin'] }> {
  return new Promise((resolve, reject) => {
    let url: string | undefined;
    const timer = setTimeout(() => reject(new Error(`no banner within ${timeoutMs / 60_000} min`)), timeoutMs);
    const onLine = (line: string) => {
      log.write(`${line}\n`);
      url ??= BANNER_URL.exec(line)?.[1];
      const signIn = BANNER_SIGN_IN.exec(line);
      if (url && signIn) {
        clearTimeout(timer);
        resolve({ url, admin: { email: signIn[1] as string, oneTimePassword: signIn[2] as string } });
      }
    };
    for (const stream of [child.stdout, child.stderr])
      if (stream) readline.createInterface({ input: stream }).on('line', onLine);
  });
}

async function stopGroup(pgid: number, exited: Promise<void>): Promise<void> {
  try {
    process.kill(-pgid, 'SIGINT');
  } catch {
    return; // already gone
  }
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 90_000).unref());
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
}
