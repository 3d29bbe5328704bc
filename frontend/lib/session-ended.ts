import { loginPath } from './safe-path';

/** A live stream said the session ended: the sign-in page, back here afterwards. */
export function goToSignIn(): void {
  window.location.assign(loginPath(window.location.pathname + window.location.search));
}
