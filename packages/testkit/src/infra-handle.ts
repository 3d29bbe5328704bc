import type { InfraHandle } from '@docket/local-infra';

/** Global setup and teardown run in the same process; the handle travels on globalThis. */
export const INFRA_HANDLE_KEY = '__docketTestInfra';

export type GlobalWithInfra = typeof globalThis & { [INFRA_HANDLE_KEY]?: InfraHandle };
