import { requireAdmin } from '@/lib/require-admin.server';

// Every page under /admin is for administrators: anyone else gets HTTP 403 and the forbidden page.
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  await requireAdmin();
  return children;
}
