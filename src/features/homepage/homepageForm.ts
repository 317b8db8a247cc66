// The form beside the homepage's list, and adding and deleting rows (a part of
// ./homepageModel.ts).
import type { Payload } from '@/api/call';
import { ApiError } from '@/api/client';
import type { HomepageCore } from './homepageCore';
import type { Answer, HomepageItem, HomepageTab } from './homepageTypes';

export function createHomepageForm(core: HomepageCore) {
  const { api, state, list, confirmed, cursors, cursor, currentItem, highlight, placeCursor, render } = core;

  /**
   * Save the form: the new row (appended at the end, as the server does) or the highlighted
   * row's changes. The server's field errors (422) stay beside the fields; other refusals go up
   * to the runner, which toasts them.
   */
  async function saveForm(values: Payload): Promise<Answer<HomepageItem> | undefined> {
    const tab = state.tab;
    const form = state.form;
    if (form.saving) return undefined;
    const row = form.kind === 'edit' ? currentItem() : undefined;
    if (form.kind === 'edit' && !row) return undefined;
    form.saving = true;
    form.errors = {};
    try {
      const answer = row
        ? await api.update(tab, row.id, { ...values, version: row.version })
        : await api.add(tab, values);
      took(tab, answer.data);
      if (!row) {
        state.form = { kind: 'edit', saving: false, errors: {} };
        if (state.tab === tab) highlight(answer.data.id);
      }
      return answer;
    } catch (e) {
      // The errors belong to this form only if it is still the one shown.
      if (e instanceof ApiError && e.status === 422 && Object.keys(e.fieldErrors).length) {
        if (state.form === form) form.errors = e.fieldErrors;
        return undefined;
      }
      throw e;
    } finally {
      form.saving = false;
    }
  }

  /** A record the server answered: replaced where it is, or appended (an add). */
  function took(tab: HomepageTab, saved: HomepageItem) {
    const at = confirmed[tab].findIndex((r) => r.id === saved.id);
    if (at >= 0) confirmed[tab] = confirmed[tab].map((r) => (r.id === saved.id ? saved : r));
    else confirmed[tab] = [...confirmed[tab], saved].sort((a, b) => a.position - b.position);
    render(tab);
  }

  /** Selected offers: append a live offer (the picker). The same offer twice is the server's 409. */
  async function addSelectedOffer(offerId: number): Promise<Answer<HomepageItem>> {
    const answer = await api.add('selected-offers', { offer_id: offerId });
    took('selected-offers', answer.data);
    if (state.tab === 'selected-offers') highlight(answer.data.id);
    return answer;
  }

  /** Delete a row; the server closes the gap, and so does the list. The cursor goes to its neighbour. */
  async function removeItem(tab: HomepageTab, id: number): Promise<Answer<unknown>> {
    const answer = await api.remove(tab, id);
    const at = confirmed[tab].findIndex((r) => r.id === id);
    confirmed[tab] = confirmed[tab]
      .filter((r) => r.id !== id)
      .map((r, i) => (r.position === i + 1 ? r : { ...r, position: i + 1 }));
    render(tab);
    if (state.tab === tab && list.state.cursor === id) {
      const rows = state.lists[tab].items;
      const next = rows[Math.min(Math.max(at, 0), rows.length - 1)];
      delete cursors[tab];
      // A phone goes back to the list, as a list screen does after a delete.
      cursor.hide();
      if (next) highlight(next.id);
      else placeCursor(tab);
    }
    return answer;
  }

  return { saveForm, addSelectedOffer, removeItem };
}
