import { redirect } from 'next/navigation';

export default function AdminQueriesPage() {
  redirect('/admin/queries/log');
}
