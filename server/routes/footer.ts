import { Hono } from "hono";
import { FooterContact, FooterParams } from "../../src/contract/footer.ts";
import { LangueQuery } from "../../src/contract/parameters.ts";
import type { NetworkCode } from "../../src/contract/constants.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { entityOf, PUBLIC_CACHE, sendEntity, type Entity } from "../http/etag.ts";
import { answerLanguage } from "../http/locale.ts";
import { operation, paramsOf, queryOf } from "../http/operation.ts";
import { ProblemError } from "../http/problem.ts";
import { networkAddress, networkSubServices } from "../queries/footer.ts";

/** Still read here by the contact form's tests. */
export type { FooterContact };

/** One block per network and language. */
const MAX_BLOCKS = 200;

/**
 * `/servicesMACC/reseau`: a network's footer contacts, on the path SPEC §7 gives. The block is the
 * same for every visitor: kept in memory until its rows change (notifications of migration 0008).
 */
export function footerRoutes(deps: Deps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const blocks = deps.caches.create<Entity | null>(MAX_BLOCKS);

  const load = async (code: NetworkCode, language: string): Promise<Entity | null> => {
    const address = await networkAddress(db, code);
    if (!address) return null;
    const services = await networkSubServices(db, code, language);
    const body: FooterContact = {
      ...address,
      listSousServices: services.map((s) => ({ nomSousService: s.nom, telephone1: s.telephone1, mail1: s.mail1, mail2: s.mail2 })),
    };
    return entityOf(JSON.stringify(body), "application/json");
  };

  app.get(
    "/:codeReseau/type/gen",
    operation({
      operationId: "getFooterContact",
      summary: "Footer contact block of a network (SPEC §7)",
      tags: ["footer"],
      answers: {
        200: { description: "Contact block", schema: FooterContact },
        304: { description: "Unchanged since the `If-None-Match` tag" },
      },
      problems: [400, 404, 422],
    }),
    paramsOf(FooterParams, "unknownNetwork"),
    ...queryOf(LangueQuery),
    async (c) => {
      const code = c.req.valid("param").codeReseau;
      const language = answerLanguage(c);
      const tags = [`footer_contacts:${code}`, `footer_sub_services:${code}`, "footer_sub_service_names"];
      const block = await blocks.get(`${code}:${language}`, tags, () => load(code, language));
      if (!block) throw new ProblemError(404, "not-found", "unknownNetwork");
      return sendEntity(c, block, { "Cache-Control": PUBLIC_CACHE });
    },
  );

  return app;
}
