import fs from 'node:fs';
import path from 'node:path';

/** The monorepo root (deploy/local/src → ../../..). */
export const repoRoot = path.resolve(__dirname, '..', '..', '..');
export const localInfraDir = path.resolve(__dirname, '..');

/** Downloaded and built jars live here; DOCKET_CACHE_DIR overrides (e.g. a CI cache). */
export function cacheDir(): string {
  return process.env.DOCKET_CACHE_DIR ? path.resolve(process.env.DOCKET_CACHE_DIR) : path.join(repoRoot, '.cache');
}

/** Default data directory of the dev profile; DATA_DIR overrides. */
export function defaultDataDir(): string {
  return process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : path.join(repoRoot, '.data');
}

/** Finds an executable on PATH, or undefined. */
export function findOnPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** Like findOnPath, but a missing binary is an error that says which Debian package to install. */
export function requireBinary(name: string, debianPackage: string, hint = ''): string {
  const found = findOnPath(name);
  if (found) return found;
  throw new Error(
    `\`${name}\` was not found on PATH. Install the Debian/Ubuntu package \`${debianPackage}\` ` +
      `(sudo apt-get install -y ${debianPackage})${hint ? `, ${hint}` : ''}.`,
  );
}
