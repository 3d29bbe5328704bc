import { INFRA_HANDLE_KEY, type GlobalWithInfra } from './infra-handle';

/** Stops whatever the global setup started, containers or launcher parts (servers from env are left alone). */
export default async function globalTeardown(): Promise<void> {
  const holder = globalThis as GlobalWithInfra;
  const handle = holder[INFRA_HANDLE_KEY];
  delete holder[INFRA_HANDLE_KEY];
  await handle?.stop();
}
