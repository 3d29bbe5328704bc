import { toUserView, type UserRecord, type UserView } from '../http/user';
import type { OrganisationRepository } from './organisation.repository';

/** Turns stored users into API views, adding the organisation name (cached: it rarely changes). */
export class UserDirectory {
  private readonly names = new Map<string, string>();

  constructor(private readonly organisations: OrganisationRepository) {}

  async view(user: UserRecord): Promise<UserView> {
    return toUserView(user, await this.organisationName(user.organisationId));
  }

  async views(users: UserRecord[]): Promise<UserView[]> {
    return Promise.all(users.map((u) => this.view(u)));
  }

  private async organisationName(id: string): Promise<string> {
    const cached = this.names.get(id);
    if (cached !== undefined) return cached;
    const organisation = await this.organisations.findById(id);
    const name = organisation?.name ?? '';
    if (organisation) this.names.set(id, name);
    return name;
  }
}
