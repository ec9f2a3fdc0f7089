import { z } from 'zod';

// The parts of GET /api/account/export that grow without bound (a page's encouragement and pledges, a
// runner's activities) come in pages, each well below NATS's maximum payload; the gateway streams them.

/** Where the next page starts: the last item's time (ISO, to the microsecond) and id. */
export const exportCursorSchema = z.object({ at: z.iso.datetime({ offset: true }), id: z.uuid() });
export type ExportCursor = z.infer<typeof exportCursorSchema>;

/** A page of items and the cursor of the next one (null: this was the last). */
export const exportPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), next: exportCursorSchema.nullable() });

export const exportEncouragementsQuerySchema = z.object({
  userId: z.uuid(),
  profileId: z.uuid(),
  after: exportCursorSchema.nullable(),
});
export type ExportEncouragementsQuery = z.infer<typeof exportEncouragementsQuerySchema>;

export const exportedEncouragementSchema = z.object({
  senderName: z.string(),
  message: z.string(),
  createdAt: z.iso.datetime(),
});
export type ExportedEncouragement = z.infer<typeof exportedEncouragementSchema>;

export const exportPledgesQuerySchema = exportEncouragementsQuerySchema;
export type ExportPledgesQuery = ExportEncouragementsQuery;

/** A pledge the page received: names, amounts and states; never the supporter's address. */
export const exportedPledgeSchema = z.object({
  name: z.string(),
  message: z.string().nullable(),
  ratePerUnit: z.number(),
  unit: z.string(),
  currency: z.string(),
  cap: z.number().nullable(),
  counts: z.string(),
  status: z.string(),
  distanceCounted: z.number().nullable(),
  earned: z.number().nullable(),
  createdAt: z.iso.datetime(),
  confirmedAt: z.iso.datetime().nullable(),
  dueAt: z.iso.datetime().nullable(),
  paidAt: z.iso.datetime().nullable(),
});
export type ExportedPledge = z.infer<typeof exportedPledgeSchema>;

export const exportActivitiesQuerySchema = z.object({ userId: z.uuid(), after: exportCursorSchema.nullable() });
export type ExportActivitiesQuery = z.infer<typeof exportActivitiesQuerySchema>;

export const exportedActivitySchema = z.object({
  id: z.uuid(),
  source: z.string(),
  externalId: z.string().nullable(),
  name: z.string(),
  sportType: z.string(),
  distanceMeters: z.number(),
  durationSeconds: z.number(),
  elevationGainMeters: z.number(),
  startDate: z.iso.datetime(),
});
export type ExportedActivity = z.infer<typeof exportedActivitySchema>;
