// The repository of each resource: derived from its contract, unless the resource has
// exceptions of its own (a file beside this one). A plain CRUD entity needs no line here.
import type { Resource, ResourceContract } from '@contract/resource';
import { crudRepository, type CrudRepository } from './crud';
import {
  dontMissOutRepository,
  heroBannerRepository,
  selectedOfferRepository,
  welcomeBoxRepository,
} from './homepageLists';
import { offerRepository } from './offers';
import { outletRadiusRepository } from './outletRadius';
import { userRepository } from './users';

const exceptional: Record<string, CrudRepository<unknown>> = {
  offer: offerRepository,
  user: userRepository,
  outletRadius: outletRadiusRepository,
  heroBanner: heroBannerRepository,
  welcomeBox: welcomeBoxRepository,
  selectedOffer: selectedOfferRepository,
  dontMissOut: dontMissOutRepository,
};

const derived = new Map<string, CrudRepository<unknown>>();

export function repositoryFor<T>(resource: ResourceContract | Resource): CrudRepository<T> {
  const repo = exceptional[resource.name] ?? derived.get(resource.name) ?? crudRepository(resource);
  if (!exceptional[resource.name]) derived.set(resource.name, repo);
  return repo as CrudRepository<T>;
}
