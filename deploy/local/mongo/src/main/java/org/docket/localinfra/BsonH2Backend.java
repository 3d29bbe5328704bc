package org.docket.localinfra;

import java.lang.reflect.Constructor;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

import io.netty.channel.Channel;

import org.h2.mvstore.Cursor;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.type.DataType;
import org.h2.mvstore.type.ObjectDataType;

import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.backend.CollectionOptions;
import de.bwaldvogel.mongo.backend.CursorRegistry;
import de.bwaldvogel.mongo.backend.DefaultQueryMatcher;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.KeyValue;
import de.bwaldvogel.mongo.backend.QueryMatcher;
import de.bwaldvogel.mongo.backend.QueryParameters;
import de.bwaldvogel.mongo.backend.QueryResult;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.backend.h2.H2Collection;
import de.bwaldvogel.mongo.backend.h2.H2Database;
import de.bwaldvogel.mongo.backend.h2.H2UniqueIndex;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.bson.ObjectId;

/**
 * mongo-java-server's H2 backend whose collections keep their documents as BSON (BsonDocumentType)
 * rather than Java-serialized, and, in files created by it, unique indexes whose keys are BSON
 * compared value by value (KeyValueType). Map names are H2Backend's own; a file written by the plain
 * backend opens as before (its index keys stay in H2's default format and order, which is recorded
 * in the file: a map of this stand-in's own says which format the indexes use).
 */
final class BsonH2Backend extends H2Backend {

    /** The map names H2Database uses for a collection's documents and its metadata. */
    private static final String DATA_PREFIX = "databases.";
    private static final String META_PREFIX = "meta.";
    private static final String FORMAT_MAP = "docket-stand-in.format";
    private static final String INDEX_KEYS = "indexKeys";
    private static final String BSON_KEYS = "bson";
    private static final String ID_KEYS = "idKeys";
    private static final String COMPACT_IDS = "compact";
    private static final String ID_FIELD = "_id";

    /** Commands that change the store (lower case); each is committed to the file before it is answered. */
    private static final Set<String> WRITE_COMMANDS = Set.of(
        "insert", "update", "delete", "findandmodify", "create", "createindexes", "dropindexes", "drop", "dropdatabase",
        "renamecollection");

    BsonH2Backend(MVStore store) {
        super(recordFormat(store));
    }

    /**
     * A write is answered only once it is in the file. MVStore otherwise writes its changes a second or
     * so later (its auto-commit), and a stand-in killed in between (SIGKILL, the OOM killer) came back
     * without writes it had acknowledged: documents the documents service had stored, whose events
     * Kafka had carried on, were gone. Concurrent writes share a commit (a commit takes whatever is
     * unsaved, and one that finds nothing left returns at once). The data is then in the OS's page
     * cache: it survives the process, not a power cut (no fsync, as MongoDB's own default).
     */
    @Override
    public Document handleCommand(Channel channel, String databaseName, String command, Document query) {
        try {
            return super.handleCommand(channel, databaseName, command, query);
        } finally {
            // Also after a failed write: an ordered insert stopped by a duplicate key kept the documents before it.
            if (WRITE_COMMANDS.contains(command.toLowerCase(Locale.ROOT))) {
                commit();
            }
        }
    }

    /** A file with no collections yet gets BSON index keys; one that has some keeps what it has. */
    private static MVStore recordFormat(MVStore store) {
        MVMap<String, String> format = store.openMap(FORMAT_MAP);
        boolean fresh = store.getMapNames().stream().noneMatch(name -> name.startsWith(DATA_PREFIX));
        if (fresh && !format.containsKey(INDEX_KEYS)) {
            format.put(INDEX_KEYS, BSON_KEYS);
        }
        if (fresh && !format.containsKey(ID_KEYS)) {
            format.put(ID_KEYS, COMPACT_IDS);
        }
        return store;
    }

    private boolean indexKeysAsBson() {
        return BSON_KEYS.equals(getMvStore().<String, String>openMap(FORMAT_MAP).get(INDEX_KEYS));
    }

    /** Whether documents' _ids (and the unique indexes' positions) are IdKeyType's, else H2's default type. */
    private boolean compactIds() {
        return COMPACT_IDS.equals(getMvStore().<String, String>openMap(FORMAT_MAP).get(ID_KEYS));
    }

    /** The type of documents' keys (their _id) in this file. */
    private DataType<Object> idType() {
        return compactIds() ? new IdKeyType() : new ObjectDataType();
    }

    @Override
    protected MongoDatabase openOrCreateDatabase(String databaseName) {
        // Runs from H2Backend's constructor too, for the databases already in the file: only getMvStore() is set then.
        return new BsonH2Database(databaseName, getCursorRegistry());
    }

    /** An inner class: H2Database's constructor opens the collections already in the file, before any field of ours is set. */
    private final class BsonH2Database extends H2Database {

        BsonH2Database(String databaseName, CursorRegistry cursorRegistry) {
            super(databaseName, getMvStore(), cursorRegistry);
        }

