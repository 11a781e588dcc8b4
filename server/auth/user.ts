import type { Queryable } from "../db/db.ts";
import { type CompanyView } from "../queries/companies.ts";
import { accountCompanies, accountLogin } from "../queries/users.ts";
import { signAccessToken } from "./tokens.ts";

export interface UserView {
  uuidCompte: string;
  infosConnexion: { emailLogin: string };
  codeReseau: string | null;
  token?: string;
  /** ISO date-time of the previous login, or null. */
  derniereConnexion: string | null;
  entreprises: CompanyView[];
}

function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** Loads an account and its companies (in link order); null when the account does not exist. */
export async function loadUser(db: Queryable, uuidCompte: string): Promise<UserView | null> {
  const account = await accountLogin(db, uuidCompte);
  if (!account) return null;
  const entreprises = await accountCompanies(db, uuidCompte);
  return {
    uuidCompte: account.uuidCompte,
    infosConnexion: { emailLogin: account.email },
    codeReseau: entreprises[0]?.codeReseau ?? null,
    derniereConnexion: iso(account.previousLoginAt),
    entreprises,
  };
}

/** Adds an account-level token and one company-scoped token per company. */
export function withTokens(user: UserView, secret: Buffer, sid: string, ttlSeconds: number): UserView {
  const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
  const token = signAccessToken(secret, { sid, sub: user.uuidCompte, tier: null, exp });
  return {
    uuidCompte: user.uuidCompte,
    infosConnexion: user.infosConnexion,
    codeReseau: user.codeReseau,
    token,
    derniereConnexion: user.derniereConnexion,
    entreprises: user.entreprises.map((e) => ({
      idTier: e.idTier,
      token: signAccessToken(secret, { sid, sub: user.uuidCompte, tier: e.idTier, exp }),
      codeReseau: e.codeReseau,
      formeJuridique: e.formeJuridique,
      raisonSocial: e.raisonSocial,
      immatriculation: e.immatriculation,
      numeroClient: e.numeroClient,
      pays: e.pays,
      derniereMiseAJour: e.derniereMiseAJour,
      role: e.role ?? "owner",
    })),
  };
}
