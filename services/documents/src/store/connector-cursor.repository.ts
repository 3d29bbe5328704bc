import { Schema, type Connection, type Model } from 'mongoose';

interface CursorRecord {
  _id: string;
  cursor: string;
  updatedAt: Date;
}

const schema = new Schema<CursorRecord>(
  { _id: String, cursor: String, updatedAt: Date },
  { collection: 'connector_cursors', versionKey: false },
);

/** Where each remote connector stopped, per source: the next run asks only for what came after. */
export class ConnectorCursorRepository {
  readonly model: Model<CursorRecord>;

  constructor(connection: Connection) {
    this.model = connection.model<CursorRecord>('ConnectorCursor', schema);
  }

  async get(connector: string, sourceId: string): Promise<string | undefined> {
    const record = await this.model.findById(`${connector}|${sourceId}`).lean<CursorRecord>();
    return record?.cursor || undefined;
  }

  async set(connector: string, sourceId: string, cursor: string): Promise<void> {
    await this.model.updateOne(
      { _id: `${connector}|${sourceId}` },
      { $set: { cursor, updatedAt: new Date() } },
      { upsert: true },
    );
  }
}
