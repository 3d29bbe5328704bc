package org.docket.localinfra.idleheap;

/**
 * The agent's entry, run before the JVM's own main: {@code -javaagent:idle-heap-agent.jar=<name>}, where
 * the name (kafka, zipkin, mongo-stand-in) starts the line each compaction prints.
 */
public final class IdleHeapAgent {

    private IdleHeapAgent() {
    }

    public static void premain(String args) {
        IdleHeapCompactor.start(args == null || args.isBlank() ? "jvm" : args.trim());
    }
}
