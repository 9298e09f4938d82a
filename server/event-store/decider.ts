import { AppError } from "../lib/errors";
import type { Clock } from "../lib/clock";
import type { IdGenerator } from "../lib/ids";
import type { NewEvent } from "./types";

/** Inputs a decider may use besides the command and state: injected so deciders stay pure. */
export interface DecideContext {
  clock: Clock;
  ids: IdGenerator;
}

export interface Decider<Command, State, Event extends NewEvent> {
  initialState: State;
  evolve(state: State, event: { type: string; data: Record<string, unknown> }): State;
  /** Returns the events to append, or throws AppError with a spec error key. */
  decide(command: Command, state: State, ctx: DecideContext): Event[];
}

export function fold<S>(decider: Pick<Decider<unknown, S, NewEvent>, "initialState" | "evolve">, events: { type: string; data: Record<string, unknown> }[]): S {
  return events.reduce(decider.evolve, decider.initialState);
}

/**
 * given / when / then for decider specs:
 *   expect(given(d, past).when(cmd, ctx)).toEqual(events)  or  .toThrow(key)
 */
export function given<C, S, E extends NewEvent>(decider: Decider<C, S, E>, past: { type: string; data: Record<string, unknown> }[]) {
  return {
    when(command: C, ctx: DecideContext) {
      const state = fold(decider, past);
      return {
        then: () => decider.decide(command, state, ctx),
        thenError: (): string | null => {
          try {
            decider.decide(command, state, ctx);
            return null;
          } catch (e) {
            if (e instanceof AppError) return e.key;
            throw e;
          }
        },
      };
    },
  };
}
