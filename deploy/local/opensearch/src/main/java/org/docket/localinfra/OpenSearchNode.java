package org.docket.localinfra;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

import org.codelibs.opensearch.runner.OpenSearchRunner;

/**
 * One OpenSearch node in this JVM, for one-machine runs (dev, CI, benches) of the query-engine's
 * OpenSearch backend.
 *
 * <pre>
 * java -Xmx1g -cp 'lib/*:opensearch-node.jar' org.docket.localinfra.OpenSearchNode &lt;host&gt; &lt;httpPort&gt; &lt;baseDir&gt;
 * </pre>
 *
 * Data and logs go under &lt;baseDir&gt;/node_1/. Prints "opensearch-node ready on http://host:port" once
 * the node has started; the launcher still waits for the cluster to be yellow. SIGTERM/SIGINT close
 * the node (flushes shards) through the shutdown hook.
 */
public final class OpenSearchNode {

    private OpenSearchNode() {
    }

    public static void main(String[] args) throws InterruptedException {
        if (args.length != 3) {
            usage("expected 3 arguments, got " + args.length);
        }
        String host = args[0];
        int port = parsePort(args[1]);
        Path baseDir = Path.of(args[2]).toAbsolutePath();

        OpenSearchRunner runner = new OpenSearchRunner();
        // The runner probes 9201.. for a free port unless told not to; we bind exactly the port asked for.
        runner.setMaxHttpPort(-1);
        runner.onBuild((number, settings) -> {
            settings.put("network.host", host);
            settings.put("http.port", String.valueOf(port));
            // The transport layer is unused by a single node, but it must bind somewhere: any free port.
            settings.put("transport.port", "0");
            settings.put("discovery.type", "single-node");
            settings.putList("node.roles", "cluster_manager", "data", "ingest");
            // A shared development disk may be fuller than the production watermarks allow; never go read-only for that.
            settings.put("cluster.routing.allocation.disk.threshold_enabled", "false");
            settings.put("action.auto_create_index", "false");
        });

        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                runner.close();
            } catch (IOException e) {
                System.err.println("opensearch-node: closing failed: " + e);
            } finally {
                System.out.println("opensearch-node stopped");
                System.out.flush();
                stopped.countDown();
            }
        }, "opensearch-node-shutdown"));

        try {
            runner.build(OpenSearchRunner.newConfigs()
                    .basePath(baseDir.toString())
                    .numOfNode(1)
                    .baseHttpPort(port - 1)
                    .clusterName("docket-local"));
        } catch (RuntimeException e) {
            System.err.println("opensearch-node: could not start: " + e);
            for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
                System.err.println("  caused by: " + cause);
            }
            System.exit(1);
        }
        System.out.println("opensearch-node ready on http://" + host + ":" + port);
        System.out.flush();
        stopped.await();
    }

    private static int parsePort(String value) {
        try {
            int port = Integer.parseInt(value);
            if (port > 0 && port < 65536) {
                return port;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        usage("not a port: " + value);
        return -1;
    }

    private static void usage(String problem) {
        System.err.println("opensearch-node: " + problem);
        System.err.println("usage: java -cp 'lib/*:opensearch-node.jar' org.docket.localinfra.OpenSearchNode <host> <httpPort> <baseDir>");
        System.exit(2);
    }
}
