import fs from "node:fs";

/** The processes `pid` started that still run, whose command line matches `match` (none once `pid` is gone). */
export function childPids(pid: number, match: (cmdline: string) => boolean = () => true): number[] {
  const read = (file: string) => {
    try {
      return fs.readFileSync(file, "utf8");
    } catch {
      return null;
    }
  };
  let tasks: string[];
  try {
    tasks = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  return tasks
    .flatMap((task) =>
      (read(`/proc/${pid}/task/${task}/children`) ?? "").trim().split(/\s+/).filter(Boolean).map(Number),
    )
    .filter((child) => {
      const cmdline = read(`/proc/${child}/cmdline`);
      return cmdline !== null && match(cmdline.replaceAll("\0", " "));
    });
}
