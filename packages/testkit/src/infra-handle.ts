/** Global setup and teardown run in the same process; the handle travels on globalThis. */
export const INFRA_HANDLE_KEY = '__docketTestInfra';

/** The launcher's InfraHandle or the containers' ContainerInfra: teardown only needs to stop it. */
export interface StoppableInfra {
  stop(): Promise<void>;
}

export type GlobalWithInfra = typeof globalThis & { [INFRA_HANDLE_KEY]?: StoppableInfra };
