import { expect, test, type Page } from "@playwright/test";
import { SHORT_IDLE_PORT } from "../playwright.config";
import { botCheckHeader, enterPortal, PASSWORD, watchPage } from "./support";

/*
 * Classic payloads through every field the customer writes and the elements show again, rendered
 * on every screen that shows them (and in the demo outbox): no dialog, no element made from a
 * payload, no Content-Security-Policy violation. The payloads are written on the short-idle
 * server's database, where no other test reads this account's data.
 */
test.use({ baseURL: `http://127.0.0.1:${SHORT_IDLE_PORT}` });

const EMAIL = "stale@demo.macc.test";
const RLO = "\u202E";
const ZWSP = "\u200B";
/** One payload per field (each within its field's length), each a different way out of text. */
const PAYLOADS = {
  nom: `<img src=x onerror=alert("nom")>`,
  prenom: `<script>alert("prenom")</script>`,
  fonction: `"><svg onload=alert("fonction")>`,
  adresse: `javascript:alert("adresse")//`,
  adresse_complement: `' onmouseover='alert(1)' x='" onfocus="alert(2)`,
  ville: `{{constructor.constructor('alert(3)')()}} \${alert(4)}`,
  raison_sociale: `SAS ${RLO}<img src=x onerror=alert(5)>${ZWSP}gnp.exe`,
  formeJuridique: `<svg/onload=alert(6)>`,
  subject: `<iframe srcdoc="<script>alert(7)</script>">`,
  message: `</textarea><script>alert(8)</script><a href="javascript:alert(9)">clic</a> ${ZWSP}<img src=x onerror=alert(10)>`,
  societe: `"><img src=x onerror=alert(11)>`,
  registration: `<img src=x onerror=alert(12)>`,
} as const;

/**
 * Elements a payload would have made, in the page and in every open shadow root: scripts without
 * a file, frames, images from "x", any `on…` attribute, `javascript:` links. The demo outbox's sandboxed frames (no scripts, no access to the page, an origin of their own) are its own.
 */
function injectedElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walk = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll("*")) {
        const on = el.getAttributeNames().filter((name) => name.startsWith("on"));
        const sandboxed = el.localName === "iframe" && el.getAttribute("sandbox") === "";
        if (
          on.length ||
          (el.localName === "script" && !el.hasAttribute("src")) ||
          (el.localName === "iframe" && !sandboxed) ||
          (el.localName === "img" && el.getAttribute("src") === "x") ||
          /^\s*javascript:/i.test(el.getAttribute("href") ?? "")
        )
          found.push(`${el.localName} ${on.join(" ")} ${el.outerHTML.slice(0, 80)}`);
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    return found;
  });
}

