import { useLingui } from "@lingui/react/macro";
import { LoadError } from "../../ui/LoadError";

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui();
  return <LoadError message={t`Your information cannot be shown right now.`} onRetry={onRetry} />;
}
