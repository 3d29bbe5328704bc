'use client';

import { useState } from 'react';
import { api, unwrap } from '@/lib/api.client';

export function useSignOut() {
  const [signingOut, setSigningOut] = useState(false);
  async function signOut() {
    setSigningOut(true);
    try {
      await unwrap(api.POST('/api/auth/logout'));
    } catch {
      // Even if the server call failed, leave: the login page shows the true state of the session.
    }
    // A full navigation drops every cached server-rendered page of the signed-in user.
    window.location.assign('/login');
  }
  return { signOut, signingOut };
}
