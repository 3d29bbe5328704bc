import type { ApiRouter } from '../http/api-router';
import { authOf } from '../http/auth-context';
import { browserIdOf } from '../http/browser-id';
import { PasswordChangeBody, ProfilePatchBody, UserResponse } from './identity.schemas';
import type { UserDirectory } from './user-directory';
import type { UserService } from './user.service';

export function registerMeRoutes(api: ApiRouter, deps: { users: UserService; directory: UserDirectory }): void {
  const { users, directory } = deps;

  api.route(
    {
      method: 'patch',
      path: '/api/me',
      tag: 'me',
      access: 'user',
      allowedBeforePasswordChange: true,
      body: ProfilePatchBody,
      summary: 'Update your profile',
      responses: { 200: { description: 'The updated user', schema: UserResponse } },
    },
    async ({ body }, req, res) => {
      const user = await users.updateProfile(authOf(req).user, body);
      res.json({ user: await directory.view(user) });
    },
  );

  api.route(
    {
      method: 'post',
      path: '/api/me/password',
      tag: 'me',
      access: 'user',
      allowedBeforePasswordChange: true,
      body: PasswordChangeBody,
      summary: 'Change your password (at least 12 characters); signs out your other sessions',
      responses: {
        204: { description: 'Changed' },
        429: { description: 'Too many wrong current passwords; see Retry-After' },
      },
    },
    async ({ body }, req, res) => {
      const { user, sessionId } = authOf(req);
      await users.changePassword(user, sessionId, body.currentPassword, body.newPassword, {
        ip: req.ip ?? 'unknown',
        browserId: browserIdOf(req),
      });
      res.status(204).end();
    },
  );
}
