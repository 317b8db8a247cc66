// Every command family, registered once at start. The duplicate-shortcut test reads
// exactly this set, so a family added here is checked too.
import { bankCommands } from '../views/catalogue/banks/commands';
import { cardCommands } from '../views/catalogue/cards/commands';
import { categoryCommands } from '../views/catalogue/categories/commands';
import { cityCommands } from '../views/catalogue/cities/commands';
import { networkCommands } from '../views/catalogue/networks/commands';
import { outletRadiusCommands } from '../views/catalogue/outletRadius/commands';
import { userCommands } from '../views/catalogue/users/commands';
import { outletCommands } from '../views/catalogue/outlets/commands';
import { offerCommands } from '../views/catalogue/offers/commands';
import { profileCommands } from '../views/profile/commands';
import { csvCommands } from '../views/catalogue/csv/commands';
import { recordCommands } from './records';
import { listCommands } from './list';
import { navigationCommands } from './navigation';
import { register } from './registry';
import type { Command } from './types';

export const commandFamilies: Record<string, Command[]> = {
  navigation: navigationCommands,
  list: listCommands,
  banks: bankCommands,
  cards: cardCommands,
  categories: categoryCommands,
  networks: networkCommands,
  outletRadius: outletRadiusCommands,
  cities: cityCommands,
  users: userCommands,
  outlets: outletCommands,
  offers: offerCommands,
  profile: profileCommands,
  csv: csvCommands,
  records: recordCommands,
};

let installed = false;
export function installCommands(): void {
  if (installed) return;
  installed = true;
  register(...Object.values(commandFamilies).flat());
}
