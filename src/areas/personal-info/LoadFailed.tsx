import { useLingui } from "@lingui/react/macro";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <>
      <Alert kind="error">{t`Your information cannot be shown right now.`}</Alert>
      <Button variant="secondary" onClick={onRetry}>
        {t`Try again`}
      </Button>
    </>
  );
}
