import type { FieldError } from "../../ui/ErrorSummary";

/**
 * The errors of a form that sets a password: the new password's rules and its confirmation
 * (SPEC §5) as every such form words them, then the contract's verdict on the fields they leave alone.
 */
export function withPasswordRules(rules: FieldError[], contract: FieldError[]): FieldError[] {
  return [...rules, ...contract.filter(({ field }) => !rules.some((error) => error.field === field))];
}
