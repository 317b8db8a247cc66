// The card triage's three dialogs (src/features/crawl/triage/dialogCommands.ts opens them); shown
// only on the crawled cards' queue, and closed when it goes.
import { useEffect } from 'react';
import { cardDialogs } from '../model';
import { CardDetailDialog } from './CardDetailDialog';
import { CreateCardDialog } from './CreateCardDialog';
import { SelectCardDialog } from './SelectCardDialog';
import './dialogs.css';

export function CardDialogs() {
  useEffect(() => cardDialogs.closeCardDialog, []);
  return (
    <>
      <CardDetailDialog />
      <CreateCardDialog />
      <SelectCardDialog />
    </>
  );
}
