package org.docket.localinfra;

import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;

import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.backend.CollectionOptions;
import de.bwaldvogel.mongo.backend.CursorRegistry;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.backend.h2.H2Collection;
import de.bwaldvogel.mongo.backend.h2.H2Database;
import de.bwaldvogel.mongo.bson.Document;

/**
 * mongo-java-server's H2 backend whose collections keep their documents as BSON (BsonDocumentType)
 * rather than Java-serialized; map names and everything else are H2Backend's own, so a file written
 * by the plain backend opens as before.
 */
final class BsonH2Backend extends H2Backend {

    /** The map names H2Database uses for a collection's documents and its metadata. */
    private static final String DATA_PREFIX = "databases.";
    private static final String META_PREFIX = "meta.";

    BsonH2Backend(MVStore store) {
        super(store);
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
            MVMap<Object, Document> dataMap = mvStore.openMap(DATA_PREFIX + fullName, new MVMap.Builder<Object, Document>().valueType(new BsonDocumentType()));
            MVMap<String, Object> metaMap = mvStore.openMap(META_PREFIX + fullName);
            return new H2Collection(this, collectionName, options, dataMap, metaMap, cursorRegistry);
        }
    }
}
