/** Changing the password once (`/api/me/password`); the new one's rules are SPEC §5's (password-rules.ts). */
import * as v from "valibot";
import { password, requestObject } from "./rules";

/** The new password's rules and its confirmation are checked after the schema (one message per broken rule). */
export const ChangePasswordRequest = requestObject({
  ancienMotDePasse: password(),
  nouveauMotDePasse: password(),
  confirmerMotDePasse: password(),
});
export type ChangePasswordRequest = v.InferInput<typeof ChangePasswordRequest>;

/** `GET /api/me/password`: whether the one change is still to be made, so the screen says so before anything is typed. */
export const PasswordStateAnswer = v.object({
  /** False once the password was changed: the forgotten-password link is the way after that. */
  modifiable: v.boolean(),
});
export type PasswordStateAnswer = v.InferOutput<typeof PasswordStateAnswer>;
