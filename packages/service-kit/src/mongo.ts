import mongoose, { type Connection } from 'mongoose';

/** Each service owns its own database on the shared server; nobody reads another's collections. */
export async function connectMongo(url: string, dbName: string): Promise<Connection> {
  const connection = mongoose.createConnection(url, {
    dbName,
    serverSelectionTimeoutMS: 15_000,
    autoIndex: true, // unique indexes carry idempotency, so they must exist before the first write
  });
  await connection.asPromise();
  return connection;
}
