import { rebuildProjections } from "../event-store/rebuild";
import { createDomain, INLINE_PROJECTIONS } from "../services";
import { runCli } from "./run-cli";

/** `npm run projections:rebuild`: empties every read model and replays the event log into it. */
await runCli("projections:rebuild", ({ sql }) => rebuildProjections(createDomain(sql).store, INLINE_PROJECTIONS));
