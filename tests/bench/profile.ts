/**
 * The functions a V8 CPU profile (inspector `Profiler.stop`) spent its time in, by self time:
 * what the report shows of the app while it serves a page.
 */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileTop {
  /** ms of samples that were not idle */
  busyMs: number;
  rows: { share: number; fn: string; where: string }[];
}

/** "react-dom/cjs/…production.min.js", "app build", "server/lib/numbers.ts": where a function lives, short. */
function whereOf(url: string): string {
  if (!url) return "";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(url);
  if (pkg) return `${pkg[1]} ${pkg[2]!.split("/").pop()}`;
  if (url.includes("/build/server/")) return "app (server build)";
  return url.replace(/^file:\/\//, "").replace(/^.*?\/(server|app|db)\//, "$1/");
}

export function topFunctions(profile: CpuProfile, count = 15): ProfileTop {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parentOf.set(child, n.id);
  // the profiler's own calls (inspector.post: starting, stopping) are not the app's work
  const profilers = new Set<number>();
  for (const n of profile.nodes) {
    for (let id: number | undefined = n.id; id !== undefined; id = parentOf.get(id)) {
      if (byId.get(id)?.callFrame.url === "node:inspector") {
        profilers.add(n.id);
        break;
      }
    }
  }
  const self = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    if (!frame || frame.functionName === "(idle)" || profilers.has(id)) return;
    busy += ms;
    const key = `${frame.functionName || "(anonymous)"}\u0000${whereOf(frame.url)}${frame.url ? `:${frame.lineNumber + 1}` : ""}`;
    self.set(key, (self.get(key) ?? 0) + ms);
  });
  const rows = [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, ms]) => {
      const [fn, where] = key.split("\u0000") as [string, string];
      return { share: busy ? ms / busy : 0, fn, where };
    });
  return { busyMs: busy, rows };
}
