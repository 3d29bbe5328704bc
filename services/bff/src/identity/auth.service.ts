import { NotAllowedError } from '@docket/errors';
import type { Logger } from '@docket/observability';
import { TooManyAttemptsError } from '../http/http-errors';
import { normaliseEmail, type UserRecord } from '../http/user';
import type { Attempt, SessionStore, SignInThrottle } from '../sessions';
import type { PasswordHasher } from './password-hasher';
import type { SessionUserCache } from './session-user-cache';
import type { UserRepository } from './user.repository';

/** Thrown when sign-in attempts are being refused for a while; the HTTP layer answers 429. */
// One message for unknown e-mail, wrong password and deactivated account: no account enumeration.
export const SIGN_IN_FAILED = 'e-mail or password is incorrect';

export class AuthService {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionStore,
    private readonly throttle: SignInThrottle,
    private readonly hasher: PasswordHasher,
    private readonly logger: Logger,
    private readonly sessionUsers: SessionUserCache,
  ) {}

  /** `client`: the caller's address (see TRUST_PROXY) and drs_browser id, for the throttle. */
  async signIn(
    rawEmail: string,
    password: string,
    client: Omit<Attempt, 'email'>,
  ): Promise<{ user: UserRecord; sessionId: string }> {
    const email = normaliseEmail(rawEmail);
    const attempt: Attempt = { email, ...client };
    const retryAfter = await this.throttle.retryAfterSeconds(attempt);
    if (retryAfter > 0) throw new TooManyAttemptsError(retryAfter);

    const user = await this.users.findByEmail(email);
    const passwordOk = user
      ? await this.hasher.verify(user.passwordHash, password)
      : await this.hasher.verifyDummy(password);
    if (!user || !passwordOk || !user.active) {
      await this.throttle.recordFailure(attempt);
      this.logger.info(
        { email, ip: client.ip, reason: !user ? 'unknown_email' : !passwordOk ? 'wrong_password' : 'inactive' },
        'sign-in refused',
      );
      throw new NotAllowedError(SIGN_IN_FAILED, true);
    }
    await this.throttle.recordSuccess(attempt);
    const sessionId = await this.sessions.create(user.id);
    this.logger.info({ userId: user.id }, 'signed in');
    return { user, sessionId };
  }

  async signOut(sessionId: string): Promise<void> {
    this.sessionUsers.forgetSession(sessionId);
    await this.sessions.destroy(sessionId);
  }

  /**
   * The signed-in user behind a session id, or null when the session is gone or the user inactive.
   * Reused for up to 1.5 s (SessionUserCache); each real lookup slides the session's expiry.
   */
  resolveSession(sessionId: string): Promise<UserRecord | null> {
    return this.sessionUsers.resolve(sessionId, () => this.lookUpSession(sessionId));
  }

  private async lookUpSession(sessionId: string): Promise<UserRecord | null> {
    const session = await this.sessions.touch(sessionId);
    if (!session) return null;
    const user = await this.users.findById(session.userId);
    if (!user || !user.active) {
      await this.sessions.destroy(sessionId);
      return null;
    }
    return user;
  }
}
