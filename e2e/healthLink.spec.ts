// The unreachable offers' link fix worked by keys only, from the dashboard: g q opens the
// Health screen, the queue's number key the unreachable offers, j the second one, l its ranked
// candidates (health.candidates, the same the API answers), 1 links the first through the
// offer's update; the offer's links are checked through the API, and mod+z takes the link
// back; s on an empty card says it has no crawl source. HEALTH_SHOTS=dir writes the screenshot of the candidates (1440x900, light and dark).
import { expect, test } from './fixtures';
import { listHealthCandidates, listHealthRows, type HealthCandidate } from '@contract/health';
import { HEALTH_QUEUE_IDS } from '@contract/healthQueues';
import { offerResource } from '@contract/offer';
import { pathOf } from '@contract/operation';
import { apiAs, listNamed, mod, rowsOf, shoot, signIn } from './session';

test('an unreachable offer linked to its first candidate by keys only, from the dashboard', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  const api = await apiAs(page);
  const queueRows = async () =>
    (await (await api.get(pathOf(listHealthRows, { queue: 'unreachable' }))).json()).data.rows as {
      id: number;
      title: string;
    }[];
  const linksOf = async (id: number) => {
    const offer = (await (await api.get(`${pathOf(offerResource.ops.show!)}?id=${id}`)).json()).data as {
      card_ids: number[];
      outlet_ids: number[];
    };
    return offer;
  };
  const before = await queueRows();
  expect(before.length).toBeGreaterThanOrEqual(2);
  const target = before[1];
  const ranked = (await (await api.get(pathOf(listHealthCandidates, { id: target.id }))).json()).data as {
    kind: 'card' | 'outlet';
    candidates: HealthCandidate[];
  };
  expect(ranked.candidates.length).toBeGreaterThan(0);
  const first = ranked.candidates[0];
  const field = ranked.kind === 'card' ? 'card_ids' : 'outlet_ids';
  const linkedBefore = (await linksOf(target.id))[field];
  expect(linkedBefore).not.toContain(first.id);

  await page.locator('body').press('g');
  await page.keyboard.press('q');
  await expect(page).toHaveURL(/\/admin\/health-queues/);
  // The screen's keys come with its chunk: its first queue's rows shown, they are bound.
  await expect(rowsOf(listNamed(page, 'Ending soon or ended but still shown')).first()).toBeVisible();
  await page.keyboard.press(String(HEALTH_QUEUE_IDS.indexOf('unreachable') + 1));
  await expect(page).toHaveURL(/\/admin\/health-queues\/unreachable$/);
  const list = listNamed(page, 'Unreachable offers');
  await expect(rowsOf(list).first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('j');
  await expect(rowsOf(list).nth(1)).toHaveAttribute('aria-selected', 'true');

  await page.keyboard.press('l');
  const shown = page.getByRole('region', { name: ranked.kind === 'card' ? 'Cards to link' : 'Outlets to link' });
  await expect(shown.getByRole('listitem').first()).toContainText(first.title);
  await expect(shown.getByRole('listitem')).toHaveCount(ranked.candidates.length);
  await shoot(page, process.env.HEALTH_SHOTS, 'health-link-candidates');

  await page.keyboard.press('1');
  await expect(page.getByText(`Linked ${ranked.kind} “${first.title}” to “${target.title}”.`)).toBeVisible();
  await expect(shown).toBeHidden();
  await expect.poll(async () => (await linksOf(target.id))[field]).toContain(first.id);

  // mod+z: the link taken back.
  await page.keyboard.press(`${mod}+z`);
  await expect.poll(async () => (await linksOf(target.id))[field]).toEqual(linkedBefore);

  // An empty shelf's crawl source: the demo's empty card was made by hand, so s says there is none.
  await page.keyboard.press(String(HEALTH_QUEUE_IDS.indexOf('emptyCards') + 1));
  await expect(page).toHaveURL(/\/admin\/health-queues\/emptyCards$/);
  await expect(rowsOf(listNamed(page, 'Cards with no live offer')).first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('s');
  await expect(page.getByText('No crawl source has named this card: there is none to open.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/health-queues\/emptyCards$/);
});
