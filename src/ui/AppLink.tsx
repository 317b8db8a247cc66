import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { BASE, go } from '../store/navigate';

interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An app path without the base: '/view-offer/12'. */
  to: string;
}

/** A real link (new tab, copy address work) that moves inside the app without a reload. */
export function AppLink({ to, onClick, ...rest }: AppLinkProps) {
  return (
    <a
      href={BASE + to}
      onClick={(e: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(e);
        if (e.defaultPrevented || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
        e.preventDefault();
        go(to);
      }}
      {...rest}
    />
  );
}
