/** Logging in, the session's answer, and the forgotten-password link (`/api/auth`). */
import * as v from "valibot";
import { RoleSchema } from "./permissions";
import { email, pagePath, password, requiredText } from "./rules";

export const LoginRequest = v.object({ email: email(), password: password(1024) });
export type LoginRequest = v.InferInput<typeof LoginRequest>;

const Company = v.object({
  idTier: v.string(),
  /** The access token scoped to this company. */
  token: v.optional(v.string()),
  codeReseau: v.string(),
  formeJuridique: v.string(),
  raisonSocial: v.string(),
  immatriculation: v.string(),
  numeroClient: v.string(),
  pays: v.optional(v.string()),
  /** ISO date of the last confirmation of the company's data, or null (never confirmed). */
  derniereMiseAJour: v.nullable(v.string()),
  /**
   * The account's role in this company (src/contract/permissions.ts); an API without roles: owner; a
   * role this bundle does not know yet: read-only (what it shows; the API decides what it answers).
   */
  role: v.fallback(v.optional(RoleSchema, "owner"), "read-only"),
});

/** A login's answer, a refresh's, and the end of a registration's. */
export const SessionAnswer = v.object({
  accessToken: v.string(),
  expiresIn: v.number(),
  /** Seconds of inactivity after which the server ends the session. */
  idleTimeout: v.optional(v.number()),
  user: v.object({
    uuidCompte: v.string(),
    infosConnexion: v.object({ emailLogin: v.string() }),
    /** The network of the first company ("" for an account without one). */
    codeReseau: v.nullish(v.string(), ""),
    token: v.optional(v.string()),
    derniereConnexion: v.optional(v.nullable(v.string())),
    entreprises: v.array(Company),
  }),
});
export type SessionAnswer = v.InferOutput<typeof SessionAnswer>;

export const ForgotRequest = v.object({
  email: email(),
  /** The page receiving the reset link. */
  resetPath: pagePath(),
});

const resetToken = () => requiredText(200);
export const ResetLinkRequest = v.object({ token: resetToken() });
export const ResetRequest = v.object({ token: resetToken(), nouveauMotDePasse: password(), confirmerMotDePasse: password() });
export type ResetRequest = v.InferInput<typeof ResetRequest>;
