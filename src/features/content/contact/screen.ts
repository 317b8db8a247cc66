// Contact messages, wired once: contract → store → list model → routes. Newest first; the
// handled filter is a three-way choice (any, open, handled).
import { contactResource, type ContactMessage } from '@contract/contact';
import { resourceScreen } from '@/commands/resourceScreen';
import { filtersOf } from '@/store/contractFilters';
import { CONTACT_VIEW } from './entry';
import { contactRoutes } from '@/screens/paths';
import { cellText, dayText, NAME_WIDTH } from '@/screens/listTable/columns';

export const contactScreen = resourceScreen<ContactMessage>({
  view: CONTACT_VIEW,
  resource: contactResource,
  routes: contactRoutes,
  describe: (m) => ({ label: m.subject, hint: `${m.name} · ${m.email}` }),
  noun: { one: 'message', many: 'messages' },
  filters: filtersOf(contactResource, { handled: { any: 'All messages', yes: 'Handled', no: 'Open' } }),
  sortLabels: { created_at: 'Received', name: 'Sender', subject: 'Subject' },
  // Each head over its own field: the derived columns (src/screens/listTable/columns.tsx) put the
  // describe label, the subject, under the first sort key's head, "Sender".
  columns: [
    { key: 'name', label: 'Sender', cell: (m) => m.name, width: 'minmax(160px, 1.5fr)', sort: 'name' },
    { key: 'subject', cell: (m) => m.subject, width: NAME_WIDTH, sort: 'subject' },
    { key: 'email', cell: (m) => m.email, width: 'minmax(180px, 1.5fr)' },
    { key: 'phone', cell: (m) => cellText(m.phone), optional: true },
    { key: 'handled', cell: (m) => (m.handled ? 'Handled' : 'Open') },
    { key: 'created_at', label: 'Received', cell: (m) => dayText(m.created_at), sort: 'created_at' },
  ],
  csvColumns: [
    { header: 'id', value: (m) => m.id },
    { header: 'received', value: (m) => m.created_at },
    { header: 'name', value: (m) => m.name },
    { header: 'email', value: (m) => m.email },
    { header: 'phone', value: (m) => m.phone },
    { header: 'subject', value: (m) => m.subject },
    { header: 'message', value: (m) => m.message },
    { header: 'handled', value: (m) => m.handled },
    { header: 'replies', value: (m) => m.replies.length },
  ],
});

export const contacts = contactScreen.store;
