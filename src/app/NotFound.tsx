import { Link, useLocation } from 'wouter';

/** Inside the signed-in frame when signed in (sidebar, palette and g-keys work), alone otherwise. */
export default function NotFound() {
  const [location] = useLocation();
  return (
    <div className="empty" style={{ minHeight: '100%' }}>
      <p className="muted mono">404</p>
      <h1>Page not found</h1>
      <p className="muted">
        Nothing lives at <code>{location}</code>.
      </p>
      <Link href="/">Go to the dashboard</Link>
    </div>
  );
}
