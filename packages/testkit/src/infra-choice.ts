/**
 * Which infrastructure the integration suites run against: real containers through testcontainers
 * (where a Docker engine answers) or the local launcher's one-machine parts. One switch, TEST_INFRA:
 *
 * - `auto` (default): containers when a Docker engine answers, otherwise the local launcher. A
 *   `DOCKER_HOST` that is set but does not answer is an error, not a reason to fall back.
 * - `containers`: containers, or a clear error when no Docker engine answers (never a fallback).
 * - `local`: the local launcher; Docker is not even asked.
 *
 * Servers named in env (MONGO_URL, KAFKA_BROKERS, REDIS_URL, OPENSEARCH_URL) are used as they are
 * in every mode; only the missing parts are started. Pure logic: the Docker probe is passed in.
 */

export const TEST_INFRA_MODES = ['auto', 'containers', 'local'] as const;
export type TestInfraMode = (typeof TEST_INFRA_MODES)[number];

/** What asking for a Docker engine found. */
export type DockerAnswer =
  | { found: true; /** e.g. "Docker engine on localhost (Ubuntu 24.04, 8 CPUs)" */ description: string }
  | { found: false; /** why not, as the probe saw it */ reason: string };

export type DockerProbe = () => Promise<DockerAnswer>;

export interface InfraChoice {
  kind: 'containers' | 'local';
  /** The line the global setup prints after "[testkit] infrastructure: ". */
  summary: string;
}

/** The parts a container run starts (those env does not provide). */
export type ContainerPart = 'mongo' | 'kafka' | 'redis' | 'opensearch';
export const CONTAINER_PARTS: readonly ContainerPart[] = ['mongo', 'kafka', 'redis', 'opensearch'];

const PART_ENV: Record<ContainerPart, string> = {
  mongo: 'MONGO_URL',
  kafka: 'KAFKA_BROKERS',
  redis: 'REDIS_URL',
  opensearch: 'OPENSEARCH_URL',
};

export function parseTestInfraMode(value: string | undefined): TestInfraMode {
  const mode = (value ?? '').trim().toLowerCase();
  if (mode === '') return 'auto';
  if ((TEST_INFRA_MODES as readonly string[]).includes(mode)) return mode as TestInfraMode;
  throw new Error(`TEST_INFRA=${value} is not one of ${TEST_INFRA_MODES.join(', ')} (unset means auto)`);
}

/**
 * Decides, asking `probe` only when the mode needs to know. Throws (instead of falling back) when
 * containers were asked for, or DOCKER_HOST names an engine, and no engine answers.
 */
export async function chooseTestInfra(env: NodeJS.ProcessEnv, probe: DockerProbe): Promise<InfraChoice> {
  const mode = parseTestInfraMode(env.TEST_INFRA);
  if (mode === 'local') return { kind: 'local', summary: 'local launcher (TEST_INFRA=local)' };

  const docker = await probe();
  if (docker.found) {
    const why = mode === 'containers' ? 'TEST_INFRA=containers' : 'TEST_INFRA=auto, Docker engine found';
    return { kind: 'containers', summary: `testcontainers (${why}: ${docker.description})` };
  }
  if (mode === 'containers') {
    throw new Error(
      `TEST_INFRA=containers, but no Docker engine answers (${docker.reason}). Start Docker (or point ` +
        'DOCKER_HOST at one), or unset TEST_INFRA to use the local launcher.',
    );
  }
  if (env.DOCKER_HOST) {
    throw new Error(
      `DOCKER_HOST=${env.DOCKER_HOST} is set, but no Docker engine answers there (${docker.reason}). ` +
        'Start it, unset DOCKER_HOST, or set TEST_INFRA=local to use the local launcher.',
    );
  }
  return { kind: 'local', summary: 'local launcher (no Docker engine found)' };
}

/** The parts the containers path starts: every part whose variable env does not set. */
export function containerPartsToStart(env: NodeJS.ProcessEnv): ContainerPart[] {
  return CONTAINER_PARTS.filter((part) => !env[PART_ENV[part]]);
}
