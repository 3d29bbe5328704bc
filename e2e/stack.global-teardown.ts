/** Stops every process the e2e global setup started; nothing is left behind. */
export default async function globalTeardown(): Promise<void> {
  await globalThis.__DOCKET_E2E_STACK__?.stop();
}
