import { chooseTestInfra, containerPartsToStart, parseTestInfraMode, type DockerAnswer } from '../../src/infra-choice';

const engine: DockerAnswer = { found: true, description: 'engine on localhost (Ubuntu, 8 CPUs, 15.5 GiB)' };
const none: DockerAnswer = { found: false, reason: 'Could not find a working container runtime strategy' };

/** A probe that records whether it was asked. */
function probe(answer: DockerAnswer) {
  const calls: number[] = [];
  return { calls, fn: async () => (calls.push(1), answer) };
}

describe('parseTestInfraMode', () => {
  it('defaults to auto and accepts the three modes in any case', () => {
    expect(parseTestInfraMode(undefined)).toBe('auto');
    expect(parseTestInfraMode('  ')).toBe('auto');
    expect(parseTestInfraMode('Containers')).toBe('containers');
    expect(parseTestInfraMode('local')).toBe('local');
    expect(parseTestInfraMode('AUTO')).toBe('auto');
  });

  it('refuses anything else, naming the choices', () => {
    expect(() => parseTestInfraMode('docker')).toThrow('TEST_INFRA=docker is not one of auto, containers, local');
  });
});

describe('chooseTestInfra', () => {
  it('auto: containers when a Docker engine answers', async () => {
    const p = probe(engine);
    await expect(chooseTestInfra({}, p.fn)).resolves.toEqual({
      kind: 'containers',
      summary: 'testcontainers (TEST_INFRA=auto, Docker engine found: engine on localhost (Ubuntu, 8 CPUs, 15.5 GiB))',
    });
    expect(p.calls).toHaveLength(1);
  });

  it('auto: the local launcher when no Docker engine answers (this machine, CI)', async () => {
    await expect(chooseTestInfra({ TEST_INFRA: 'auto' }, probe(none).fn)).resolves.toEqual({
      kind: 'local',
      summary: 'local launcher (no Docker engine found)',
    });
  });

  it('auto: a DOCKER_HOST that does not answer fails instead of falling back', async () => {
    await expect(chooseTestInfra({ DOCKER_HOST: 'tcp://build-host:2375' }, probe(none).fn)).rejects.toThrow(
      'DOCKER_HOST=tcp://build-host:2375 is set, ' +
        'but no Docker engine answers there (Could not find a working container runtime strategy)',
    );
  });

  it('containers: containers when a Docker engine answers', async () => {
    const choice = await chooseTestInfra({ TEST_INFRA: 'containers' }, probe(engine).fn);
    expect(choice.kind).toBe('containers');
    expect(choice.summary).toMatch(/^testcontainers \(TEST_INFRA=containers: engine on localhost/);
  });

  it('containers: fails with a clear message when no Docker engine answers, never falls back', async () => {
    await expect(chooseTestInfra({ TEST_INFRA: 'containers' }, probe(none).fn)).rejects.toThrow(
      new RegExp(
        '^TEST_INFRA=containers, but no Docker engine answers ' +
          '\\(Could not find a working container runtime strategy\\)\\. Start Docker',
      ),
    );
  });

  it('local: the launcher, without asking Docker at all', async () => {
    const p = probe(engine);
    await expect(chooseTestInfra({ TEST_INFRA: 'local', DOCKER_HOST: 'tcp://nowhere:2375' }, p.fn)).resolves.toEqual({
      kind: 'local',
      summary: 'local launcher (TEST_INFRA=local)',
    });
    expect(p.calls).toHaveLength(0);
  });

  it('an unknown mode fails before Docker is asked', async () => {
    const p = probe(engine);
    await expect(chooseTestInfra({ TEST_INFRA: 'kubernetes' }, p.fn)).rejects.toThrow(
      'TEST_INFRA=kubernetes is not one of',
    );
    expect(p.calls).toHaveLength(0);
  });
});

describe('containerPartsToStart', () => {
  it('starts all four parts when env names no server', () => {
    expect(containerPartsToStart({})).toEqual(['mongo', 'kafka', 'redis', 'opensearch']);
  });

  it('leaves out every part env points at a real server', () => {
    expect(containerPartsToStart({ MONGO_URL: 'mongodb://db:27017', OPENSEARCH_URL: 'http://os:9200' })).toEqual([
      'kafka',
      'redis',
    ]);
    expect(
      containerPartsToStart({
        MONGO_URL: 'mongodb://db',
        KAFKA_BROKERS: 'k:9092',
        REDIS_URL: 'redis://r',
        OPENSEARCH_URL: 'http://os',
      }),
    ).toEqual([]);
  });

  it('treats an empty variable as unset', () => {
    expect(containerPartsToStart({ MONGO_URL: '' })).toContain('mongo');
  });
});
