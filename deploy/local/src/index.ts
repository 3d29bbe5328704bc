export { startInfra, DEV_PORTS, type InfraHandle, type InfraPart, type InfraPorts, type StartInfraOptions } from './infra';
export { startKafka, probeKafka, waitForKafka, type RunningKafka, type StartKafkaOptions } from './kafka';
export { startMongo, probeMongo, type RunningMongo, type StartMongoOptions } from './mongo';
export { startRedis, probeRedis, redisHostPort, type RunningRedis, type StartRedisOptions } from './redis';
export { ensureJars, jarPaths, type Jars } from './jars';
export { spawnManaged, signalAllManaged, liveManagedProcesses, type ManagedProcess, type SpawnManagedOptions, type ExitInfo } from './managed-process';
export { pollUntil, freePort, isPortOpen, type WaitOptions } from './wait';
export { repoRoot, cacheDir, defaultDataDir, findOnPath, requireBinary } from './paths';
