import { compactHeap, IdleHeapRelease, trimMallocHeap, type IdleHeapProbes } from '../../src/idle-heap-release';

const MB = 2 ** 20;

/** Probes a test sets by hand: how busy the loop was since the last look; counts what was done. */
function fakeProbes() {
  const probes = { busy: 0, compactions: 0, trims: 0, resident: 100 * MB };
  const asProbes: IdleHeapProbes = {
    utilization: () => probes.busy,
    compact: () => {
      probes.compactions += 1;
    },
    trim: () => {
      probes.trims += 1;
    },
    residentBytes: () => probes.resident,
  };
  return { probes, release: new IdleHeapRelease(asProbes) };
}

describe('IdleHeapRelease', () => {
  it('after work, compacts and trims once quiet for three checks in a row', () => {
    const { probes, release } = fakeProbes();
    release.check();
    release.check();
    expect(probes).toMatchObject({ compactions: 0, trims: 0 });
    release.check();
    expect(probes).toMatchObject({ compactions: 1, trims: 1 });
  });

  it('starts counting again after a busy check', () => {
    const { probes, release } = fakeProbes();
    release.check();
    release.check();
    probes.busy = 0.4;
    release.check();
    probes.busy = 0;
    release.check();
    release.check();
    expect(probes.compactions).toBe(0);
    release.check();
    expect(probes.compactions).toBe(1);
  });

  it('releases a quiet process once, and again only after more work', () => {
    const { probes, release } = fakeProbes();
    for (let i = 0; i < 12; i++) release.check();
    expect(probes).toMatchObject({ compactions: 1, trims: 1 });

    probes.busy = 0.5;
    release.check();
    probes.busy = 0.02;
    for (let i = 0; i < 3; i++) release.check();
    expect(probes).toMatchObject({ compactions: 2, trims: 2 });
  });

  it('releases a quiet process again once it has grown 16 MB since, though no check saw it busy', () => {
    const { probes, release } = fakeProbes();
    probes.busy = 0.05; // work that never fills a tenth of the loop
    for (let i = 0; i < 3; i++) release.check();
    expect(probes.compactions).toBe(1);
    probes.resident += 15 * MB;
    for (let i = 0; i < 6; i++) release.check();
    expect(probes.compactions).toBe(1); // not grown enough
    probes.resident += 1 * MB;
    release.check(); // quiet for 30 s already
    expect(probes.compactions).toBe(2);
    for (let i = 0; i < 6; i++) release.check();
    expect(probes.compactions).toBe(2); // measured again after the release: not grown since
  });
});

describe('compactHeap', () => {
  it('gives back the pages of a heap that held mostly garbage, spread over every page', () => {
    // One object in ten kept: every page keeps some, so only a compacting collection can empty them.
    let all: Array<{ text: string; numbers: number[] }> | undefined = [];
    for (let i = 0; i < 400_000; i++) all.push({ text: `${'x'.repeat(50)}${i}`, numbers: [i, i + 1, i + 2] });
    const kept = all.filter((_, i) => i % 10 === 0);
    all = undefined;
    const before = process.memoryUsage().heapTotal;

    compactHeap();

    const after = process.memoryUsage().heapTotal;
    expect(kept).toHaveLength(40_000);
    expect(before - after).toBeGreaterThan(60 * MB);
  });
});

describe('trimMallocHeap', () => {
  const onLinux = process.platform === 'linux' ? it : it.skip;
  onLinux("gives the C heap's free pages back through glibc's malloc_trim", () => {
    // Freed C memory to give back: Buffers outside V8's pool (malloc'd), dropped and collected.
    let buffers: Buffer[] | undefined = Array.from({ length: 2_000 }, () => Buffer.allocUnsafeSlow(64 * 1024));
    expect(buffers).toHaveLength(2_000);
    buffers = undefined;
    compactHeap();
    expect(trimMallocHeap()).toBe(true);
  });
});