test("payloads in personal, company, contact, basket and registration data stay text on every screen that shows them", async ({ page }) => {
  test.slow(); // eight screens and three proofs of work
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const { problems } = watchPage(page);
  await page.addInitScript(() => {
    const w = window as { cspViolations?: string[] };
    w.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) => w.cspViolations!.push(`${e.violatedDirective} ${e.sample}`), true);
  });
  const expectClean = async (where: string) => {
    expect(await injectedElements(page), where).toEqual([]);
    expect(await page.evaluate(() => (window as { cspViolations?: string[] }).cspViolations), where).toEqual([]);
  };

  // Registration, as a visitor: what is typed is searched for and may be shown again.
  await page.goto("/portail/inscription");
  await page.locator("macc-portal main").getByLabel("Numéro client").fill(PAYLOADS.registration);
  await page
    .locator("macc-portal main")
    .getByLabel(/^Adresse e-mail/)
    .fill("x@exemple.test");
  await page
    .locator("macc-portal main")
    .getByLabel(/^Téléphone mobile/)
    .fill("+33 6 12 34 56 78");
  await page.locator("macc-portal main").getByRole("button", { name: "Rechercher mon entreprise" }).click();
  await expect(page.locator("macc-portal main").getByRole("alert").first()).toBeVisible();
  await expectClean("registration");

  // Written through the API, as a client would: the profile and company, then a contact message.
  const login = await page.request.post("/api/auth/login", {
    data: { email: EMAIL, password: PASSWORD },
    headers: await botCheckHeader(page.request),
  });
  expect(login.status()).toBe(200);
  const token = ((await login.json()) as { user: { entreprises: { token: string }[] } }).user.entreprises[0]!.token;
  const auth = { Authorization: `Bearer ${token}` };
  const profile = (await (await page.request.get("/api/me/profile", { headers: auth })).json()) as {
    user: Record<string, unknown>;
    entreprise: Record<string, unknown>;
  };
  const { nom, prenom, fonction, adresse, adresse_complement, ville, raison_sociale, formeJuridique } = PAYLOADS;
  const saved = await page.request.put("/api/me/profile", {
    headers: auth,
    data: {
      user: { ...profile.user, nom, prenom, fonction, adresse, adresse_complement, ville },
      entreprise: { raison_sociale, formeJuridique, immatriculation: profile.entreprise.immatriculation },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const footer = (await (await page.request.get("/api/servicesMACC/reseau/FRA/type/gen?langue=fr-FR")).json()) as {
    listSousServices: { nomSousService: string }[];
  };
  const sent = await page.request.post("/api/me/contact", {
    headers: { ...auth, ...(await botCheckHeader(page.request)) },
    data: { service: footer.listSousServices[0]!.nomSousService, subject: PAYLOADS.subject, message: PAYLOADS.message },
  });
  expect(sent.status(), await sent.text()).toBeLessThan(300);

  // Every screen that shows them.
  await enterPortal(page, EMAIL, 0, "/portail/mon-compte/confirmation-information");
  const main = page.locator("macc-portal main");
  await expect(main.getByText(PAYLOADS.nom).first()).toBeVisible();
  await expectClean("confirmation");
  for (const path of ["/portail/mon-compte", "/portail/mon-compte/mes-informations", "/portail/contact", "/france.html"]) {
    await page.goto(path);
    await expect(page.locator("macc-header").or(page.locator("macc-portal header")).first().getByText(/SAS/).first()).toBeVisible();
    await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
    await expectClean(path);
  }

  // The basket: the name comes from the profile, the company typed in the form (it goes to the adviser's e-mail).
  await page.goto("/portail/panier/validation?panier=1001");
  await expect(main.getByLabel("Votre nom")).toHaveValue(`${prenom} ${nom}`);
  await main.getByLabel("Raison sociale").fill(PAYLOADS.societe);
  await main.getByLabel("Téléphone mobile").fill("+33 6 12 34 56 78");
  await main.getByLabel("Numéro d'immatriculation de l'entreprise").fill("552100554");
  await main.getByRole("button", { name: /Valider et être contacté par un conseiller/ }).click();
  await expect(page).toHaveURL(/\/panier\/valide$/);
  await expect(main.getByText("Votre demande a bien été enregistrée.")).toBeVisible();
  await expectClean("basket sent");

  expect(dialogs).toEqual([]);
  expect(problems).toEqual([]);

  // The demo outbox, where the contact message and the basket's e-mail arrive. The e-mails' HTML
  // versions show in sandboxed frames at addresses of their own, whose policy allows their inline
  // styles and nothing else: no violation is expected anywhere.
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get("/demo/outbox.json")).json()) as { text: string; html: string | null }[];
      return mails.filter((m) => m.text.includes(PAYLOADS.subject) || m.text.includes(PAYLOADS.societe)).length;
    })
    .toBeGreaterThanOrEqual(2);
  await page.goto("/demo/outbox");
  await expect(page.getByText(PAYLOADS.subject).first()).toBeVisible();
  await expectClean("outbox");
  const mails = (await (await page.request.get("/demo/outbox.json")).json()) as { text: string; html: string | null }[];
  for (const { html } of mails.filter((m) => m.text.includes(PAYLOADS.subject) || m.text.includes(PAYLOADS.societe))) {
    expect(html ?? "").not.toMatch(/<(script|img|svg|iframe)\b/i);
  }

  expect(dialogs).toEqual([]);
  expect(problems).toEqual([]);
});
