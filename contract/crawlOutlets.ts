// Crawl review, crawled outlets (the calls; the shapes they share are in ./crawl.ts).
import * as Type from '@sinclair/typebox';
import { ListEnvelope, RecordEnvelope } from './envelope';
import { Id, IdList } from './fields';
import { ADMIN_ROOT, defineOp } from './operation';
import { IdInPath, OutletRef, RefPaging, admin } from './crawl';

export const listOutletRefs = defineOp({
  ...admin,
  id: 'crawl.outletRefs',
  method: 'GET',
  path: `${ADMIN_ROOT}/all_outlet_ref`,
  summary: 'List the crawled outlets of a source',
  query: RefPaging,
  response: ListEnvelope(OutletRef),
});

export const showOutletRef = defineOp({
  ...admin,
  id: 'crawl.outletRef',
  method: 'GET',
  path: `${ADMIN_ROOT}/show_outlet_ref`,
  summary: 'Show one crawled outlet',
  query: Type.Object({ id: Id }),
  response: RecordEnvelope(OutletRef),
});

export const createOutletFromRef = defineOp({
  ...admin,
  id: 'crawl.createOutlet',
  method: 'POST',
  path: `${ADMIN_ROOT}/outlet_ref/:id/create_outlet`,
  summary: 'Create a live outlet from a crawled outlet',
  params: IdInPath,
  response: RecordEnvelope(OutletRef),
  message: 'Outlet created successfully!',
  touches: ['outletRef', 'outlet', 'crawlSource'],
});

export const transferOutletRefs = defineOp({
  ...admin,
  id: 'crawl.transferOutlets',
  method: 'POST',
  path: `${ADMIN_ROOT}/transfer_outlet_ref`,
  summary: 'Create live outlets from the given crawled outlets (those not yet decided), in one transaction',
  body: Type.Object({ outlet_ids: IdList }),
  response: RecordEnvelope(Type.Object({ created: Type.Integer(), skipped: Type.Integer() })),
  touches: ['outletRef', 'outlet', 'crawlSource'],
});

export const assignOutletRef = defineOp({
  ...admin,
  id: 'crawl.assignOutlet',
  method: 'POST',
  path: `${ADMIN_ROOT}/outlet_ref/assign`,
  summary: 'Assign a crawled outlet to a live outlet',
  body: Type.Object({ outlet_ref_id: Id, outlet_id: Id }),
  response: RecordEnvelope(OutletRef),
  message: 'Outlet assigned successfully!',
  touches: ['outletRef', 'crawlSource'],
});
