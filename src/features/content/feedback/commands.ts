// The feedback screen's commands: the shared list ones (find, delete, export) and its own:
// 1–5 show only that rating, 0 every rating, o opens the offer or card it is about, u the
// app user who gave it.
import type { Feedback } from '@contract/feedback';
import { resourceCommands } from '@/commands/resourceCommands';
import { pathTo } from '@/commands/resourceScreen';
import type { Command, Ctx } from '@/commands/types';
import { go } from '@/store/navigate';
import { cardRoutes } from '@/screens/paths';
import { offerRoutes } from '@/screens/paths';
import { userRoutes } from '@/screens/paths';
import { FEEDBACK_VIEW } from './entry';
import { feedbackScreen, feedbackStore, RATINGS, stars } from './screen';

const scope = `view:${FEEDBACK_VIEW}` as const;
const group = 'Feedback';
const browsing = (ctx: Ctx) => ctx.mode === 'list' || ctx.mode === 'view';
const entryOf = (ctx: Ctx): Feedback | undefined =>
  ctx.cursor?.resource === 'feedback' ? feedbackStore.find(ctx.cursor.id) : undefined;
const subjectPath = (f: Feedback | undefined) =>
  f?.offer_id ? pathTo(offerRoutes.view, f.offer_id) : f?.card_id ? pathTo(cardRoutes.view, f.card_id) : null;

export const feedbackCommands: Command[] = [
  ...resourceCommands(feedbackScreen),
  ...RATINGS.map((r): Command => ({
    id: `feedback.rating${r}`,
    title: `Show ${r}-star feedback only`,
    group,
    keywords: ['filter', 'rating', 'stars', stars(Number(r))],
    shortcut: r,
    scope,
    enabled: browsing,
    run: (ctx) => ctx.list?.setParams({ rating: r }),
  })),
  {
    id: 'feedback.anyRating',
    title: 'Show every rating',
    group,
    keywords: ['filter', 'rating', 'stars', 'all', 'clear'],
    shortcut: '0',
    scope,
    enabled: (ctx) => browsing(ctx) && !!ctx.list?.state.route.filters.rating,
    run: (ctx) => ctx.list?.setParams({ rating: null }),
  },
  {
    id: 'feedback.openSubject',
    title: 'Open the offer or card it is about',
    group,
    keywords: ['offer', 'card', 'subject', 'go'],
    shortcut: 'o',
    scope,
    enabled: (ctx) => browsing(ctx) && subjectPath(entryOf(ctx)) !== null,
    run: (ctx) => go(subjectPath(entryOf(ctx))!),
  },
  {
    id: 'feedback.openUser',
    title: 'Open the app user who gave it',
    group,
    keywords: ['user', 'customer', 'account'],
    shortcut: 'u',
    scope,
    enabled: (ctx) => browsing(ctx) && !!entryOf(ctx)?.user_id,
    run: (ctx) => go(pathTo(userRoutes.view, entryOf(ctx)!.user_id!)),
  },
];
