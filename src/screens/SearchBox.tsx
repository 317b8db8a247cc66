import { useEffect, useRef, useState, type RefObject } from 'react';
import { Kbd } from '@/ui/Kbd';

const SEARCH_DEBOUNCE_MS = 250;

interface SearchBoxProps {
  initial: string;
  label: string;
  inputRef: RefObject<HTMLInputElement | null>;
  onSearch: (query: string) => void;
  onLeave: () => void;
  onDown: () => void;
}

/** Typing updates the URL's ?query= after a pause; Escape/Enter/↓ hand the keys back to the list. */
export function SearchBox({ initial, label, inputRef, onSearch, onLeave, onDown }: SearchBoxProps) {
  const [text, setText] = useState(initial);
  const first = useRef(true);
  // Back/forward changed the URL's query: show it (typing itself never differs from it for long).
  useEffect(() => {
    setText((t) => (t.trim() === initial ? t : initial));
  }, [initial]);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // Clearing is deliberate: show everything at once. Typing waits for a pause.
    const t = setTimeout(() => onSearch(text.trim()), text.trim() ? SEARCH_DEBOUNCE_MS : 0);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a search per change of the text; a new `onSearch` each render is no new search
  }, [text]);

  return (
    <div className="search">
      <input
        ref={inputRef}
        className="input"
        type="search"
        aria-label={label}
        placeholder={`${label}…`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' || e.key === 'Enter') {
            e.preventDefault();
            e.stopPropagation(); // not "close the pane"
            if (e.key === 'Enter') onSearch(text.trim());
            onLeave();
          } else if (e.key === 'ArrowDown') {
            e.preventDefault();
            onDown();
          }
        }}
      />
      {!text && <Kbd shortcut="/" />}
    </div>
  );
}
