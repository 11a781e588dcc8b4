import { useLingui } from "@lingui/react/macro";
import { Skeleton } from "../../ui/Alert";

/** Reserves the form's height while the profile loads. */
export function ProfileSkeleton() {
  const { t } = useLingui();
  return (
    <div role="status" aria-label={t`Loading your information`}>
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="field">
          <Skeleton width="10em" />
          <Skeleton height="2.75em" width="min(30em, 100%)" />
        </div>
      ))}
    </div>
  );
}
