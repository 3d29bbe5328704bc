import type { DockerAnswer } from './infra-choice';

const PROBE_TIMEOUT_MS = 15_000;

/**
 * Asks testcontainers for a container runtime (DOCKER_HOST, ~/.testcontainers.properties, the
 * Docker socket, rootless and Docker Desktop sockets…) and whether it answers. Never throws.
 */
export async function probeDockerEngine(): Promise<DockerAnswer> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS / 1000} s`)), PROBE_TIMEOUT_MS);
      timer.unref();
    });
    const client = await Promise.race([getContainerRuntimeClient(), timeout]);
    const runtime = client.info.containerRuntime;
    return {
      found: true,
      description:
        `engine on ${runtime.host} ` +
        `(${runtime.operatingSystem}, ${runtime.cpus} CPUs, ${(runtime.memory / 2 ** 30).toFixed(1)} GiB)`,
    };
  } catch (err) {
    return { found: false, reason: err instanceof Error ? err.message : String(err) };
  } finally {
    if (timer) clearTimeout(timer);
  }
}
