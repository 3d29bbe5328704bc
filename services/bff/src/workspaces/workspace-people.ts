import { normaliseEmail, type UserRecord } from '../http/user';
import type { UserRepository } from '../identity';
import type { PersonView } from './workspace-view';

/**
 * The people behind workspace members and log entries. The query-engine knows them by id; only
 * users of the caller's organisation are shown or can be added, so a workspace never reveals (or
 * takes in) someone from another organisation.
 */
export class WorkspacePeople {
  constructor(private readonly users: UserRepository) {}

  /** The user of `viewer`'s organisation with this e-mail, or null. */
  async byEmail(viewer: UserRecord, email: string): Promise<UserRecord | null> {
    const user = await this.users.findByEmail(normaliseEmail(email));
    return user && user.organisationId === viewer.organisationId ? user : null;
  }

  /** Users of `viewer`'s organisation by id; unknown ids are absent (views show them as unknown). */
  async byIds(viewer: UserRecord, ids: string[]): Promise<Map<string, PersonView>> {
    const found = await Promise.all([...new Set(ids)].map((id) => this.users.findById(id)));
    return new Map(
      found
        .filter((u): u is UserRecord => u !== null && u.organisationId === viewer.organisationId)
        .map((u) => [u.id, { id: u.id, name: u.name, email: u.email, active: u.active }]),
    );
  }
}
