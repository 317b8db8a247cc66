// What the background jobs have yet to do, read for /metrics (server/http/metrics.ts): offers
// waiting for their search text (server/services/searchBacklog.ts) and notification pieces
// not sent yet (server/services/notificationJob.ts). One read, not urgent: a scrape waits its turn.
import type { Db } from '../db/connection';
import { countWaitingOffers } from '../repositories/searchBacklog';
import { countWaitingPieces } from '../repositories/notificationPieces';

interface JobBacklog {
  searchOffers: number;
  notificationPieces: number;
  notificationUsers: number;
}

export async function readJobBacklog(db: Db): Promise<JobBacklog> {
  return db.read(async (tx) => {
    const pieces = await countWaitingPieces(tx);
    return {
      searchOffers: await countWaitingOffers(tx),
      notificationPieces: pieces.pieces,
      notificationUsers: pieces.users,
    };
  });
}
