import { redirect } from 'next/navigation';

// Search is the home of the product.
export default function Home() {
  redirect('/search');
}
