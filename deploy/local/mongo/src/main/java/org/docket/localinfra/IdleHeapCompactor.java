package org.docket.localinfra;

import com.sun.management.HotSpotDiagnosticMXBean;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.util.List;

/**
 * Gives the heap a load grew back to the system once the stand-in is idle. The serial collector
 * shrinks the heap only in a full collection, which an idle stand-in never has: after loading the
 * default corpus it kept ~260 MB resident with a fraction of that in use. Idle here means at most one
 * young collection since the last look (the services' polls allocate little); then one full
 * collection that keeps only 20% free beyond what is in use (the default keeps up to 70%; under a
 * load the defaults stay, so the heap does not shrink and grow again between busy collections), and
 * none again until the stand-in has been busy in between.
 */
final class IdleHeapCompactor implements Runnable {

    /** How often it looks: DOCKET_STANDIN_IDLE_CHECK_MS (tests), else every 30 s. */
    private final long intervalMs;
    private final List<GarbageCollectorMXBean> collectors = ManagementFactory.getGarbageCollectorMXBeans();
    private long collectionsSeen = -1;
    private boolean compactedSinceBusy = true;

    private IdleHeapCompactor(long intervalMs) {
        this.intervalMs = intervalMs;
    }

    /** Starts the daemon thread that looks every interval. */
    static void start() {
        String configured = System.getenv("DOCKET_STANDIN_IDLE_CHECK_MS");
        long intervalMs = configured == null || configured.isBlank() ? 30_000 : Long.parseLong(configured.trim());
        Thread thread = new Thread(new IdleHeapCompactor(intervalMs), "mongo-stand-in-idle-heap");
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
        long collections = collections();
        boolean idle = collectionsSeen >= 0 && collections - collectionsSeen <= 1;
        collectionsSeen = collections;
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
        collectionsSeen = collections();
        compactedSinceBusy = true;
        System.out.println("mongo-stand-in idle: heap committed " + (before >> 20) + " MB -> " + (after >> 20) + " MB");
        System.out.flush();
    }

    /** Collections of every kind so far. */
    private long collections() {
        return collectors.stream().mapToLong(GarbageCollectorMXBean::getCollectionCount).sum();
    }

    private static MemoryUsage heap() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
    }
}
