import type { Route } from './+types/home';

export default function Home() {
  return (
    <main className="home">
      <h1>Kasuwa</h1>
      <p>The marketplace for shops near you is coming soon.</p>
    </main>
  );
}

export function meta(_: Route.MetaArgs) {
  return [
    { title: 'Kasuwa' },
    { name: 'description', content: 'Kasuwa: browse and search local shops across Nigeria.' },
  ];
}
