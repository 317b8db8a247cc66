// The homepage forms' pickers (offer, card, bank) and "Add an offer" over the selected offers:
// the combobox (src/ui/Combobox.tsx) searching the server, the chosen record under it.
import type { ReactNode, Ref } from 'react';
import { Combobox, OptionWords } from '@/ui/Combobox';
import type { Choice, Search } from './pickers';

interface ServerPickerProps {
  label: string;
  /** The chosen record, shown under the input; null: none. */
  value?: Choice | null;
  onPick: (choice: Choice) => void;
  search: Search;
  placeholder?: string;
  error?: string;
  hint?: ReactNode;
  /** Keep the input empty and the list open after a pick (a picker that adds, rather than fills a field). */
  adds?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  autoFocus?: boolean;
}

export function ServerPicker({ value = null, adds = false, ...props }: ServerPickerProps) {
  return (
    <Combobox
      {...props}
      keepOpen={adds}
      after={
        value && (
          <div className="combo-value">
            <OptionWords option={value} />
          </div>
        )
      }
    />
  );
}
