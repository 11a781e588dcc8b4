import type { Entreprise, User } from "./types";

/**
 * The session's access tokens: the account's, and one per company it acts for. They live in this
 * object's memory only — never in the store, which is persisted — and a reload gets new ones from
 * the HttpOnly refresh cookie set by the API.
 */
export interface AccessTokens {
  /** Keeps the tokens of a login or refresh answer, replacing the previous ones. */
  remember(user: User): void;
  forget(): void;
  /** The token of the company the customer acts for, else the account's; null when there is none. */
  forCompany(idTier: string | null): string | null;
}

export function createAccessTokens(): AccessTokens {
  let account: string | null = null;
  let companies = new Map<string, string>();
  return {
    remember(user) {
      account = user.token ?? null;
      companies = new Map(user.entreprises.flatMap((e) => (e.token ? [[e.idTier, e.token] as const] : [])));
    },
    forget() {
      account = null;
      companies = new Map();
    },
    forCompany(idTier) {
      return (idTier === null ? undefined : companies.get(idTier)) ?? account;
    },
  };
}

const withoutToken = <T extends { token?: string }>(value: T): Omit<T, "token"> => {
  const { token: _token, ...rest } = value;
  return rest;
};

/** The account as the store keeps it: every token removed. */
export function withoutTokens(user: User): User {
  return { ...withoutToken(user), entreprises: user.entreprises.map((e) => withoutToken(e) as Entreprise) };
}
