import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureJars, freePort, startMongo, type RunningMongo } from '@docket/local-infra';

/** The JDK's class-data archive as one process maps it: its read-only part's resident and private (rewritten) KB. */
function jdkClassArchiveReadOnly(pid: number): { rssKb: number; privateDirtyKb: number } | undefined {
  let current: { rssKb: number; privateDirtyKb: number } | undefined;
  let found: typeof current;
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const mapping = /^[0-9a-f]+-[0-9a-f]+ (\S+) .*\/classes\.jsa$/.exec(line);
    if (mapping) {
      current = mapping[1] === 'r--p' ? { rssKb: 0, privateDirtyKb: 0 } : undefined;
      found ??= current;
      continue;
    }
    if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) current = undefined;
    const field = /^(Rss|Private_Dirty):\s+(\d+) kB/.exec(line);
    if (current && field) current[field[1] === 'Rss' ? 'rssKb' : 'privateDirtyKb'] = Number(field[2]);
  }
  return found;
}

// The launcher's JVMs (SHARED_CLASS_ARCHIVE_OPTS) map the JDK's class archive where it was made, so its
// read-only part stays the file's pages, shared between them, instead of a rewritten private copy each.
describe('JVMs the launcher starts: the JDK class archive shared, not copied', () => {
  let dir: string;
  let mongo: RunningMongo | undefined;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docket-class-archive-'));
  });
  afterAll(async () => {
    await mongo?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("maps the archive's read-only part unmodified in the MongoDB stand-in", async () => {
    mongo = await startMongo({ jars: await ensureJars(), dir, port: await freePort(), storage: 'memory' });
    const readOnly = jdkClassArchiveReadOnly(mongo.process.pid);
    // Relocated (the JDK's default here), the whole archive is one writable mapping, rewritten.
    expect(readOnly).toBeDefined();
    expect(readOnly!.rssKb).toBeGreaterThan(1024);
    expect(readOnly!.privateDirtyKb).toBe(0);
  });
});
