// Banks, wired once: contract → store → list model → routes. The commands and the screen read this.
import { bankResource, type Bank } from '@contract/bank';
import { resourceScreen } from '@/commands/resourceScreen';
import { bankRoutes } from '@/screens/paths';
import { cellText, dayText, NAME_WIDTH } from '@/screens/listTable/columns';

export const bankScreen = resourceScreen<Bank>({
  view: 'banks',
  resource: bankResource,
  routes: bankRoutes,
  describe: (b) => ({ label: b.name, hint: b.code }),
  columns: [
    { key: 'name', cell: (b) => b.name, width: NAME_WIDTH, sort: 'name' },
    { key: 'code', cell: (b) => cellText(b.code), sort: 'code' },
    { key: 'website', cell: (b) => cellText(b.website), width: 'minmax(160px, 2fr)' },
    { key: 'is_active', cell: (b) => cellText(b.is_active) },
    { key: 'created_at', cell: (b) => dayText(b.created_at), sort: 'created_at' },
  ],
});

export const banks = bankScreen.store;
