import { rooms } from "../../realtime/routing";
import { defineModule } from "../module";
import { supportCommands } from "./commands";
import { SUPPORT_EVENT_TYPES, type RequestIds } from "./events";
import { faqIndexer, faqIndexSource } from "./faq-search";
import { faqProjection, supportProjection } from "./projections";
import { supportQueries } from "./queries";

export { faqSearch, type FaqSearchService } from "./faq-search";

const TYPES = new Set<string>(SUPPORT_EVENT_TYPES);

/**
 * Support (issue 30, ADR 0046): the FAQ in five languages (`faq-<id>`, the `faq` index) and support
 * requests (`support-<id>`). A request's events reach the platform admins' room (the inbox's live
 * badge) and its requester's room (their history), nobody else's. Other modules open a request of a
 * kind through `openRequestOfKind` (the erasure module's deletion requests).
 */
export const supportModule = defineModule({
  name: "support",
  projections: [faqProjection, supportProjection],
  realtime: (event) => {
    if (!TYPES.has(event.type)) return [];
    const { requesterId } = event.data as unknown as RequestIds;
    return requesterId ? [rooms.admin, rooms.user(requesterId)] : [rooms.admin];
  },
  create({ sql, store, ctx, storage, enqueue, publicUrl }) {
    return {
      commands: supportCommands({ sql, store, ctx, storage, enqueue, publicUrl }),
      queries: supportQueries(sql, storage),
    };
  },
  processors: ({ search }) => [faqIndexer(search)],
  indexSources: (sql) => [faqIndexSource(sql)],
});
export { eraseSupportRequests } from "./erase";
