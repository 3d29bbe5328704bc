import fs from 'node:fs';
import { requireBinary } from './paths';

/**
 * JVM class-data sharing for a server the launcher starts (Kafka, OpenSearch, S3Mock): the first run
 * that stops cleanly dumps the classes it loaded into `archive`; later runs map it and start two to
 * four times faster. `jarsStamp` names the jars the archive was made from; with the JDK it makes the
 * archive's stamp, so other jars or another JDK make a new archive (a stale one the JVM refuses itself).
 */
export function classDataSharing(
  archive: string,
  jarsStamp: string,
): { args: string[]; dumping: boolean; afterExit: () => void } {
  const stampFile = `${archive}.stamp`;
  const stamp = `${jarsStamp}|${process.env.JAVA_HOME ?? ''}|${javaRealPath()}`;
  const quiet = ['-Xlog:cds=off', '-Xlog:cds+dynamic=off'];
  if (fs.existsSync(archive) && readIfExists(stampFile) === stamp) {
    return { args: [`-XX:SharedArchiveFile=${archive}`, ...quiet], dumping: false, afterExit: () => undefined };
  }
  const pending = `${archive}.tmp-${process.pid}-${Date.now()}`;
  return {
    args: [`-XX:ArchiveClassesAtExit=${pending}`, ...quiet],
    dumping: true,
    afterExit: () => {
      try {
        if (!fs.existsSync(pending)) return;
        fs.renameSync(pending, archive);
        fs.writeFileSync(stampFile, stamp);
      } catch {
        // Another run won the race; its archive is just as good.
      }
    },
  };
}

function javaRealPath(): string {
  try {
    return fs.realpathSync(requireBinary('java', 'openjdk-17-jre-headless'));
  } catch {
    return '';
  }
}

function readIfExists(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
