/**
 * Environment for the processes the launcher starts. glibc gives every thread that mallocs its own
 * arena (up to 8 per core, 64 MB reserved each) and keeps freed memory in it; the JVMs' native
 * allocations are few, and a Node part's are mostly libuv's and V8's helper threads, so two arenas
 * are plenty and each idle process stays tens of MB smaller.
 */
export function fewMallocArenas(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...env, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2' };
}

/** The JVMs' environment (Kafka, the MongoDB stand-in, Zipkin): see fewMallocArenas. */
export const jvmEnv = fewMallocArenas;

/**
 * JVM options that give back to the OS, every 30 s, what the JVM's native code freed: glibc keeps it
 * otherwise (the JIT compilers' arenas, netty's and H2's buffers). At a settled stack the MongoDB
 * stand-in went from 185 to 144 MB resident with one trim (`jcmd <pid> System.trim_native_heap`).
 * Experimental in JDK 17 updates (product in 21); a JVM without it ignores it.
 */
const TRIM_NATIVE_HEAP_OPTS = [
  '-XX:+UnlockExperimentalVMOptions',
  '-XX:+IgnoreUnrecognizedVMOptions',
  '-XX:TrimNativeHeapInterval=30000',
];

/**
 * The JDK keeps, per thread, a direct buffer as large as the largest read or write it made through a
 * heap buffer (every socket read and file append of Kafka's request threads), for good. A corpus load
 * sends requests of several MB, so each of Kafka's six request threads held one: 28 MB of a broker
 * alone under 6 MB requests, 0.5 MB with this cap (`jcmd <pid> VM.native_memory`, NMT "Other").
 * Larger buffers are allocated for the call and freed after it.
 */
const NIO_BUFFER_CACHE_OPTS = ['-Djdk.nio.maxCachedBufferSize=262144'];

/**
 * The JDK's class-data archive (and Kafka's, on top of it) mapped at the address it was made for. This
 * JDK 17 build maps it at a random address on every start (ArchiveRelocationMode=1, for address-space
 * randomisation) and rewrites every pointer in it, so each JVM holds a private copy of its 12 MB; at its
 * own address the read-only part stays the file's pages, which the launcher's JVMs share (three JVMs:
 * 30 → 18 MB PSS). A JVM that finds the address taken maps it elsewhere as before. After
 * TRIM_NATIVE_HEAP_OPTS, whose IgnoreUnrecognizedVMOptions covers a JVM without the option.
 */
const SHARED_CLASS_ARCHIVE_OPTS = ['-XX:+UnlockDiagnosticVMOptions', '-XX:ArchiveRelocationMode=0'];

/** What every JVM the launcher starts gets, whatever else its own options say (in this order). */
export const COMMON_JVM_OPTS = [...TRIM_NATIVE_HEAP_OPTS, ...NIO_BUFFER_CACHE_OPTS, ...SHARED_CLASS_ARCHIVE_OPTS];

/**
 * The idle-heap agent (deploy/local/idle-heap-agent) for a JVM on the serial collector: a full
 * collection once the JVM goes idle, which gives the heap a load grew back. -ShrinkHeapInSteps: that
 * one collection gives back all the free heap, not a tenth of it (the serial collector's steps: 0, 10,
 * 40, 100%). `name` starts the line the agent prints for each compaction.
 */
export function idleHeapOpts(agentJar: string, name: string): string[] {
  return [`-javaagent:${agentJar}=${name}`, '-XX:-ShrinkHeapInSteps'];
}
