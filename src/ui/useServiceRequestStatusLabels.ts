import { useLingui } from "@lingui/react/macro";
import type { ServiceRequestStatus } from "../contract/service-request";

/** A service request's state as the customer reads it: the requests' list and timeline, the product fleet's lines. */
export function useServiceRequestStatusLabels(): Record<ServiceRequestStatus, string> {
  const { t } = useLingui();
  return {
    received: t`Received`,
    assigned: t`Assigned`,
    scheduled: t`Visit scheduled`,
    "waiting-for-parts": t`Waiting for parts`,
    done: t`Done`,
    cancelled: t`Cancelled`,
  };
}
