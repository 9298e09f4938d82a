import { MODULES } from "../modules";
import type { JobDefinition } from "./registry";

/** Every job of the product: the modules' own (each module declares its jobs in its manifest). */
export const JOBS: JobDefinition[] = MODULES.flatMap((m) => [...(m.jobs ?? [])]);
