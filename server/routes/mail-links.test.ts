/**
 * The e-mails' links to portal screens lead to the customer's own country site, at the route in
 * their language (server/mail/portal-links.ts): uk@ (en-GB) gets the English routes on the British
 * site that PORTAL_BASE names, due@ (fr-FR) the French ones on the default portal.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayOf, queueInvoiceDigest } from "../jobs/notification-digest.ts";
import { createTestApp, demoLogin, settleMail, signedPost, waitForMail, type TestContext } from "../test-support.ts";

const UK = "4000128"; // uk@'s company
const DUE = "1009045"; // due@'s company
const BRITISH_PORTAL = "https://www.macc.co.uk/portal";

let t: TestContext;
const signed = (body: unknown) => signedPost(t.app, "/api/integrations/notifications/events", body);
const stamp = Date.now();

beforeAll(async () => {
  t = await createTestApp({ portalBases: { default: "/portail", locales: { "en-GB": BRITISH_PORTAL } } });
});
afterAll(async () => {
  await settleMail(t.db);
  await t.close();
});

describe("links in e-mails", () => {
  it("the new-device alert's “this wasn't me”: uk@'s on the British site in English", async () => {
    await demoLogin(t.app, "uk@demo.macc.test", "10.86.0.1");
    const mail = await waitForMail(t.db, (m) => m.to === "uk@demo.macc.test" && /alerte=/.test(m.text));
    expect(mail.text).toContain(`${BRITISH_PORTAL}/forgotten-password?alerte=`);
  });

  it("the day's invoice digest: uk@'s to its English bills, due@'s to the French ones on the default portal", async () => {
    expect((await signed({ eventId: `links-${stamp}-1`, type: "invoice", idTier: UK, numero: "GB2026-07001" })).status).toBe(200);
    expect((await signed({ eventId: `links-${stamp}-2`, type: "invoice", idTier: DUE, numero: "FG2026-07001" })).status).toBe(200);
    const secret = () => Promise.resolve(Buffer.from("test-token-secret"));
    await queueInvoiceDigest({ db: t.db, config: t.config, secret, mailer: t.mailer }, dayOf(new Date()));
    const uk = await waitForMail(t.db, (m) => m.to === "uk@demo.macc.test" && m.text.includes("/bills"));
    expect(uk.text).toContain(`${BRITISH_PORTAL}/my-account/bills`);
    expect(uk.html).toContain(`href="${BRITISH_PORTAL}/my-account/bills"`);
    const due = await waitForMail(t.db, (m) => m.to === "due@demo.macc.test" && m.text.includes("/factures"));
    expect(due.text).toContain(`${t.config.publicUrl}/portail/mon-compte/factures`);
  });

  it("a new document: uk@'s link to its product in English on the British site", async () => {
    // uk@'s company owns no machine in the demo: it buys one of a family.
    const { rows } = await t.db.query<{ code_famille: string }>("SELECT code_famille FROM products ORDER BY position LIMIT 1");
    const family = rows[0]!.code_famille;
    await t.db.query(
      `INSERT INTO company_product_purchases (id_tier, code_famille, code_produit, date_achat, quantite)
       VALUES ($1, $2, $2 || '-1', current_date, 1)`,
      [UK, family],
    );
    const title = `Manual ${stamp}`;
    expect((await signed({ eventId: `links-${stamp}-3`, type: "document", codeFamille: family, title })).status).toBe(200);
    const mail = await waitForMail(t.db, (m) => m.to === "uk@demo.macc.test" && (m.subject ?? "").includes(title));
    expect(mail.text).toContain(`${BRITISH_PORTAL}/my-account/MACC-products/${encodeURIComponent(family)}`);
  });
});
