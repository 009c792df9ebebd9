// The velocity rules and reviews as an admin changes them (the admin API through gRPC): every input
// checked here (the gateway checks the shape too), file rules read-only, each change written with its
// event (./store.ts). No transport: the gRPC handlers turn these errors into status codes.
import { AppError, invalidArgument, notFound } from '@gatehouse/errors';
import { PaymentErrors } from '../errors';
import { fromSpec, RULE_NAME, ruleSpec } from './rule';
import type { StoredRule, VelocityReview, VelocityStore } from './store';

const invalid = (message: string) => invalidArgument(PaymentErrors.INVALID_VELOCITY_RULE, message);
const ruleNotFound = (name: string) =>
  notFound(PaymentErrors.VELOCITY_RULE_NOT_FOUND, `no velocity rule named "${name}"`);
const readOnly = (name: string) =>
  new AppError(
    'failed_precondition',
    PaymentErrors.VELOCITY_RULE_READ_ONLY,
    `velocity rule "${name}" comes from PAYMENT_VELOCITY_RULES_FILE: change the file (it is read at start)`,
  );

/** A page of reviews: at most this many. */
export const MAX_REVIEWS_PAGE = 200;
export const MAX_REASON_LENGTH = 1000;

/** The rule an admin sends, checked: the first problem's words, as the limits' checks give them. */
function checked(body: unknown) {
  const parsed = ruleSpec.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.path.join('.');
    throw invalid(path ? `${path}: ${issue.message}` : issue.message);
  }
  return fromSpec(parsed.data, 'admin');
}

export class VelocityAdmin {
  constructor(private readonly deps: { store: VelocityStore; clock?: () => Date }) {}

  list(): Promise<StoredRule[]> {
    return this.deps.store.list();
  }

  async get(name: string): Promise<StoredRule> {
    const rule = RULE_NAME.test(name) ? await this.deps.store.get(name) : null;
    if (!rule) throw ruleNotFound(name);
    return rule;
  }

  async create(body: unknown, by: string): Promise<StoredRule> {
    const rule = checked(body);
    const made = await this.deps.store.create(rule, by);
    if (made) return made;
    throw new AppError('already_exists', PaymentErrors.VELOCITY_RULE_EXISTS, `velocity rule "${rule.name}" exists`);
  }

  /** Replaces the rule `name` (the body's name, if given, must be the same). */
  async replace(name: string, body: unknown, by: string): Promise<StoredRule> {
    const rule = checked({ ...(body as object), name });
    if (typeof body === 'object' && body && 'name' in body && body.name !== name)
      throw invalid(`name: the body names "${String(body.name)}", the path "${name}"`);
    const current = await this.get(name);
    if (current.source === 'file') throw readOnly(name);
    const replaced = await this.deps.store.replace(rule, by);
    if (!replaced) throw ruleNotFound(name); // deleted meanwhile
    return replaced;
  }

  async remove(name: string, by: string): Promise<void> {
    const current = await this.get(name);
    if (current.source === 'file') throw readOnly(name);
    if (!(await this.deps.store.remove(name, by))) throw ruleNotFound(name);
  }

  /** Flagged loads after `afterId` (keyset), open ones unless `all`. */
  reviews(afterId: number, limit: number, all: boolean): Promise<VelocityReview[]> {
    if (!Number.isSafeInteger(afterId) || afterId < 0)
      throw invalidArgument(PaymentErrors.INVALID_PAGE, 'after: a review id');
    if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_REVIEWS_PAGE)
      throw invalidArgument(PaymentErrors.INVALID_PAGE, `limit: 1 to ${MAX_REVIEWS_PAGE}`);
    return this.deps.store.reviews(afterId, limit, all);
  }

  async resolve(id: number, outcome: string, reason: string, by: string): Promise<VelocityReview> {
    if (outcome !== 'cleared' && outcome !== 'confirmed') throw invalid('outcome: cleared or confirmed');
    if (reason.length > MAX_REASON_LENGTH) throw invalid(`reason: at most ${MAX_REASON_LENGTH} characters`);
    const notFoundReview = () => notFound(PaymentErrors.VELOCITY_REVIEW_NOT_FOUND, `no velocity review ${id}`);
    if (!Number.isSafeInteger(id) || id <= 0) throw notFoundReview();
    const now = (this.deps.clock ?? (() => new Date()))();
    const result = await this.deps.store.resolve(id, outcome, reason, by, now);
    if (result === 'not_found') throw notFoundReview();
    if (result === 'resolved')
      throw new AppError(
        'failed_precondition',
        PaymentErrors.VELOCITY_REVIEW_RESOLVED,
        `velocity review ${id} is already resolved`,
      );
    return result;
  }
}
