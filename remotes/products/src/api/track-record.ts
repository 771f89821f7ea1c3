/** What a product or one of the member's orders actually paid (the `orders` service host); the calls are in ./endpoints.ts. */
import type { TrackRecord, TrackRecordDay, TrackRecordWindow } from '@rigshare/api-schema';

export type { TrackRecord, TrackRecordDay, TrackRecordWindow };
