// The velocity rules' part of a load (issue 49 §2): which rules count it, and what their counts decide.
import type { LoadError } from '../limits';
import {
  countable,
  type Fired,
  firedRules,
  VELOCITY_CODE,
  type VelocityLoad,
  type VelocityRule,
} from '../velocity/rule';

/** What the composition root gives the load path: the rules from memory, and where a firing is told. */
export interface VelocityHooks {
  rules(): readonly VelocityRule[];
  /**
   * A load fired rules (its reservation committed, their velocity.fired events with it): the log line and
   * metric of each, whatever the mode.
   */
  fired(load: VelocityLoad & { loadId: number }, fired: readonly Fired[]): Promise<void>;
}

export interface VelocityVerdict {
  /** The refusals of enforced block rules (code `velocity`, words naming the rule). */
  blocks: LoadError[];
  /** The enforced review rules that flag the load, written with it if it is taken. */
  reviews: { rule: string; message: string }[];
  /** Every rule that fired, dry-run ones too. */
  fired: Fired[];
}

const NONE: VelocityVerdict = { blocks: [], reviews: [], fired: [] };

/** The rules that may count this load, and how their counts (in the same order) decide it. */
export function velocityOf(hooks: VelocityHooks | undefined, load: VelocityLoad) {
  const rules = hooks ? countable(hooks.rules(), load) : [];
  return {
    rules,
    none: NONE,
    decide(counts: readonly { current: number; holdsCard: boolean }[]): VelocityVerdict {
      if (rules.length === 0) return NONE;
      const fired = firedRules(rules, counts, load.amountCents);
      const enforced = fired.filter((f) => f.rule.mode === 'enforce');
      return {
        blocks: enforced
          .filter((f) => f.rule.action === 'block')
          .map((f) => ({ code: VELOCITY_CODE, message: f.message })),
        reviews: enforced
          .filter((f) => f.rule.action === 'review')
          .map((f) => ({ rule: f.rule.name, message: f.message })),
        fired,
      };
    },
  };
}
