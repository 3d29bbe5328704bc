export {
  startInfra,
  DEV_PORTS,
  type InfraHandle,
  type InfraPart,
  type InfraPorts,
  type StartInfraOptions,
} from './infra';
export {
  startKafka,
  probeKafka,
  ensureKafkaStorageTemplate,
  ensureKafkaClassArchive,
  waitForKafka,
  type RunningKafka,
  type StartKafkaOptions,
} from './kafka';
export { startMongo, probeMongo, type RunningMongo, type StartMongoOptions } from './mongo';
export { startRedis, probeRedis, redisHostPort, type RunningRedis, type StartRedisOptions } from './redis';
export { ensureJars, jarPaths, type Jars } from './jars';
export { ensureEmbeddingModel, embeddingModelDir, EMBEDDING_MODEL_ARTIFACT, EMBEDDING_MODEL_FILES } from './models';
export {
  startZipkin,
  probeZipkin,
  ensureZipkinJar,
  zipkinJarPath,
  DEFAULT_ZIPKIN_PORT,
  type RunningZipkin,
  type StartZipkinOptions,
} from './zipkin';
export {
  spawnManaged,
  signalAllManaged,
  liveManagedProcesses,
  type ManagedProcess,
  type SpawnManagedOptions,
  type ExitInfo,
} from './managed-process';
export { pollUntil, freePort, isPortOpen, type WaitOptions } from './wait';
export { repoRoot, cacheDir, defaultDataDir, findOnPath, requireBinary } from './paths';
export {
  startStack,
  DEV_STACK_PORTS,
  STACK_PART_NAMES,
  type StackHandle,
  type StackPorts,
  type StartStackOptions,
  type CrashInfo,
} from './stack/stack';
export { createLineFormatter, parsePino, type LineFormatter } from './stack/log-format';
export { grpcServing, httpOk } from './stack/health';
export {
  RestartPolicy,
  DEFAULT_RESTART_POLICY,
  type RestartPolicyOptions,
  type RestartDecision,
} from './supervise/restart-policy';
export {
  Supervisor,
  type SupervisedPart,
  type SupervisedProcess,
  type SupervisorOptions,
  type GiveUpInfo,
} from './supervise/supervisor';
export {
  stackStatusFile,
  writeStackStatus,
  type StackStatus,
  type PartStatus,
  type PartKind,
} from './supervise/stack-status';
export {
  groupCpuSeconds,
  groupCpuSecondsApart,
  groupMemoryMb,
  processMemoryKb,
  processTreeOf,
} from './stack/process-tree';
export { startTestOpenSearch, type RunningOpenSearch } from './opensearch';
export { ensureLocalCertificates, type GrpcTlsFiles, type LocalCertificates } from './grpc-certificates';
export { clientCredentialsOf, localClientCredentials } from './stack/grpc-credentials';
export {
  startS3,
  startTestS3,
  probeS3,
  ensureS3MockJars,
  localS3ServiceEnv,
  DEFAULT_S3_PORT,
  LOCAL_S3_BUCKET,
  type RunningS3,
  type StartS3Options,
} from './s3';
