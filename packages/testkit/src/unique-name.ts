import crypto from 'node:crypto';

/**
 * A name no other test (or earlier run) uses: prefix + time + random, limited to characters that
 * are valid in Kafka topic, consumer group, MongoDB database and Redis key names.
 */
export function uniqueName(prefix: string): string {
  const safePrefix = prefix.replace(/[^A-Za-z0-9._-]/g, '_');
  return `${safePrefix}-${Date.now().toString(36)}-${crypto.randomBytes(4).toString('hex')}`;
}
