// PAYMENT_VELOCITY_RULES_FILE: velocity rules in a file (JSON, or YAML for .yaml/.yml), checked whole at
// start: a file that cannot be read or holds a bad rule stops the start with the rule and the problem.
import { readStructuredFile, z } from '@gatehouse/config';
import { fromSpec, ruleSpec, type VelocityRule } from './rule';

const fileSchema = z
  .strictObject({ rules: z.array(ruleSpec).max(100) })
  .refine((f) => new Set(f.rules.map((r) => r.name)).size === f.rules.length, {
    message: 'two rules have the same name',
    path: ['rules'],
  });

/** The rules of a file's parsed content, or the first problem in words naming the rule and the field. */
export function parseVelocityRules(content: unknown, where: string): VelocityRule[] {
  const parsed = fileSchema.safeParse(content);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const at = issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw new Error(`PAYMENT_VELOCITY_RULES_FILE: ${where}${at}: ${issue.message}`);
  }
  return parsed.data.rules.map((r) => fromSpec(r, 'file'));
}

export function readVelocityRulesFile(filePath: string): VelocityRule[] {
  let content: unknown;
  try {
    content = readStructuredFile(filePath);
  } catch (err) {
    throw new Error(`PAYMENT_VELOCITY_RULES_FILE: cannot read ${filePath}: ${(err as Error).message}`);
  }
  return parseVelocityRules(content, filePath);
}
