import { z } from 'zod';
import { email, isoDateTime } from '../http/common.schemas';
import { roles } from '../http/user';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password-policy';

export const User = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(roles),
    active: z.boolean(),
    organisationId: z.string(),
    organisationName: z.string(),
    mustChangePassword: z.boolean(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'User' });

export const UserResponse = z.object({ user: User });

export const LoginBody = z
  .object({
    email,
    password: z.string().min(1, 'is required').max(MAX_PASSWORD_LENGTH),
  })
  .meta({ id: 'LoginRequest' });

export const LoginResponse = z.object({ user: User, csrfToken: z.string() });
export const SessionResponse = z.object({ user: User, csrfToken: z.string() });
export const CsrfResponse = z.object({ csrfToken: z.string() });

export const ProfilePatchBody = z
  .object({ name: z.string().trim().min(1, 'is required').max(200) })
  .meta({ id: 'ProfilePatch' });

export const PasswordChangeBody = z
  .object({
    currentPassword: z.string().min(1, 'is required').max(MAX_PASSWORD_LENGTH),
    newPassword: z
      .string()
      .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
      .max(MAX_PASSWORD_LENGTH),
  })
  .meta({ id: 'PasswordChange' });

export const UsersResponse = z.object({ users: z.array(User) });

export const CreateUserBody = z
  .object({
    email,
    name: z.string().trim().min(1, 'is required').max(200),
    role: z.enum(roles),
    password: z
      .string()
      .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
      .max(MAX_PASSWORD_LENGTH)
      .optional(),
  })
  .meta({ id: 'CreateUser' });

export const CreateUserResponse = z.object({
  user: User,
  temporaryPassword: z.string().optional().meta({ description: 'Only when no password was given; shown once.' }),
});

export const UpdateUserBody = z
  .object({ role: z.enum(roles).optional(), active: z.boolean().optional() })
  .refine((b) => b.role !== undefined || b.active !== undefined, { message: 'give role or active' })
  .meta({ id: 'UpdateUser' });
