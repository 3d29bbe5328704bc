import { normaliseEmail, type UserRecord } from '../http/user';
import type { UserRepository } from './user.repository';

export interface QueryPerson {
  id: string;
  email: string;
  name: string;
}

/** The users behind stored queries: the query-engine knows them by id, administrators by e-mail. */
export interface QueryUserLookup {
  /** The user of the viewer's organisation with this e-mail, or null. */
  byEmail(viewer: UserRecord, email: string): Promise<QueryPerson | null>;
  /** Users of the viewer's organisation by id; ids of other organisations or removed accounts are absent. */
  byIds(viewer: UserRecord, ids: string[]): Promise<Map<string, QueryPerson>>;
}

export class RepositoryQueryUserLookup implements QueryUserLookup {
  constructor(private readonly users: UserRepository) {}

  async byEmail(viewer: UserRecord, email: string): Promise<QueryPerson | null> {
    const user = await this.users.findByEmail(normaliseEmail(email));
    return user && user.organisationId === viewer.organisationId ? person(user) : null;
  }

  async byIds(viewer: UserRecord, ids: string[]): Promise<Map<string, QueryPerson>> {
    const found = await Promise.all([...new Set(ids.filter(Boolean))].map((id) => this.users.findById(id)));
    return new Map(
      found
        .filter((u): u is UserRecord => u !== null && u.organisationId === viewer.organisationId)
        .map((u) => [u.id, person(u)]),
    );
  }
}

const person = (u: UserRecord): QueryPerson => ({ id: u.id, email: u.email, name: u.name });
