// Feedback from app users: the list at /feedback, one open at /view-feedback/:id beside it.
// It comes from the app, so there is no add or edit form. The route table in the first
// download reads this: no heavy imports.
import { resourceEntry } from '@/screens/screenEntry';
import { feedbackRoutes } from '@/screens/paths';

export const FEEDBACK_VIEW = 'feedback';

export const entry = resourceEntry('feedback', {
  routes: feedbackRoutes,
  paths: [feedbackRoutes.list, feedbackRoutes.view],
  shortcut: 'g v',
  page: () => import('./FeedbackScreen'),
  commands: () => import('./commands').then((m) => m.feedbackCommands),
});
