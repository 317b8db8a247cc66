// The date editor of a table cell: a plain text input taking YYYY-MM-DD (the cell model parses
// it: src/store/cellFields.ts). The one place to swap in the typed date field
// (src/ui/DateField.tsx) once it is on this branch.
import type { InputHTMLAttributes, Ref } from 'react';

export function DateCellInput({
  ref,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <input
      ref={ref}
      {...props}
      inputMode="numeric"
      placeholder="YYYY-MM-DD"
      maxLength={10}
      autoComplete="off"
      spellCheck={false}
    />
  );
}
