import { Hono, type Context } from "hono";
import type { Queryable } from "../db/db.ts";
import { isLocale, requestLocale, type AppEnv, type Deps } from "../http/context.ts";
import { MESSAGES, ProblemError } from "../http/problem.ts";

export const NETWORK_CODES = ["FRA", "AGR", "FIL", "EXP", "BLG", "GBR", "ESP", "ITA"] as const;
export type NetworkCode = (typeof NETWORK_CODES)[number];

export function isNetworkCode(value: string): value is NetworkCode {
  return (NETWORK_CODES as readonly string[]).includes(value);
}

/** Footer contact block of a network (SPEC §7). */
export interface FooterContact {
  adresseTitre: string;
  adresseLigne1: string;
  adresseLigne2: string;
  codePostal: string;
  ville: string;
  listSousServices: { nomSousService: string; telephone1: string; mail1: string; mail2: string }[];
}

/**
 * Locale of the `langue` query parameter (underscore accepted), else of the X-langue header (then
 * `Vary: X-langue`). An unknown `langue` → 400.
 */
export function langueParam(c: Context<AppEnv>): string {
  const queryLangue = c.req.query("langue");
  if (queryLangue !== undefined && queryLangue !== "") {
    const normalised = queryLangue.replace("_", "-");
    if (!isLocale(normalised)) {
      throw new ProblemError(400, "bad-request", MESSAGES.badLocale, {
        errors: [{ path: "langue", message: MESSAGES.badLocale }],
      });
    }
    return normalised;
  }
  c.header("Vary", "X-langue");
  return requestLocale(c);
}

export interface SubService {
  id: number;
  nom: string;
  telephone1: string;
  mail1: string;
  mail2: string;
}

/**
 * Sub-services of a network in display order, named in `language` (two letters), else in the
 * network's main language, else in any language.
 */
export async function networkSubServices(db: Queryable, code: string, language: string): Promise<SubService[]> {
  const { rows } = await db.query<{ id: number; nom: string | null; telephone1: string; mail1: string; mail2: string }>(
    `SELECT s.id, s.telephone1, s.mail1, s.mail2,
            COALESCE(
              (SELECT n.nom FROM footer_sub_service_names n WHERE n.sub_service_id = s.id AND n.langue = $2),
              (SELECT n.nom FROM footer_sub_service_names n WHERE n.sub_service_id = s.id AND n.langue = f.langue_principale),
              (SELECT n.nom FROM footer_sub_service_names n WHERE n.sub_service_id = s.id ORDER BY n.langue LIMIT 1)
            ) AS nom
     FROM footer_sub_services s JOIN footer_contacts f ON f.code_reseau = s.code_reseau
     WHERE s.code_reseau = $1
     ORDER BY s.position`,
    [code, language],
  );
  return rows.map((r) => ({ ...r, nom: r.nom ?? "" }));
}

export function footerRoutes(deps: Deps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();

  app.get("/servicesMACC/reseau/:codeReseau/type/gen", async (c) => {
    const code = c.req.param("codeReseau").toUpperCase();
    if (!isNetworkCode(code)) throw new ProblemError(404, "not-found", MESSAGES.unknownNetwork);

    const langue = langueParam(c);
    const language = langue.slice(0, 2);

    const contact = (
      await db.query<{
        adresse_titre: string;
        adresse_ligne1: string;
        adresse_ligne2: string;
        code_postal: string;
        ville: string;
      }>(
        `SELECT adresse_titre, adresse_ligne1, adresse_ligne2, code_postal, ville
         FROM footer_contacts WHERE code_reseau = $1`,
        [code],
      )
    ).rows[0];
    if (!contact) throw new ProblemError(404, "not-found", MESSAGES.unknownNetwork);

    const services = await networkSubServices(db, code, language);

    const body: FooterContact = {
      adresseTitre: contact.adresse_titre,
      adresseLigne1: contact.adresse_ligne1,
      adresseLigne2: contact.adresse_ligne2,
      codePostal: contact.code_postal,
      ville: contact.ville,
      listSousServices: services.map((s) => ({
        nomSousService: s.nom,
        telephone1: s.telephone1,
        mail1: s.mail1,
        mail2: s.mail2,
      })),
    };
    c.header("Cache-Control", "public, max-age=300");
    return c.json(body);
  });

  return app;
}
