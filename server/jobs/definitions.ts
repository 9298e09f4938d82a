import { MODULES } from "../modules";
import { demoCandidateJobs } from "./demo-candidates";
import type { JobDeps } from "./deps";
import type { JobDefinition } from "./registry";

/**
 * Every job of the product: the modules' own, made from each module's API (`domain[name]`) and the
 * jobs' deps (a module whose jobs want more than JobDeps holds is a type error here), and the demo
 * data's, which several modules' APIs make.
 */
export function jobDefinitions(domain: { readonly [name: string]: unknown }, deps: JobDeps): JobDefinition[] {
  return [
    ...MODULES.flatMap((m) => m.jobs?.(domain[m.name] as never, deps) ?? []),
    ...demoCandidateJobs(domain as never, deps),
  ];
}
