import type { ApiRequest } from "../../core/api";
import { BOT_CHECK_HEADER } from "../../core/bot-check";
import type { NewPassword } from "../../ui/useNewPasswordRules";

/** These forms show every failure themselves, so no generic toast doubles them. */
const FORM_ERRORS = [400, 403, 409, 410, 422, 500, 502, 503, 504, 0];

export function changePassword(request: ApiRequest, body: NewPassword & { ancienMotDePasse: string }): Promise<void> {
  return request("/me/password", { method: "POST", body, expected: FORM_ERRORS });
}

/** Always answers the same, whether or not the account exists (no user enumeration). */
export function requestReset(request: ApiRequest, email: string, resetPath: string, botCheck: string): Promise<void> {
  return request("/auth/forgot", {
    method: "POST",
    body: { email, resetPath },
    anonymous: true,
    headers: { [BOT_CHECK_HEADER]: botCheck },
    expected: [...FORM_ERRORS, 429],
  });
}

export function resetPassword(request: ApiRequest, body: NewPassword & { token: string }): Promise<void> {
  return request("/auth/reset", { method: "POST", body, anonymous: true, expected: [...FORM_ERRORS, 429] });
}
