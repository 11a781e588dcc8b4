import { useLingui } from "@lingui/react/macro";
import type { Role } from "../contract/permissions";

/** Each role as the customer reads it (the team, the company choice). */
export function useRoleLabels(): Record<Role, string> {
  const { t } = useLingui();
  return {
    owner: t`Owner`,
    full: t`Full access`,
    accountant: t`Accountant`,
    workshop: t`Workshop`,
    "read-only": t`Read-only`,
  };
}
