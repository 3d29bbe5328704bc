/**
 * tsx deploy/local/src/cli.ts prepare [--zipkin] [--if-possible] — download Kafka and the query-engine's
 *     embedding model, build the Mongo stand-in (npm ci's postinstall, so a first `npm start` waits only for
 *     the frontend build);
 *     --zipkin: also Zipkin's server (npm start fetches it on first use);
 *     --if-possible: a failure (no Java, no Maven Central) only warns: npm start tries again
 * tsx deploy/local/src/cli.ts up [--test] — run Kafka, the Mongo stand-in and Redis in the foreground until Ctrl-C
 */
import { startInfra } from './infra';
import { ensureJars } from './jars';
import { ensureKafkaClassArchive, ensureKafkaStorageTemplate } from './kafka';
import { ensureEmbeddingModel } from './models';
import { ensureZipkinJar } from './zipkin';

const log = (message: string): void => {
  process.stderr.write(`[infra] ${message}\n`);
};

async function prepare(withZipkin: boolean): Promise<void> {
  const started = Date.now();
  const [jars, modelDir] = await Promise.all([ensureJars(log), ensureEmbeddingModel(log)]);
  if (withZipkin) log(`Zipkin ready: ${await ensureZipkinJar(log)}`);
  await ensureKafkaStorageTemplate(jars);
  await ensureKafkaClassArchive(jars);
  log(
    `jars and model ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
      `${jars.kafkaLibDir}, ${jars.mongoJar}, ${modelDir}`,
  );
}

async function up(profile: 'dev' | 'test'): Promise<void> {
  const started = Date.now();
  // Our own handlers: stop the children in order instead of the library's kill-on-signal fallback.
  let stopping = false;
  // Set once the infra is up; a signal during start-up exits and the exit hook SIGTERMs the children.
  const running: { stop?: () => Promise<void> } = {};
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping`);
    void (running.stop?.() ?? Promise.resolve()).then(
      () => process.exit(0),
      (err: unknown) => {
        log(`stop failed: ${String(err)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const infra = await startInfra({ profile, log });
  running.stop = infra.stop;
  log(`up in ${((Date.now() - started) / 1000).toFixed(1)} s (data in ${infra.dataDir}); Ctrl-C stops`);
  process.stdout.write(
    [
      `MONGO_URL=${infra.mongoUrl}`,
      `KAFKA_BROKERS=${infra.kafkaBrokers.join(',')}`,
      `REDIS_URL=${infra.redisUrl}`,
      '',
    ].join('\n'),
  );
}

async function main(): Promise<void> {
  const [command, ...flags] = process.argv.slice(2);
  if (command === 'prepare') {
    if (!flags.includes('--if-possible')) return prepare(flags.includes('--zipkin'));
    return prepare(flags.includes('--zipkin')).catch((err: unknown) => {
      log(
        `could not prepare the jars now (${err instanceof Error ? err.message : String(err)}); ` +
          `npm start will try again`,
      );
    });
  }
  if (command === 'up') return up(flags.includes('--test') ? 'test' : 'dev');
  process.stderr.write('usage: tsx deploy/local/src/cli.ts prepare [--zipkin] [--if-possible] | up [--test]\n');
  process.exit(2);
}

main().catch((err: unknown) => {
  log(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
