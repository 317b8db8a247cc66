import type { ReactNode } from 'react';
import './auth.css';

/** The frame of the signed-out pages: one small card in the middle. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="auth">
      <div className="auth-card">
        <div className="auth-brand">
          <span className="brand-mark" aria-hidden>
            ◆
          </span>
          Cards Admin
        </div>
        <h1>{title}</h1>
        {subtitle && <p className="muted auth-sub">{subtitle}</p>}
        {children}
      </div>
    </main>
  );
}
