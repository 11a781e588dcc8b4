import { Hono } from "hono";
import { NETWORK_CODES, type NetworkCode } from "../../src/core/constants.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { answerLanguage } from "../http/locale.ts";
import { MESSAGES, ProblemError } from "../http/problem.ts";
import { networkAddress, networkSubServices, type NetworkAddress } from "../queries/footer.ts";

/** Footer contact block of a network (SPEC §7). */
export interface FooterContact extends NetworkAddress {
  listSousServices: { nomSousService: string; telephone1: string; mail1: string; mail2: string }[];
}

const isNetworkCode = (value: string): value is NetworkCode => (NETWORK_CODES as readonly string[]).includes(value);

/** `/servicesMACC/reseau`: a network's footer contacts, on the path SPEC §7 gives. */
export function footerRoutes(deps: Deps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();

  app.get("/:codeReseau/type/gen", async (c) => {
    const code = c.req.param("codeReseau").toUpperCase();
    if (!isNetworkCode(code)) throw new ProblemError(404, "not-found", MESSAGES.unknownNetwork);
    const language = answerLanguage(c);
    const address = await networkAddress(db, code);
    if (!address) throw new ProblemError(404, "not-found", MESSAGES.unknownNetwork);
    const services = await networkSubServices(db, code, language);
    const body: FooterContact = {
      ...address,
      listSousServices: services.map((s) => ({ nomSousService: s.nom, telephone1: s.telephone1, mail1: s.mail1, mail2: s.mail2 })),
    };
    c.header("Cache-Control", "public, max-age=300");
    return c.json(body);
  });

  return app;
}
