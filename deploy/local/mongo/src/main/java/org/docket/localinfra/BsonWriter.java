package org.docket.localinfra;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import de.bwaldvogel.mongo.wire.bson.BsonEncoder;
import io.netty.buffer.ByteBuf;

/**
 * BSON as mongo-java-server's BsonEncoder writes it, byte for byte, with less work per field for
 * the documents the stand-in writes into its file at every commit: fields are read from the map's
 * entries (BsonEncoder looks each key up again), an array's items are written under their indexes
 * directly (BsonEncoder first copies them into a new Document under "0", "1", ...), and ASCII names
 * are written without an intermediate byte array. Documents and arrays are walked here; every other
 * value is written by BsonEncoder.encodeValue, which keeps the stand-in's BSON its library's own.
 * A filing's record holds about a hundred small documents in arrays (mentions, pages).
 */
final class BsonWriter {

    private static final byte DOCUMENT = 3;
    private static final byte ARRAY = 4;

    private BsonWriter() {
    }

    static void encodeDocument(Map<String, ?> document, ByteBuf out) {
        int start = out.writerIndex();
        out.writeIntLE(0);
        for (Map.Entry<String, ?> field : document.entrySet()) {
            encodeField(field.getKey(), field.getValue(), out);
        }
        out.writeByte(0);
        out.setIntLE(start, out.writerIndex() - start);
    }

    @SuppressWarnings("unchecked")
    private static void encodeField(String name, Object value, ByteBuf out) {
        byte type = BsonEncoder.determineType(value);
        out.writeByte(type);
        writeCString(name, out);
        if (type == DOCUMENT) {
            encodeDocument((Map<String, ?>) value, out);
        } else if (type == ARRAY) {
            encodeArray((Collection<?>) value, out);
        } else {
            BsonEncoder.encodeValue(type, value, out);
        }
    }

    private static void encodeArray(Collection<?> items, ByteBuf out) {
        List<?> list = items instanceof List<?> ordered ? ordered : new ArrayList<>(items);
        int start = out.writerIndex();
        out.writeIntLE(0);
        for (int index = 0; index < list.size(); index++) {
            encodeField(Integer.toString(index), list.get(index), out);
        }
        out.writeByte(0);
        out.setIntLE(start, out.writerIndex() - start);
    }

    /** The name's UTF-8 and a zero byte, as BsonEncoder writes it (String.getBytes for anything not ASCII). */
    private static void writeCString(String name, ByteBuf out) {
        int length = name.length();
        boolean ascii = true;
        for (int i = 0; i < length && ascii; i++) {
            ascii = name.charAt(i) < 0x80;
        }
        if (ascii) {
            out.ensureWritable(length + 1);
            for (int i = 0; i < length; i++) {
                out.writeByte(name.charAt(i));
            }
        } else {
            out.writeBytes(name.getBytes(StandardCharsets.UTF_8));
        }
        out.writeByte(0);
    }
}
