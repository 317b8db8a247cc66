// The URLs are the product's own (bookmarked, linked from mails): the helpers must write each
// one byte for byte as it was written out by hand.
import { describe, expect, it } from 'vitest';
import * as paths from './paths';

describe('the list URLs', () => {
  it('are the product’s, exactly', () => {
    const four = (list: string, view: string, edit: string, add: string) => ({ list, view, edit, add });
    expect({
      bank: paths.bankRoutes,
      card: paths.cardRoutes,
      category: paths.categoryRoutes,
      city: paths.cityRoutes,
      network: paths.networkRoutes,
      offer: paths.offerRoutes,
      outletRadius: paths.outletRadiusRoutes,
      outlet: paths.outletRoutes,
      user: paths.userRoutes,
      contact: paths.contactRoutes,
      feedback: paths.feedbackRoutes,
      notification: paths.notificationRoutes,
    }).toEqual({
      bank: four('/bank-list', '/view-bank/:id', '/edit-bank/:id', '/add-bank'),
      card: four('/card-list', '/view-card/:id', '/edit-card/:id', '/add-card'),
      category: four('/category-list', '/category-list/:id', '/category-list/:id/edit', '/category-list/new'),
      city: four('/dubai-city-list', '/dubai-city-list/:id', '/dubai-city-list/:id/edit', '/dubai-city-list/new'),
      network: four('/network-list', '/network-list/:id', '/network-list/:id/edit', '/network-list/new'),
      offer: four('/offer-list', '/view-offer/:id', '/edit-offer/:id', '/add-offer'),
      outletRadius: four(
        '/Outletradius-list/',
        '/Outletradius-list/:id',
        '/Outletradius-list/:id/edit',
        '/Outletradius-list/new',
      ),
      outlet: four('/outlet-list', '/view-outlet/:id', '/edit-outlet/:id', '/add-outlet'),
      user: four('/user-list', '/view-user/:id', '/edit-user/:id', '/user-list?new=1'),
      contact: four('/contact', '/view-contact/:id', '/view-contact/:id/edit', '/contact/new'),
      feedback: four('/feedback', '/view-feedback/:id', '/view-feedback/:id/edit', '/feedback/new'),
      notification: four(
        '/notifications',
        '/view-notification/:id',
        '/view-notification/:id/edit',
        '/notifications?new=1',
      ),
    });
  });
});
