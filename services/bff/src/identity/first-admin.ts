import { ConflictError } from '@docket/errors';
import type { Logger } from '@docket/observability';
import { normaliseEmail, type OrganisationRecord } from '../http/user';
import type { OrganisationRepository } from './organisation.repository';
import type { PasswordHasher } from './password-hasher';
import { generateTemporaryPassword } from './password-policy';
import type { UserRepository } from './user.repository';

export const DEFAULT_ADMIN_EMAIL = 'admin@docket.local';

export interface BootstrapOptions {
  organisationName: string;
  adminEmail?: string | undefined;
  adminPassword?: string | undefined;
}

/**
 * Makes sure the organisation and a first administrator exist. With ADMIN_EMAIL (+ ADMIN_PASSWORD)
 * that account is created when missing; otherwise, on an empty user collection, admin@docket.local
 * gets a one-time password that is logged once. Idempotent across restarts; when two BFFs start at
 * once, the unique e-mail index lets exactly one of them create the account.
 */
export async function ensureFirstAdministrator(
  deps: { organisations: OrganisationRepository; users: UserRepository; hasher: PasswordHasher; logger: Logger },
  options: BootstrapOptions,
): Promise<OrganisationRecord> {
  const organisation = await deps.organisations.ensure(options.organisationName);

  if (options.adminEmail) {
    const email = normaliseEmail(options.adminEmail);
    if (await deps.users.findByEmail(email)) return organisation;
    const oneTimePassword = options.adminPassword ? undefined : generateTemporaryPassword();
    await createAdmin(deps, organisation, email, options.adminPassword ?? oneTimePassword!, oneTimePassword);
    return organisation;
  }

  if ((await deps.users.count()) > 0) return organisation;
  const oneTimePassword = generateTemporaryPassword();
  await createAdmin(deps, organisation, DEFAULT_ADMIN_EMAIL, oneTimePassword, oneTimePassword);
  return organisation;
}

async function createAdmin(
  deps: { users: UserRepository; hasher: PasswordHasher; logger: Logger },
  organisation: OrganisationRecord,
  email: string,
  password: string,
  oneTimePassword: string | undefined,
): Promise<void> {
  try {
    await deps.users.create({
      organisationId: organisation.id,
      email,
      name: 'Administrator',
      role: 'admin',
      active: true,
      passwordHash: await deps.hasher.hash(password),
      mustChangePassword: oneTimePassword !== undefined,
    });
  } catch (error) {
    if (error instanceof ConflictError) return; // another instance created it a moment ago
    throw error;
  }
  if (oneTimePassword) deps.logger.warn({ email, oneTimePassword }, 'first administrator created');
  else deps.logger.info({ email }, 'first administrator created from ADMIN_EMAIL/ADMIN_PASSWORD');
}
