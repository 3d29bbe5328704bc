package org.docket.localinfra;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.h2.mvstore.WriteBuffer;
import org.h2.mvstore.type.BasicDataType;

import de.bwaldvogel.mongo.backend.KeyValue;
import de.bwaldvogel.mongo.backend.ValueComparator;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.bson.ObjectId;
import de.bwaldvogel.mongo.wire.bson.BsonDecoder;
import io.netty.buffer.Unpooled;

/**
 * A unique index's keys in the H2 file: stored as BSON and compared value by value the way MongoDB
 * orders values. H2's default type Java-serializes a KeyValue, and since KeyValue is not Comparable
 * it compares two keys by serializing both: about a third of the stand-in's CPU per insert.
 * Used only for files created with it (see BsonH2Backend): the order of the keys in the file is this one.
 */
final class KeyValueType extends BasicDataType<KeyValue> {

    private static final Comparator<Object> VALUE_ORDER = ValueComparator.ascWithoutListHandling();

    @Override
    public int compare(KeyValue a, KeyValue b) {
        int common = Math.min(a.size(), b.size());
        for (int i = 0; i < common; i++) {
            int order = compareValues(a.get(i), b.get(i));
            if (order != 0) {
                return order;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    /**
     * MongoDB's order of two values. Two strings or two ObjectIds (most unique keys: hashes, names,
     * ids) are compared directly, as ValueComparator ends up doing for them after its checks for
     * lists, MinKey, null and the types' ranks (a search of each key's class through its list of
     * types): a tenth of its request threads' time during an import, in the binary search of every
     * index page.
     */
    private static int compareValues(Object a, Object b) {
        if (a instanceof String first && b instanceof String second) {
            return first.compareTo(second);
        }
        if (a instanceof ObjectId first && b instanceof ObjectId second) {
            return first.compareTo(second);
        }
        return VALUE_ORDER.compare(a, b);
    }

    @Override
    public int getMemory(KeyValue key) {
        return 48 + 32 * key.size();
    }

    @Override
    public void write(WriteBuffer buffer, KeyValue key) {
        Document values = new Document();
        for (int i = 0; i < key.size(); i++) {
            values.put(Integer.toString(i), key.get(i));
        }
        BsonScratch.encodeInto(buffer, encoded -> BsonWriter.encodeDocument(values, encoded));
    }

    @Override
    public KeyValue read(ByteBuffer buffer) {
        int length = buffer.duplicate().order(ByteOrder.LITTLE_ENDIAN).getInt();
        Document values = BsonDecoder.decodeBson(Unpooled.wrappedBuffer(buffer.slice().limit(length)));
        buffer.position(buffer.position() + length);
        List<Object> list = new ArrayList<>(values.values());
        return new KeyValue(list);
    }

    @Override
    public KeyValue[] createStorage(int size) {
        return new KeyValue[size];
    }
}
