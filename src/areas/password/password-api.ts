import type { RequestOptions } from "../../core/api";

type Request = <T>(path: string, options?: RequestOptions) => Promise<T>;

/** These forms show every failure themselves, so no generic toast doubles them. */
const FORM_ERRORS = [400, 403, 409, 410, 422, 500, 502, 503, 504, 0];

export interface NewPassword {
  nouveauMotDePasse: string;
  confirmerMotDePasse: string;
}

export function changePassword(request: Request, body: NewPassword & { ancienMotDePasse: string }): Promise<void> {
  return request("/me/password", { method: "POST", body, expected: FORM_ERRORS });
}

/** Always answers the same, whether or not the account exists (no user enumeration). */
export function requestReset(request: Request, email: string, resetPath: string): Promise<void> {
  return request("/auth/forgot", { method: "POST", body: { email, resetPath }, anonymous: true, expected: [...FORM_ERRORS, 429] });
}

export function resetPassword(request: Request, body: NewPassword & { token: string }): Promise<void> {
  return request("/auth/reset", { method: "POST", body, anonymous: true, expected: [...FORM_ERRORS, 429] });
}
