// A box under a table cell (a choice editor's list, a refused cell's note), drawn over the
// page: the cells clip what overflows them, and the list scrolls its rows under its own edge.
import { useLayoutEffect, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

interface CellPopoverProps {
  anchor: RefObject<HTMLElement | null>;
  id?: string;
  className?: string;
  role?: string;
  label?: string;
  children: ReactNode;
}

/** Room a list needs below its cell before it opens above it instead. */
const ROOM = 240;

export function CellPopover({ anchor, id, className, role, label, children }: CellPopoverProps) {
  const [rect, setRect] = useState<DOMRect | null>(null);
  useLayoutEffect(() => {
    const place = () => {
      if (anchor.current) setRect(anchor.current.getBoundingClientRect());
    };
    place();
    // Follows its cell while the list or the window scrolls (capture: any scrolling element).
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
    };
  }, [anchor]);
  if (!rect) return null;
  const below = window.innerHeight - rect.bottom >= ROOM || rect.top < ROOM;
  return createPortal(
    <div
      id={id}
      role={role}
      aria-label={label}
      className={`cell-popover ${className ?? ''}`}
      style={{
        left: Math.max(8, Math.min(rect.left, window.innerWidth - 248)),
        minWidth: Math.max(rect.width, 200),
        ...(below ? { top: rect.bottom + 2 } : { bottom: window.innerHeight - rect.top + 2 }),
      }}
      // Choosing with the pointer keeps the keys in the editor.
      onMouseDown={(e) => e.preventDefault()}
    >
      {children}
    </div>,
    document.body,
  );
}
