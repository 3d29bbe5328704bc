/**
 * Environment for the JVMs the launcher starts (Kafka, the MongoDB stand-in, Zipkin). glibc gives
 * every thread that mallocs its own arena (up to 8 per core, 64 MB reserved each); a JVM's native
 * allocations are few, so two arenas are plenty and the idle process stays tens of MB smaller.
 */
export function jvmEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...env, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2' };
}
