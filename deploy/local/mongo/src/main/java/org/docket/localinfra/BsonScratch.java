package org.docket.localinfra;

import java.util.function.Consumer;

import org.h2.mvstore.WriteBuffer;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/**
 * One reusable buffer per thread for BSON encoded on its way into a page of the H2 file. MVStore
 * serializes every changed page at each commit, one value at a time, and the stand-in commits after
 * every write: a fresh netty buffer per value (allocated, grown by copying, counted by netty's
 * allocator, released) was a sixth of the serializing thread's time. The buffer is cleared before
 * each use and replaced after a value larger than KEEP_BYTES, so a rare large document is not kept.
 */
final class BsonScratch {

    private static final int INITIAL_BYTES = 64 * 1024;
    private static final int KEEP_BYTES = 1024 * 1024;

    private static final ThreadLocal<ByteBuf> BUFFER = ThreadLocal.withInitial(BsonScratch::newBuffer);

    private BsonScratch() {
    }

    /** Runs `encode` into the thread's buffer, then copies what it wrote into `target`. */
    static void encodeInto(WriteBuffer target, Consumer<ByteBuf> encode) {
        ByteBuf buffer = BUFFER.get();
        buffer.clear();
        encode.accept(buffer);
        target.put(buffer.nioBuffer());
        if (buffer.capacity() > KEEP_BYTES) {
            buffer.release();
            BUFFER.set(newBuffer());
        }
    }

    private static ByteBuf newBuffer() {
        return Unpooled.buffer(INITIAL_BYTES);
    }
}
