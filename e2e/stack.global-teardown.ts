/**
 * Stops every process the e2e global setup started; nothing is left behind. A part that crashed
 * during the run (the test profile does not restart it) fails the run here, with its last lines,
 * even if every test happened to pass.
 */
export default async function globalTeardown(): Promise<void> {
  const stack = globalThis.__DOCKET_E2E_STACK__;
  const crashed = stack?.status().parts.filter((part) => part.crashes.length > 0) ?? [];
  await stack?.stop();
  if (crashed.length > 0) {
    const crashes = crashed.map((p) => `${p.name} (${JSON.stringify(p.crashes.at(-1))})`).join(', ');
    throw new Error(`part of the e2e stack crashed during the run: ${crashes}; see its last lines above`);
  }
}
