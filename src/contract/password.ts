/** Changing the password once (`/api/me/password`); the new one's rules are SPEC §5's (password-rules.ts). */
import type * as v from "valibot";
import { password, requestObject } from "./rules";

/** The new password's rules and its confirmation are checked after the schema (one message per broken rule). */
export const ChangePasswordRequest = requestObject({
  ancienMotDePasse: password(),
  nouveauMotDePasse: password(),
  confirmerMotDePasse: password(),
});
export type ChangePasswordRequest = v.InferInput<typeof ChangePasswordRequest>;