        @Override
        protected MongoCollection<Object> openOrCreateCollection(String collectionName, CollectionOptions options) {
            MVStore mvStore = getMvStore();
            String fullName = getFullCollectionNamespace(collectionName);
            MVMap<Object, Document> dataMap = mvStore.openMap(DATA_PREFIX + fullName,
                new MVMap.Builder<Object, Document>().keyType(idType()).valueType(new BsonDocumentType()));
            MVMap<String, Object> metaMap = mvStore.openMap(META_PREFIX + fullName);
            return new UntrackedSizeCollection(this, collectionName, options, dataMap, metaMap, cursorRegistry);
        }

        /**
         * Synchronized like resolveOrCreateCollection (which an index or an insert creates a collection
         * by): a `create` command racing a service's first createIndex on the same new collection made
         * it twice, and the second namespace entry failed ("Document with key ... already existed").
         */
        @Override
        public synchronized MongoCollection<Object> createCollectionOrThrowIfExists(String collectionName, CollectionOptions options) {
            return super.createCollectionOrThrowIfExists(collectionName, options);
        }

        @Override
        protected Index<Object> openOrCreateUniqueIndex(String collectionName, String indexName, List<IndexKey> keys, boolean sparse) {
            if (!indexKeysAsBson()) {
                return super.openOrCreateUniqueIndex(collectionName, indexName, keys, sparse);
            }
            // The same map name as H2Database's (dropIndex and drop remove it by that name).
            String mapName = getFullCollectionNamespace(collectionName) + "._index_" + indexName;
            MVMap<KeyValue, Object> map = getMvStore().openMap(mapName, new MVMap.Builder<KeyValue, Object>().keyType(new KeyValueType()).valueType(idType()));
            return newUniqueIndex(map, indexName, keys, sparse);
        }
    }

    /**
     * A collection that does not keep its data size (collStats' size, which nothing here reads): the
     * stock collection BSON-encodes every document it inserts, and both versions of every document it
     * updates, only to count their bytes (18% of the stand-in's CPU per filing in a profile).
     *
     * A find does not wait for the collection's lock either. The stock collection runs every find and
     * write one at a time, so while the corpus loaded a page's read queued behind a dozen filings'
     * writes. Reads of the maps are safe beside writes (MVMap is concurrent; count and aggregate
     * already read this way), with three precautions: a write changes the documents it found in
     * place, so it gets copies and a find only ever sees whole documents (copies of their top level:
     * an update replaces a document's fields there, with values it builds from a deep copy of its
     * own, and never changes a nested value of the document it found); a find matches with a
     * matcher of its own thread, not the one whose state a positional update reads; and a document a
     * write removed between an index look-up and the read is skipped.
     */
    private static final class UntrackedSizeCollection extends H2Collection {
        private final ThreadLocal<QueryMatcher> findMatcher = ThreadLocal.withInitial(DefaultQueryMatcher::new);
        /** The documents by _id (H2Collection's own map, which it keeps private). */
        private final MVMap<Object, Document> documentsById;

        UntrackedSizeCollection(MongoDatabase database, String collectionName, CollectionOptions options,
                                MVMap<Object, Document> dataMap, MVMap<String, Object> metaMap, CursorRegistry cursorRegistry) {
            super(database, collectionName, options, dataMap, metaMap, cursorRegistry);
            this.documentsById = dataMap;
        }

        @Override
        protected boolean tracksDataSize() {
            return false;
        }

        /** Writes hold the collection's lock (the stock methods are synchronized); a find does not. */
        private boolean inWrite() {
            return Thread.holdsLock(this);
        }

        @Override
        public QueryResult handleQuery(QueryParameters parameters) {
            // The legacy wire form wraps the filter as {query, orderby} or {$query, $orderby}; find commands come as the latter.
            Document selector = parameters.getQuerySelector();
            String wrapper = selector.containsKey("query") ? "query" : selector.containsKey("$query") ? "$query" : null;
            Document filter = wrapper == null ? selector : (Document) selector.get(wrapper);
            Document sort = wrapper == null ? null : (Document) selector.get("query".equals(wrapper) ? "orderby" : "$orderby");
            QueryResult page = pageAfterObjectId(filter, sort, parameters.getNumberToSkip(), parameters.getLimit(), parameters.getBatchSize(),
                parameters.getProjection());
            if (page != null) {
                return page;
            }
            return queryDocuments(filter, sort, parameters.getNumberToSkip(), parameters.getLimit(), parameters.getBatchSize(),
                parameters.getProjection());
        }

