import { Type, type Static } from '@sinclair/typebox';
import { RecordEnvelope } from './envelope';
import { ADMIN_ROOT, defineOp } from './operation';

/** GET /admin/v1/total_counts — the product: "counts data and feedbackData". Later issues add keys. */
export const TotalCounts = Type.Object({
  counts: Type.Record(Type.String(), Type.Integer()),
  feedbackData: Type.Array(Type.Unknown()),
});
export type TotalCounts = Static<typeof TotalCounts>;

export const totalCounts = defineOp({
  id: 'dashboard.totalCounts',
  method: 'GET',
  path: `${ADMIN_ROOT}/total_counts`,
  summary: 'Totals for the dashboard',
  tag: 'Dashboard',
  access: 'admin',
  response: RecordEnvelope(TotalCounts),
  message: 'Counts fetched successfully!',
});
