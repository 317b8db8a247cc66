// Which record's History panel is open (the audit feature's, src/screens/recordSlots.ts): one at a time,
// named by resource and id, so opening another record shows its view, not the panel.
import { proxy } from 'valtio';

export const history = proxy({ key: null as string | null });

export const historyKey = (resource: string, id: number) => `${resource}:${id}`;

export const historyOpen = () => history.key !== null;

export function toggleHistory(resource: string, id: number): void {
  const key = historyKey(resource, id);
  history.key = history.key === key ? null : key;
}

export function closeHistory(): void {
  history.key = null;
}
