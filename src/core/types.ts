/** Entities of SPEC §3, as the reference API sends them. */
import type { Role } from "../contract/permissions";

export interface Entreprise {
  idTier: string;
  /** Access token scoped to this company; memory only, never persisted. */
  token?: string;
  codeReseau: string;
  formeJuridique: string;
  raisonSocial: string;
  immatriculation: string;
  numeroClient: string;
  /** ISO country code of the company (orders its name and legal form); older APIs omit it. */
  pays?: string;
  /** ISO date of the last confirmation of the company's data; null for migrated accounts. */
  derniereMiseAJour: string | null;
  /** The account's role in this company (src/contract/permissions.ts); an API without roles omits it: owner. */
  role?: Role;
}

export interface User {
  uuidCompte: string;
  infosConnexion: { emailLogin: string };
  entreprises: Entreprise[];
  codeReseau: string;
  /** Account-level access token; memory only, never persisted. */
  token?: string;
  derniereConnexion?: string | null;
}

export interface UserPanier {
  mobile?: string;
  immat?: string;
  pays?: string;
  nom?: string;
  societe?: string;
  langue?: string;
}
