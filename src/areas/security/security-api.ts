import * as v from "valibot";
import type { ApiRequest } from "../../core/api";
import { ActivityAnswer, DevicesAnswer, SignedOut, type ActivityFilter } from "../../contract/security";

/** The account's signed-in devices. */
export async function getDevices(request: ApiRequest, signal?: AbortSignal): Promise<DevicesAnswer> {
  return v.parse(DevicesAnswer, await request<unknown>("/me/security/devices", { signal, errors: "inline" }));
}

/** Signs out one device (its session ends). */
export async function signOutDevice(request: ApiRequest, id: string): Promise<void> {
  await request<unknown>(`/me/security/devices/${encodeURIComponent(id)}`, { method: "DELETE", errors: "inline" });
}

/** Signs out every other device; how many sessions ended. */
export async function signOutOtherDevices(request: ApiRequest): Promise<SignedOut> {
  return v.parse(SignedOut, await request<unknown>("/me/security/devices/sign-out-others", { method: "POST", errors: "inline" }));
}

/** A page of the activity log (`after`: the previous page's `next`), optionally of one kind of lines. */
export async function getActivity(
  request: ApiRequest,
  query: { kind: ActivityFilter | null; after: string | null },
  signal?: AbortSignal,
): Promise<ActivityAnswer> {
  const search = new URLSearchParams();
  if (query.kind) search.set("kind", query.kind);
  if (query.after) search.set("after", query.after);
  const path = `/me/security/activity${search.size ? `?${search}` : ""}`;
  return v.parse(ActivityAnswer, await request<unknown>(path, { signal, errors: "inline" }));
}
