/**
 * A function of glibc through koffi (a foreign-function library), for what Node has no binding for;
 * null off Linux or without glibc (musl), where the caller then does nothing. koffi is loaded on
 * first use: a process that never calls one never pays its ~3 MB.
 */
export function glibcFunction<F>(signature: string): F | null {
  if (process.platform !== 'linux') return null;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const koffi = require('koffi') as typeof import('koffi');
    return koffi.load('libc.so.6').func(signature) as F;
  } catch {
    return null; // not glibc
  }
}
