import { createSearchClient } from "../search/client";
import { reindex } from "../search/indexes";
import { indexSources } from "../services";
import { runCli } from "./run-cli";

/** `npm run search:reindex`: rebuilds the Meilisearch indexes from the read models, then swaps them in. */
await runCli("search:reindex", ({ sql, infra }) => reindex(createSearchClient(infra.meiliUrl, infra.meiliKey), indexSources(sql)));
