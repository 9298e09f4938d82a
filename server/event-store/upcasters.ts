/**
 * Event types are never reshaped in place: a new shape gets an upcaster from the previous
 * schema version. Appends stamp the current version; reads lift old events step by step.
 */
type Upcast = (data: Record<string, unknown>) => Record<string, unknown>;

export class Upcasters {
  private readonly steps = new Map<string, Upcast[]>();

  /** Register the step from version `steps.length + 1` to the next one. */
  register(type: string, upcast: Upcast): this {
    const list = this.steps.get(type) ?? [];
    list.push(upcast);
    this.steps.set(type, list);
    return this;
  }

  currentVersion(type: string): number {
    return (this.steps.get(type)?.length ?? 0) + 1;
  }

  upcast(type: string, version: number, data: Record<string, unknown>): Record<string, unknown> {
    const list = this.steps.get(type);
    if (!list) return data;
    let out = data;
    for (let v = version; v <= list.length; v++) out = list[v - 1]!(out);
    return out;
  }
}
