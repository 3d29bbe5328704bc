/**
 * The local mail catcher of `npm start` when SMTP_URL is unset: MailDev (npm `maildev`), an SMTP
 * server that keeps every message and shows it in a web inbox (REST API: GET /email, GET
 * /email/:id/html, DELETE /email/all). Run as its own child process: MailDev installs SIGINT/SIGTERM
 * handlers that exit the process it runs in, which must not be the launcher. Messages are kept in
 * <data>/mail, so the inbox survives a restart.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fewMallocArenas } from './jvm-env';
import { BACKGROUND_NICENESS, spawnManaged, type ManagedProcess } from './managed-process';
import { httpOk } from './stack/health';
import { pollUntil } from './wait';

export const DEFAULT_MAIL_PORTS = { smtp: 1025, web: 1080 };

export interface StartMailCatcherOptions {
  /** Where messages are kept and its log goes. */
  dir: string;
  smtpPort: number;
  webPort: number;
  host?: string;
  readyTimeoutMs?: number;
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
  signal?: AbortSignal;
}

export interface RunningMailCatcher {
  /** What the alerts service sends to: smtp://127.0.0.1:<port>. */
  smtpUrl: string;
  /** The web inbox (and its REST API: <webUrl>/email). */
  webUrl: string;
  process: ManagedProcess;
  stop(): Promise<void>;
}

function maildevBin(): string {
  return path.join(path.dirname(require.resolve('maildev/package.json')), 'bin', 'maildev');
}

/** Starts MailDev; ready when its web server answers /healthz. */
export async function startMailCatcher(opts: StartMailCatcherOptions): Promise<RunningMailCatcher> {
  const host = opts.host ?? '127.0.0.1';
  const mailDir = path.join(opts.dir, 'messages');
  fs.mkdirSync(mailDir, { recursive: true });
  const child = spawnManaged({
    name: 'mail',
    command: process.execPath,
    // A small young generation: the mail catcher idles most of the time (about 40 MB less). V8's lite
    // mode (no optimizing compiler, less feedback kept) took it from 94 to 71 MB resident at start;
    // it handles a developer's few e-mails, where speed does not show.
    args: [
      '--max-semi-space-size=1',
      '--lite-mode',
      maildevBin(),
      '--smtp',
      String(opts.smtpPort),
      '--web',
      String(opts.webPort),
      '--ip',
      host,
      '--mail-directory',
      mailDir,
      '--silent',
    ],
    logFile: path.join(opts.dir, 'maildev.log'),
    onLine: opts.onLine,
    niceness: BACKGROUND_NICENESS,
    env: fewMallocArenas(),
  });
  const webUrl = `http://${host}:${opts.webPort}`;
  try {
    await pollUntil(() => httpOk(`${webUrl}/healthz`), {
      timeoutMs: opts.readyTimeoutMs ?? 30_000,
      intervalMs: 200,
      description: `MailDev at ${webUrl}/healthz`,
      abortIf: () =>
        opts.signal?.aborted
          ? 'stopping'
          : child.isRunning()
            ? undefined
            : `MailDev exited early; its last lines:\n${child.tail(30).join('\n')}`,
    });
  } catch (err) {
    await child.stop();
    throw err;
  }
  return {
    smtpUrl: `smtp://${host}:${opts.smtpPort}`,
    webUrl,
    process: child,
    stop: () => child.stop({ timeoutMs: 5_000 }).then(() => undefined),
  };
}
