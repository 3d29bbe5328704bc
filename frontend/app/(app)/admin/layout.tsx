import { forbidden } from 'next/navigation';
import { getSessionUser } from '@/lib/bff.server';

// Every page under /admin is for administrators: anyone else gets HTTP 403 and the forbidden page.
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  const user = await getSessionUser();
  if (user.role !== 'admin') forbidden();
  return children;
}