        /**
         * A page of a walk in _id order, {_id: {$gt: <ObjectId>}, ...other conditions} sorted by {_id: 1}
         * with a limit, read from the documents map onwards from that _id: the map is ordered by its
         * keys, and ObjectIds compare byte by byte there as in MongoDB. The stock find decodes, matches
         * and sorts the whole collection for every page, so a walk through 20,000 filings (a re-index)
         * decoded 400 times as many. Only ObjectIds match an ObjectId bound, so the map's keys of other
         * kinds are passed over. Null when the find has another shape.
         */
        private QueryResult pageAfterObjectId(Document filter, Document sort, int skip, int limit, int batchSize, Document projection) {
            if (skip != 0 || limit <= 0 || !isIdAscending(sort) || !ID_FIELD.equals(getIdField())) {
                return null;
            }
            Object condition = filter.get(ID_FIELD);
            if (!(condition instanceof Document) || ((Document) condition).size() != 1 || !(((Document) condition).get("$gt") instanceof ObjectId)) {
                return null;
            }
            ObjectId after = (ObjectId) ((Document) condition).get("$gt");
            Iterator<Document> onwards = documentsAfter(documentsById.cursor(after), after);
            // No comparator: already in order, and the limit stops the walk once the page is full.
            return matchDocumentsFromStream(filter, StreamSupport.stream(Spliterators.spliteratorUnknownSize(onwards, Spliterator.ORDERED), false),
                0, limit, batchSize, null, projection);
        }

        /**
         * A query on _id (one ObjectId or string, or $in of them) and other conditions reads those
         * documents by _id and matches the rest, as MongoDB narrows it by its _id index. The stock
         * collection uses an index only for a query of that index's keys alone, and decoded and matched
         * every document of the collection otherwise: for a guarded update such as {_id, flag: true}.
         */
        @Override
        protected QueryResult queryDocuments(Document query, Document orderBy, int numberToSkip, int limit, int batchSize,
                                             Document fieldSelector) {
            List<Object> ids = query.size() > 1 && ID_FIELD.equals(getIdField()) ? plainIds(query.get(ID_FIELD)) : null;
            if (ids == null) {
                return super.queryDocuments(query, orderBy, numberToSkip, limit, batchSize, fieldSelector);
            }
            Stream<Document> byId = ids.stream().distinct().map(documentsById::get).filter(Objects::nonNull);
            return matchDocumentsFromStream(byId, query, orderBy, numberToSkip, limit, batchSize, fieldSelector);
        }

        /** The _id values a condition names, when it names them plainly (ObjectIds or strings); null otherwise. */
        private static List<Object> plainIds(Object condition) {
            if (isPlainId(condition)) {
                return List.of(condition);
            }
            if (!(condition instanceof Document) || ((Document) condition).size() != 1 || !(((Document) condition).get("$in") instanceof Collection)) {
                return null;
            }
            Collection<?> values = (Collection<?>) ((Document) condition).get("$in");
            return values.stream().allMatch(BsonH2Backend.UntrackedSizeCollection::isPlainId) ? List.copyOf(values) : null;
        }

        private static boolean isPlainId(Object value) {
            return value instanceof ObjectId || value instanceof String;
        }

        private static boolean isIdAscending(Document sort) {
            return sort != null && sort.size() == 1 && sort.get(ID_FIELD) instanceof Number && ((Number) sort.get(ID_FIELD)).intValue() == 1;
        }

        /** The documents under the cursor's ObjectId keys greater than `after`, in key order. */
        private static Iterator<Document> documentsAfter(Cursor<Object, Document> cursor, ObjectId after) {
            return new Iterator<>() {
                private Document next = advance();

                private Document advance() {
                    while (cursor.hasNext()) {
                        Object key = cursor.next();
                        if (key instanceof ObjectId && ((ObjectId) key).compareTo(after) > 0) {
                            return cursor.getValue();
                        }
                    }
                    return null;
                }

                @Override
                public boolean hasNext() {
                    return next != null;
                }

                @Override
                public Document next() {
                    if (next == null) {
                        throw new NoSuchElementException();
                    }
                    Document current = next;
                    next = advance();
                    return current;
                }
            };
        }

        @Override
        protected boolean documentMatchesQuery(Document document, Document query) {
            if (document == null) {
                return false;
            }
            return inWrite() ? super.documentMatchesQuery(document, query) : findMatcher.get().matches(document, query);
        }

        @Override
        protected QueryResult createQueryResult(List<Document> matched, int batchSize) {
            List<Document> documents = inWrite() ? matched.stream().map(Document::clone).collect(Collectors.toList()) : matched;
            return super.createQueryResult(documents, batchSize);
        }
    }

    /** H2UniqueIndex's constructor is package-private; it is the index H2Database itself makes. */
    private static Index<Object> newUniqueIndex(MVMap<KeyValue, Object> map, String name, List<IndexKey> keys, boolean sparse) {
        try {
            Constructor<H2UniqueIndex> constructor = H2UniqueIndex.class.getDeclaredConstructor(MVMap.class, String.class, List.class, boolean.class);
            constructor.setAccessible(true);
            return constructor.newInstance(map, name, keys, sparse);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot make an H2UniqueIndex (mongo-java-server changed?)", e);
        }
    }
}
