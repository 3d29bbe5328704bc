package org.docket.localinfra;

import de.bwaldvogel.mongo.MongoBackend;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.ServerVersion;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;

import org.h2.mvstore.MVStore;

import java.io.File;
import java.util.concurrent.CountDownLatch;

/**
 * MongoDB wire-protocol stand-in for one-machine runs (dev, CI, demo).
 *
 * <pre>
 * java -jar mongo-stand-in.jar &lt;host&gt; &lt;port&gt; --memory
 * java -jar mongo-stand-in.jar &lt;host&gt; &lt;port&gt; --h2 &lt;file&gt;
 * </pre>
 *
 * Prints exactly one line "mongo-stand-in ready on host:port (backend)" on stdout once it accepts
 * connections; the launcher waits for a real ping anyway. SIGTERM/SIGINT run the shutdown hook,
 * which stops listening and closes the H2 store so the file is consistent for the next start.
 */
public final class MongoStandIn {

    private MongoStandIn() {
    }

    public static void main(String[] args) throws InterruptedException {
        if (args.length < 3) {
            usage("missing arguments");
        }
        String host = args[0];
        int port = parsePort(args[1]);
        MongoBackend backend;
        String description;
        switch (args[2]) {
            case "--memory" -> {
                backend = new MemoryBackend();
                description = "memory";
            }
            case "--h2" -> {
                if (args.length < 4) {
                    usage("--h2 needs a file name");
                }
                File file = new File(args[3]).getAbsoluteFile();
                File parent = file.getParentFile();
                if (parent != null && !parent.isDirectory() && !parent.mkdirs()) {
                    usage("cannot create directory " + parent);
                }
                backend = new BsonH2Backend(new MVStore.Builder().fileName(file.getPath()).open());
                description = "h2 " + file.getPath();
            }
            default -> {
                usage("unknown backend " + args[2]);
                return;
            }
        }
        // The Node driver 6.x needs wire version >= 8 (MongoDB 4.2); report 5.0.
        backend.version(ServerVersion.MONGO_5_0);

        MongoServer server = new MongoServer(backend);
        server.bind(host, port);

        CountDownLatch stopped = new CountDownLatch(1);
        final MongoBackend toClose = backend;
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                server.shutdown();
            } finally {
                // shutdown() closes the backend too; close again defensively, it is idempotent for H2.
                try {
                    toClose.close();
                } catch (RuntimeException e) {
                    System.err.println("mongo-stand-in: closing the store failed: " + e);
                }
                System.out.println("mongo-stand-in stopped");
                System.out.flush();
                stopped.countDown();
            }
        }, "mongo-stand-in-shutdown"));

        System.out.println("mongo-stand-in ready on " + host + ":" + port + " (" + description + ")");
        System.out.flush();
        stopped.await();
    }

    private static int parsePort(String value) {
        try {
            int port = Integer.parseInt(value);
            if (port < 1 || port > 65535) {
                usage("port out of range: " + value);
            }
            return port;
        } catch (NumberFormatException e) {
            usage("port is not a number: " + value);
            return -1;
        }
    }

    private static void usage(String problem) {
        System.err.println("mongo-stand-in: " + problem);
        System.err.println("usage: java -jar mongo-stand-in.jar <host> <port> (--memory | --h2 <file>)");
        System.exit(2);
    }
}
