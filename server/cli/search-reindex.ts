import { announceAdsIndexChange } from "../modules/missions/search-changes";
import { createSearchClient } from "../search/client";
import { reindex } from "../search/indexes";
import { indexSources } from "../services";
import { runCli } from "./run-cli";

/** `npm run search:reindex`: rebuilds the Meilisearch indexes from the read models, then swaps them in. */
await runCli("search:reindex", async ({ sql, infra }) => {
  const counts = await reindex(createSearchClient(infra.meiliUrl, infra.meiliKey), indexSources(sql));
  // the running app's search caches were filled from the index swapped out
  await announceAdsIndexChange(sql);
  return counts;
});
