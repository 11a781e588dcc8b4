import { Hono } from "hono";
import { NETWORK_CODES, type NetworkCode } from "../../src/core/constants.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { entityOf, PUBLIC_CACHE, sendEntity, type Entity } from "../http/etag.ts";
import { answerLanguage } from "../http/locale.ts";
import { MESSAGES, ProblemError } from "../http/problem.ts";
import { networkAddress, networkSubServices, type NetworkAddress } from "../queries/footer.ts";

/** Footer contact block of a network (SPEC §7). */
export interface FooterContact extends NetworkAddress {
  listSousServices: { nomSousService: string; telephone1: string; mail1: string; mail2: string }[];
}

const isNetworkCode = (value: string): value is NetworkCode => (NETWORK_CODES as readonly string[]).includes(value);

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

  app.get("/:codeReseau/type/gen", async (c) => {
    const code = c.req.param("codeReseau").toUpperCase();
    if (!isNetworkCode(code)) throw new ProblemError(404, "not-found", MESSAGES.unknownNetwork);
    const language = answerLanguage(c);
    const tags = [`footer_contacts:${code}`, `footer_sub_services:${code}`, "footer_sub_service_names"];
    const block = await blocks.get(`${code}:${language}`, tags, () => load(code, language));
    if (!block) throw new ProblemError(404, "not-found", MESSAGES.unknownNetwork);
    return sendEntity(c, block, { "Cache-Control": PUBLIC_CACHE });
  });

  return app;
}
