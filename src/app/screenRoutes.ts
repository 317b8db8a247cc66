// Every screen's routes (src/app/screens.ts) and the chunk behind each. Not in the first download:
// the sign-in page has no use for them (./SignedIn.tsx brings them).
import { lazyPage } from '@/ui/lazyPage';
import { screens } from './screens';
import { bySpecificity } from '@/store/router';

/**
 * One page per screen for all its URLs: the list screens read their mode from the path. A
 * screen with commands of its own shows once they are registered (src/app/installCommands.ts
 * fetches them after the shell): its buttons and keys run them.
 */
export const protectedRoutes = screens
  .flatMap((s) => {
    const withCommands = async () =>
      (await Promise.all([s.page(), import('./installCommands').then((m) => m.installLaterCommands())]))[0];
    const Page = lazyPage(s.commands || s.resource ? withCommands : s.page);
    return s.paths.map((path) => ({ path, Page, screen: s }));
  })
  // The first route that matches is taken: a literal path before any pattern that would also
  // match it ('/category-list/new' before '/category-list/:id'), whichever screen has it.
  .sort((a, b) => bySpecificity(a.path, b.path));
