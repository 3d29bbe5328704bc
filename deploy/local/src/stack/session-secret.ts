import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The BFF's SESSION_SECRET (it signs CSRF tokens), kept in the data directory: every BFF the launcher
 * starts on it, a restarted one too, accepts the tokens its predecessors issued, so a restart signs
 * nobody's page out. A test stack's data directory is a fresh one, and so is its secret.
 */
export function sessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'bff', 'session-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = crypto.randomBytes(32).toString('hex');
  fs.writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
