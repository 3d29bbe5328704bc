import { fewMallocArenas, jvmEnv } from '../../src/jvm-env';

describe('jvmEnv', () => {
  it('limits glibc to two malloc arenas and keeps the rest of the environment', () => {
    expect(jvmEnv({ PATH: '/usr/bin' })).toEqual({ PATH: '/usr/bin', MALLOC_ARENA_MAX: '2' });
  });

  it('leaves a MALLOC_ARENA_MAX the user set alone', () => {
    expect(jvmEnv({ MALLOC_ARENA_MAX: '4' }).MALLOC_ARENA_MAX).toBe('4');
  });
});

describe('fewMallocArenas', () => {
  it('is what the JVMs get, for the Node parts too', () => {
    expect(fewMallocArenas({ PATH: '/usr/bin' })).toEqual({ PATH: '/usr/bin', MALLOC_ARENA_MAX: '2' });
    expect(fewMallocArenas({ MALLOC_ARENA_MAX: '8' }).MALLOC_ARENA_MAX).toBe('8');
  });
});
