/** The loading screen: lazy pages, the sign-in calls (as an overlay). */
export function Loader({ label = 'Loading…', overlay = false }: { label?: string; overlay?: boolean }) {
  return (
    <div className={overlay ? 'loader loader-overlay' : 'loader'} role="status" aria-live="polite">
      <div style={{ display: 'grid', placeItems: 'center', gap: 10 }}>
        <span className="spinner" aria-hidden />
        <span>{label}</span>
      </div>
    </div>
  );
}
