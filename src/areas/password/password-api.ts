import * as v from "valibot";
import type { ResetRequest } from "../../contract/auth";
import { PasswordStateAnswer, type ChangePasswordRequest } from "../../contract/password";
import type { ApiRequest } from "../../core/api";
import { BOT_CHECK_HEADER } from "../../core/bot-check";

/** Whether the one change (SPEC §4) is still to be made; the screen shows a failure itself. */
export async function getPasswordState(request: ApiRequest, signal?: AbortSignal): Promise<PasswordStateAnswer> {
  return v.parse(PasswordStateAnswer, await request<unknown>("/me/password", { signal, errors: "inline" }));
}

/** These forms show every failure themselves (`errors: "inline"`), so no generic toast doubles them. */
export function changePassword(request: ApiRequest, body: ChangePasswordRequest): Promise<void> {
  return request("/me/password", { method: "POST", body, errors: "inline" });
}

/** Always answers the same, whether or not the account exists (no user enumeration). */
export function requestReset(request: ApiRequest, email: string, resetPath: string, botCheck: string): Promise<void> {
  return request("/auth/forgot", {
    method: "POST",
    body: { email, resetPath },
    anonymous: true,
    headers: { [BOT_CHECK_HEADER]: botCheck },
    errors: "inline",
  });
}

/** Resolves while the link can still set a password; a used, expired or superseded one is a 410. */
export function checkResetLink(request: ApiRequest, token: string): Promise<void> {
  return request("/auth/reset/check", { method: "POST", body: { token }, anonymous: true, errors: "inline" });
}

/** A security alert's "this wasn't me": every session ends and a reset link is mailed (no session needed). */
export function securityAlertNotMe(request: ApiRequest, token: string, resetPath: string): Promise<void> {
  return request("/security/not-me", { method: "POST", body: { token, resetPath }, anonymous: true, errors: "inline" });
}

export function resetPassword(request: ApiRequest, body: ResetRequest): Promise<void> {
  return request("/auth/reset", { method: "POST", body, anonymous: true, errors: "inline" });
}
