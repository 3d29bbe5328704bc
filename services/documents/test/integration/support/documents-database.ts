import mongoose, { type Connection } from 'mongoose';
import { testInfraEnv, uniqueName } from '@docket/testkit';
import { DocumentRepository } from '../../../src/store/document.repository';

export interface DocumentsDatabase {
  /** Unique to the test file. */
  name: string;
  connection: Connection;
  documents: DocumentRepository;
}

/**
 * A database of the test file's own holding the documents collection and its indexes, dropped when
 * the file ends. Called at a file's top level; connection and documents are set once beforeAll ran.
 */
export function useDocumentsDatabase(prefix: string): DocumentsDatabase {
  const database = { name: uniqueName(prefix).replace(/-/g, '_') } as DocumentsDatabase;
  beforeAll(async () => {
    database.connection = await mongoose
      .createConnection(testInfraEnv().mongoUrl, { dbName: database.name })
      .asPromise();
    database.documents = new DocumentRepository(database.connection);
    await database.documents.init();
  });
  afterAll(async () => {
    await database.connection?.dropDatabase();
    await database.connection?.close();
  });
  return database;
}
