import { InputError, NotAllowedError, NotFoundError } from '@docket/errors';
import type { Logger } from '@docket/observability';
import { TooManyAttemptsError } from '../http/http-errors';
import { normaliseEmail, type Role, type UserRecord } from '../http/user';
import type { Attempt, SessionStore, SignInThrottle } from '../sessions';
import type { PasswordHasher } from './password-hasher';
import { generateTemporaryPassword, MIN_PASSWORD_LENGTH } from './password-policy';
import { passwordWeakness, personalWords } from './password-strength';
import type { SessionUserCache } from './session-user-cache';
import type { UserPatch, UserRepository } from './user.repository';

export interface NewUserInput {
  email: string;
  name: string;
  role: Role;
  password?: string | undefined;
}

/** Accounts: profile and password for everyone; create, role and activation for administrators. */
export class UserService {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionStore,
    private readonly hasher: PasswordHasher,
    private readonly throttle: SignInThrottle,
    private readonly logger: Logger,
    private readonly sessionUsers: SessionUserCache,
  ) {}

  list(actor: UserRecord): Promise<UserRecord[]> {
    return this.users.listByOrganisation(actor.organisationId);
  }

  /** Without a password, a temporary one is generated, returned once, and must be changed at first sign-in. */
  async create(actor: UserRecord, input: NewUserInput): Promise<{ user: UserRecord; temporaryPassword?: string }> {
    if (input.password) refuseGuessable(input.password, 'password', personalWords(input));
    const temporaryPassword = input.password ? undefined : generateTemporaryPassword();
    const user = await this.users.create({
      organisationId: actor.organisationId,
      email: normaliseEmail(input.email),
      name: input.name.trim(),
      role: input.role,
      active: true,
      passwordHash: await this.hasher.hash(input.password ?? temporaryPassword!),
      mustChangePassword: temporaryPassword !== undefined,
    });
    this.logger.info({ actorId: actor.id, userId: user.id, role: user.role }, 'user created');
    return temporaryPassword ? { user, temporaryPassword } : { user };
  }

  async update(
    actor: UserRecord,
    id: string,
    patch: { role?: Role | undefined; active?: boolean | undefined },
  ): Promise<UserRecord> {
    const target = await this.users.findById(id);
    if (!target || target.organisationId !== actor.organisationId) throw new NotFoundError('no such user');
    // Keeps at least one administrator able to sign in: nobody demotes or locks out themselves.
    if (target.id === actor.id && patch.role !== undefined && patch.role !== 'admin') {
      throw new NotAllowedError('you cannot remove your own administrator role');
    }
    if (target.id === actor.id && patch.active === false) throw new NotAllowedError('you cannot deactivate yourself');

    const changes: UserPatch = {};
    if (patch.role !== undefined) changes.role = patch.role;
    if (patch.active !== undefined) changes.active = patch.active;
    const updated = await this.users.update(id, changes);
    // A new role or a deactivation applies to the user's very next request.
    this.sessionUsers.forgetUser(id);
    if (!updated) throw new NotFoundError('no such user');
    if (patch.active === false) {
      const revoked = await this.sessions.revokeAllForUser(id);
      this.logger.info({ actorId: actor.id, userId: id, revokedSessions: revoked }, 'user deactivated');
    }
    return updated;
  }

  async updateProfile(actor: UserRecord, patch: { name: string }): Promise<UserRecord> {
    const updated = await this.users.update(actor.id, { name: patch.name.trim() });
    this.sessionUsers.forgetUser(actor.id);
    if (!updated) throw new NotFoundError('no such user');
    return updated;
  }

  /** Verifies the current password, stores the new one, and signs out every other session. */
  /**
   * The current-password check counts against the same limits as sign-in (a stolen session must not
   * become an unlimited password oracle); `client` is the caller's address and drs_browser id.
   */
  async changePassword(
    actor: UserRecord,
    currentSessionId: string,
    currentPassword: string,
    newPassword: string,
    client: Omit<Attempt, 'email'>,
  ): Promise<void> {
    const attempt: Attempt = { email: actor.email, ...client };
    const retryAfter = await this.throttle.retryAfterSeconds(attempt);
    if (retryAfter > 0) throw new TooManyAttemptsError(retryAfter, 'too many wrong current passwords; try again later');
    if (!(await this.hasher.verify(actor.passwordHash, currentPassword))) {
      await this.throttle.recordFailure(attempt);
      this.logger.info({ userId: actor.id, ip: client.ip }, 'password change refused: wrong current password');
      throw new InputError('current password is incorrect', [{ path: 'currentPassword', message: 'is incorrect' }]);
    }
    await this.throttle.recordSuccess(attempt);
    if (newPassword.length < MIN_PASSWORD_LENGTH) {
      throw new InputError('new password is too short', [
        { path: 'newPassword', message: `must be at least ${MIN_PASSWORD_LENGTH} characters` },
      ]);
    }
    if (newPassword === currentPassword) {
      throw new InputError('new password must differ', [
        { path: 'newPassword', message: 'must differ from the current password' },
      ]);
    }
    refuseGuessable(newPassword, 'newPassword', [...personalWords(actor), currentPassword.toLowerCase()]);
    await this.users.update(actor.id, { passwordHash: await this.hasher.hash(newPassword), mustChangePassword: false });
    this.sessionUsers.forgetUser(actor.id);
    const revoked = await this.sessions.revokeAllForUser(actor.id, currentSessionId);
    this.logger.info({ userId: actor.id, revokedSessions: revoked }, 'password changed');
  }
}

/** Common, patterned and personal passwords are refused with the reason and what would do instead. */
function refuseGuessable(password: string, field: string, personal: string[]): void {
  const weakness = passwordWeakness(password, personal);
  if (weakness) throw new InputError(`${field} ${weakness}`, [{ path: field, message: weakness }]);
}
