package org.docket.localinfra.idleheap;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.OperatingSystemMXBean;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;

/**
 * Gives the heap a load grew back to the system once the JVM is idle. The serial collector shrinks the
 * heap only in a full collection, which an idle JVM never has: after loading the default corpus the
 * MongoDB stand-in kept ~260 MB resident with a fraction of that in use, and an hour later Kafka's old
 * generation was 54 MB for 47 used, garbage included. Idle here means the process used under 5% of a
 * core since the last look (the services' polls and heartbeats cost less); then one full collection
 * that keeps only 20% free beyond what is in use (the default keeps up to 70%; under a load the JVM's
 * own ratios stay, so the heap does not shrink and grow again between busy collections), and none
 * again until the JVM has been busy in between.
 */
final class IdleHeapCompactor implements Runnable {

    /** At most this share of one core between two looks is idle. */
    private static final double IDLE_CPU_SHARE = 0.05;

    private final String name;
    /** How often it looks: DOCKET_IDLE_HEAP_CHECK_MS (tests), else every 30 s. */
    private final long intervalMs;
    private long cpuNanosSeen = -1;
    private boolean compactedSinceBusy = true;

    private IdleHeapCompactor(String name, long intervalMs) {
        this.name = name;
        this.intervalMs = intervalMs;
    }

    /** Starts the daemon thread that looks every interval; `name` starts the line each compaction prints. */
    static void start(String name) {
        String configured = System.getenv("DOCKET_IDLE_HEAP_CHECK_MS");
        long intervalMs = configured == null || configured.isBlank() ? 30_000 : Long.parseLong(configured.trim());
        Thread thread = new Thread(new IdleHeapCompactor(name, intervalMs), name + "-idle-heap");
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public void run() {
        try {
            for (;;) {
                Thread.sleep(intervalMs);
                look();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void look() {
        long cpuNanos = cpuNanos();
        boolean idle = cpuNanosSeen >= 0 && cpuNanos - cpuNanosSeen <= IDLE_CPU_SHARE * intervalMs * 1_000_000;
        cpuNanosSeen = cpuNanos;
        if (!idle) {
            compactedSinceBusy = false;
            return;
        }
        if (compactedSinceBusy) {
            return;
        }
        long before = heap().getCommitted();
        HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        String minFree = vm.getVMOption("MinHeapFreeRatio").getValue();
        String maxFree = vm.getVMOption("MaxHeapFreeRatio").getValue();
        // Min first on the way down and Max first on the way back: the JVM refuses Min above Max.
        vm.setVMOption("MinHeapFreeRatio", "10");
        vm.setVMOption("MaxHeapFreeRatio", "20");
        try {
            System.gc();
        } finally {
            vm.setVMOption("MaxHeapFreeRatio", maxFree);
            vm.setVMOption("MinHeapFreeRatio", minFree);
        }
        long after = heap().getCommitted();
        // The collection just made counts as this look's, not as work.
        cpuNanosSeen = cpuNanos();
        compactedSinceBusy = true;
        System.out.println(name + " idle: heap committed " + (before >> 20) + " MB -> " + (after >> 20) + " MB");
        System.out.flush();
    }

    /** The CPU time the whole process (every thread) used so far. */
    private static long cpuNanos() {
        return ManagementFactory.getPlatformMXBean(OperatingSystemMXBean.class).getProcessCpuTime();
    }

    private static MemoryUsage heap() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
    }
}
