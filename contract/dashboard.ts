import { Type, type Static } from '@sinclair/typebox';

/** GET /admin/v1/total_counts — SPEC.md: "counts data and feedbackData". Later issues add keys. */
export const TotalCounts = Type.Object({
  counts: Type.Record(Type.String(), Type.Integer()),
  feedbackData: Type.Array(Type.Unknown()),
});
export type TotalCounts = Static<typeof TotalCounts>;
