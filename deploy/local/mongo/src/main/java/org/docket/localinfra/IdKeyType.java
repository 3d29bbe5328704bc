package org.docket.localinfra;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;

import org.h2.mvstore.DataUtils;
import org.h2.mvstore.WriteBuffer;
import org.h2.mvstore.type.BasicDataType;
import org.h2.mvstore.type.ObjectDataType;

import de.bwaldvogel.mongo.backend.ValueComparator;
import de.bwaldvogel.mongo.bson.ObjectId;

/**
 * A collection's document keys (their _id) in the H2 file, and the positions its unique indexes
 * point to (the same _ids): an ObjectId as its 12 bytes, a string as UTF-8, anything else in H2's
 * default type. That default Java-serializes an ObjectId (a new ObjectOutputStream, class descriptor
 * and all) every time a page holding it is written, and every page of the path to a changed
 * document is written at each commit: 12% of the stand-in's CPU per filing in a profile. Ordered as
 * MongoDB orders values, so an ObjectId walk (BsonH2Backend's pageAfterObjectId) reads them in order.
 * Used only for files created with it (see BsonH2Backend): the order of the keys in the file is this one.
 */
final class IdKeyType extends BasicDataType<Object> {

    /** Not tags of H2's ObjectDataType (its tags stop at 119), so both kinds of value can be told apart. */
    private static final byte OBJECT_ID_TAG = (byte) 0xB1;
    private static final byte STRING_TAG = (byte) 0xB2;
    private static final int OBJECT_ID_BYTES = 12;

    private static final Comparator<Object> VALUE_ORDER = ValueComparator.ascWithoutListHandling();

    private final ObjectDataType other = new ObjectDataType();

    @Override
    public int compare(Object a, Object b) {
        if (a instanceof ObjectId first && b instanceof ObjectId second) {
            return first.compareTo(second);
        }
        if (a instanceof String first && b instanceof String second) {
            return first.compareTo(second);
        }
        return VALUE_ORDER.compare(a, b);
    }

    @Override
    public int getMemory(Object key) {
        if (key instanceof ObjectId) {
            return 48;
        }
        if (key instanceof String text) {
            return 40 + 2 * text.length();
        }
        return other.getMemory(key);
    }

    @Override
    public void write(WriteBuffer buffer, Object key) {
        if (key instanceof ObjectId id) {
            buffer.put(OBJECT_ID_TAG).put(id.toByteArray());
        } else if (key instanceof String text) {
            byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
            buffer.put(STRING_TAG).putVarInt(utf8.length).put(utf8);
        } else {
            other.write(buffer, key);
        }
    }

    @Override
    public Object read(ByteBuffer buffer) {
        byte tag = buffer.get(buffer.position());
        if (tag == OBJECT_ID_TAG) {
            buffer.get();
            byte[] bytes = new byte[OBJECT_ID_BYTES];
            buffer.get(bytes);
            return new ObjectId(bytes);
        }
        if (tag == STRING_TAG) {
            buffer.get();
            byte[] utf8 = new byte[DataUtils.readVarInt(buffer)];
            buffer.get(utf8);
            return new String(utf8, StandardCharsets.UTF_8);
        }
        return other.read(buffer);
    }

    @Override
    public Object[] createStorage(int size) {
        return new Object[size];
    }
}
