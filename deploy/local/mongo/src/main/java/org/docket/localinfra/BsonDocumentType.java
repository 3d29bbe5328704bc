package org.docket.localinfra;

import java.nio.ByteBuffer;

import org.h2.mvstore.WriteBuffer;
import org.h2.mvstore.type.BasicDataType;
import org.h2.mvstore.type.ObjectDataType;

import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.wire.bson.BsonDecoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/**
 * Stores a collection's documents in the H2 file as BSON, the encoding they arrive in, instead of
 * H2's default for unknown objects (Java serialization: class descriptors and reflection for every
 * nested document, most of the stand-in's CPU per write in a profile of the corpus load).
 *
 * Values written by the default type (files from before this type) are still read: a BSON value
 * starts with a tag byte the default type never writes, anything else goes to the default type.
 */
final class BsonDocumentType extends BasicDataType<Document> {

    /** Not a tag of H2's ObjectDataType (its tags stop at 119). */
    private static final byte BSON_TAG = (byte) 0xB5;
    /** A decoded document takes several times its BSON size on the heap (maps, boxed values, strings as UTF-16). */
    private static final int HEAP_BYTES_PER_BSON_BYTE = 3;

    private final ObjectDataType legacy = new ObjectDataType();

    @Override
    public int getMemory(Document document) {
        // Sized once per document and page for the cache's accounting; a rough guess is what H2 does too.
        return 64 + HEAP_BYTES_PER_BSON_BYTE * approximateBsonSize(document);
    }

    @Override
    public void write(WriteBuffer buffer, Document document) {
        buffer.put(BSON_TAG);
        BsonScratch.encodeInto(buffer, encoded -> BsonWriter.encodeDocument(document, encoded));
    }

    @Override
    public Document read(ByteBuffer buffer) {
        if (buffer.get(buffer.position()) != BSON_TAG) {
            return (Document) legacy.read(buffer);
        }
        buffer.get(); // the tag
        int length = buffer.duplicate().order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt();
        ByteBuf bson = Unpooled.wrappedBuffer(buffer.slice().limit(length));
        Document document = BsonDecoder.decodeBson(bson);
        buffer.position(buffer.position() + length);
        return document;
    }

    @Override
    public Document[] createStorage(int size) {
        return new Document[size];
    }

    /** Strings and binaries dominate a document's size; the rest is counted coarsely. */
    private static int approximateBsonSize(Object value) {
        if (value instanceof String text) {
            return 8 + text.length();
        }
        if (value instanceof java.util.Map<?, ?> map) {
            int size = 8;
            for (java.util.Map.Entry<?, ?> entry : map.entrySet()) {
                size += 2 + entry.getKey().toString().length() + approximateBsonSize(entry.getValue());
            }
            return size;
        }
        if (value instanceof java.util.Collection<?> list) {
            int size = 8;
            for (Object item : list) {
                size += 4 + approximateBsonSize(item);
            }
            return size;
        }
        if (value instanceof de.bwaldvogel.mongo.bson.BinData binary) {
            return 8 + binary.getData().length;
        }
        if (value instanceof byte[] bytes) {
            return 8 + bytes.length;
        }
        return 8;
    }
}
