import { useEffect, useState } from "react";
import type { NotificationsAnswer, NotificationStateRequest } from "../contract/notifications";
import type { ApiRequest } from "../core/api";
import { resourceCacheOf } from "../core/resource-cache";
import { selectCompany } from "../core/store";
import { useElement, useMacc } from "./context";
import { useResource } from "./useResource";

/*
 * What needs the customer (issue 30): one read per page, shared through the page's resource cache
 * by the action banner and the header's count, kept in memory only (nothing personal in storage).
 */

/** Kept for the page's other elements a minute; the banner's changes drop it. */
const NOTIFICATIONS_TTL_MS = 60_000;
const KEY_PREFIX = "notifications:";

/**
 * The answer's shape, checked by hand as the footer's is (src/core/contacts.ts): the schemas'
 * library would weigh more than the banner itself on a page that only shows it.
 */
function isNotificationsAnswer(raw: unknown): raw is NotificationsAnswer {
  const answer = raw as Partial<NotificationsAnswer> | null;
  return (
    typeof answer?.total === "number" &&
    typeof answer.actionRequired === "number" &&
    Array.isArray(answer.entries) &&
    answer.entries.every((e) => typeof e?.key === "string" && typeof e.kind === "string" && typeof e.fingerprint === "string")
  );
}

async function getNotifications(request: ApiRequest, signal?: AbortSignal): Promise<NotificationsAnswer> {
  const raw = await request<unknown>("/me/notifications", { signal, errors: "inline" });
  if (!isNotificationsAnswer(raw)) throw new TypeError("Unexpected answer from the notifications call");
  return raw;
}

/** The selected company's entries; `null` key (nothing read) for a visitor or before a company is chosen. */
export function useNotifications() {
  const { request } = useElement();
  const idTier = useMacc((s) => selectCompany(s)?.idTier ?? null);
  return useResource(idTier ? KEY_PREFIX + idTier : null, (signal) => getNotifications(request, signal), { ttlMs: NOTIFICATIONS_TTL_MS });
}

/** Reads or dismisses an entry (on every device), then drops the page's copy. */
export function useNotificationState() {
  const { request, core } = useElement();
  return async (key: string, body: NotificationStateRequest) => {
    await request<unknown>(`/me/notifications/${encodeURIComponent(key)}/state`, { method: "PUT", body, errors: "inline" });
    resourceCacheOf(core).invalidate(KEY_PREFIX);
  };
}

export interface NotificationCounts {
  total: number;
  actionRequired: number;
}

export const NOTIFICATIONS_EVENT = "macc-notifications-change";

/**
 * The count the header shows: the shared read's, then what the banner tells the page
 * (`macc-notifications-change` on `document`) after an entry was dismissed.
 */
export function useNotificationCount(): number {
  const notifications = useNotifications();
  const [told, setTold] = useState<number | null>(null);
  useEffect(() => {
    const listen = (event: Event) => setTold((event as CustomEvent<NotificationCounts>).detail.total);
    document.addEventListener(NOTIFICATIONS_EVENT, listen);
    return () => document.removeEventListener(NOTIFICATIONS_EVENT, listen);
  }, []);
  return told ?? (notifications.status === "ready" ? notifications.data.total : 0);
}
