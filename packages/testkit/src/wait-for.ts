export interface WaitForOptions {
  /** Default 10 000 ms. */
  timeoutMs?: number;
  /** Default 50 ms. */
  intervalMs?: number;
  /** What we wait for, in words; it is named in the timeout error. */
  description: string;
}

/**
 * Polls `predicate` until it returns a truthy value (returned) or the deadline passes.
 * Thrown errors count as "not yet"; the last one is quoted in the timeout error.
 */
export async function waitFor<T>(predicate: () => T | Promise<T>, opts: WaitForOptions): Promise<NonNullable<T>> {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const intervalMs = opts.intervalMs ?? 50;
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await predicate();
      if (value) return value as NonNullable<T>;
      lastError = undefined;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() >= deadline) {
      const cause = lastError instanceof Error ? `; last error: ${lastError.message}` : '';
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${opts.description}${cause}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
