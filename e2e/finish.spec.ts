import { expect, test, type Locator, type Page } from "@playwright/test";
import { enterPortal, expectAccessible, unreadableButtons, watchPage } from "./support";

const portal = (page: Page) => page.locator("macc-portal");

/** The computed text and background colours of an element inside a shadow root. */
const colours = (locator: Locator) =>
  locator.evaluate((el) => ({ color: getComputedStyle(el).color, background: getComputedStyle(el).backgroundColor }));

test("links styled as buttons keep a readable label: 'Nous écrire' on the contacts page, 'Accéder à mon compte' when already logged in, both themes", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await enterPortal(page, "multi@demo.macc.test");
  for (const site of ["macc", "agrimacc"]) {
    await page.goto(`/portail/contact?site=${site}`);
    const write = portal(page).locator("main").getByRole("link", { name: "Nous écrire" });
    await expect(write).toBeVisible();
    const { color, background } = await colours(write);
    expect(color).toBe("rgb(255, 255, 255)");
    expect(background).not.toBe(color);
    expect(await unreadableButtons(page)).toEqual([]);
  }
  for (const site of ["macc", "agrimacc"]) {
    await page.goto(`/belgie.html?site=${site}`);
    const toAccount = page.locator("macc-login").locator("a.btn");
    await expect(toAccount).toBeVisible();
    const { color, background } = await colours(toAccount);
    expect(color).toBe("rgb(255, 255, 255)");
    expect(background).not.toBe(color);
    await expectAccessible(page);
  }
});

test("the adviser card keeps its name, job title, phones and e-mail inside the card and the screen, at 1280 and 360 px", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await enterPortal(page, "multi@demo.macc.test");
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ["/portail/contact/conseiller", "/portail/contact"]) {
      await page.goto(path);
      const card = portal(page).locator(".contact-card").first();
      await expect(card.locator('a[href^="mailto:"]')).toBeVisible();
      const overflow = await card.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return [...el.querySelectorAll("*")]
          .filter((child) => {
            const r = child.getBoundingClientRect();
            return r.width > 0 && (r.right > box.right + 0.5 || r.right > document.documentElement.clientWidth + 0.5);
          })
          .map((child) => `${child.localName}.${child.className}: ${child.textContent?.trim().slice(0, 40)}`);
      });
      expect(overflow, `${path} at ${width} px`).toEqual([]);
      // The whole address is shown and is the link's target (read together: the list may still be
      // settling, and two reads could see two different cards).
      const { href, shown } = await card.locator('a[href^="mailto:"]').evaluate((el) => {
        const copy = el.cloneNode(true) as HTMLElement;
        copy.querySelectorAll(".visually-hidden").forEach((hidden) => hidden.remove());
        return { href: el.getAttribute("href"), shown: copy.textContent!.trim() };
      });
      expect(href).toBe(`mailto:${shown}`);
    }
  }
  // The avatar is initials on a plain disc, not initials over a person silhouette.
  const photo = (await portal(page).locator("img.contact-card__photo").first().getAttribute("src"))!;
  const svg = await (await request.get(photo)).text();
  expect(svg).toContain("<text");
  expect(svg).not.toMatch(/<(path|circle)\b/);
});

/** Registration state at step 4 (what the flow keeps in session storage), so no code needs sending. */
const AT_CODE_STEP = {
  step: "code",
  token: "e2e-not-sent",
  pays: "FR",
  immatriculation: "552100554",
  numeroClient: "",
  email: "focus@exemple.test",
  mobile: "+33 6 12 34 56 78",
  entreprisesTrouvees: [
    { idTier: "T1", formeJuridique: "SARL", raisonSocial: "Ferme de test", immatriculation: "552100554", numeroClient: "C-1" },
  ],
  idEntreprisesChoisies: ["T1"],
  moyensContactsTrouves: [{ id: "m1", type: "email", masked: "f***@e***.test" }],
  moyenContactChoisi: "m1",
  dateExecution: new Date().toISOString(),
  resendAfterSeconds: 60,
};

test.describe("registration steps", () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript((state) => {
      if (!sessionStorage.getItem("macc:registration")) sessionStorage.setItem("macc:registration", JSON.stringify(state));
    }, AT_CODE_STEP);
  });

  test("the 6-digit code field shows the whole code at 1280 and 360 px and at 400 % zoom (320 px)", async ({ page }) => {
    for (const width of [1280, 360, 320]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/portail/inscription");
      const input = portal(page).getByLabel("Code de vérification");
      for (const code of ["123456", "123 456", "888 888"]) {
        await input.fill(code);
        const { scroll, client, right } = await input.evaluate((el) => ({
          scroll: el.scrollWidth,
          client: el.clientWidth,
          right: el.getBoundingClientRect().right,
        }));
        expect(scroll, `"${code}" at ${width} px`).toBeLessThanOrEqual(client);
        expect(right).toBeLessThanOrEqual(width);
      }
    }
    await expectAccessible(page);
  });

  test("a step change moves focus to the new step's heading", async ({ page }) => {
    await page.goto("/portail/inscription");
    const main = portal(page).locator("main");
    await main.getByRole("button", { name: "Utiliser un autre moyen de contact" }).click();
    await expect(main.getByRole("heading", { level: 2, name: "Recevoir un code de vérification" })).toBeFocused();
    await main.getByRole("button", { name: "Annuler et recommencer" }).click();
    await expect(main.getByRole("heading", { level: 2, name: "Identifiez votre entreprise" })).toBeFocused();
  });
});

test("a host page's hostile style sheet does not reach the elements: same login form as on the France page", async ({ page }) => {
  test.setTimeout(60_000);
  const { problems } = watchPage(page);
  const measure = async (path: string) => {
    await page.goto(path);
    const email = page.locator("macc-login").getByLabel("Adresse e-mail");
    await expect(email).toBeVisible();
    const title = page.locator("macc-login").getByRole("heading", { level: 1 });
    return {
      input: await email.evaluate((el) => {
        const s = getComputedStyle(el);
        return {
          height: el.getBoundingClientRect().height,
          fontSize: parseFloat(s.fontSize),
          letterSpacing: s.letterSpacing,
          color: s.color,
          fontStyle: s.fontStyle,
          textTransform: s.textTransform,
        };
      }),
      title: await title.evaluate((el) => {
        const s = getComputedStyle(el);
        return {
          fontSize: parseFloat(s.fontSize),
          lineHeight: s.lineHeight,
          letterSpacing: s.letterSpacing,
          color: s.color,
          textIndent: s.textIndent,
          textAlign: s.textAlign,
        };
      }),
    };
  };
  const normal = await measure("/france.html");
  const hostile = await measure("/sites/hostile-css.html");
  // The page's own text did get the hostile rules (the sheet is really applied).
  expect(await page.locator(".cms-banner h1").evaluate((el) => getComputedStyle(el).fontSize)).toBe("40px");
  expect(Math.abs(hostile.input.height - normal.input.height)).toBeLessThanOrEqual(1);
  expect(Math.abs(hostile.input.fontSize - normal.input.fontSize)).toBeLessThanOrEqual(1);
  expect(hostile.input).toEqual({ ...normal.input, height: hostile.input.height, fontSize: hostile.input.fontSize });
  expect(Math.abs(hostile.title.fontSize - normal.title.fontSize)).toBeLessThanOrEqual(1);
  expect(hostile.title).toEqual({ ...normal.title, fontSize: hostile.title.fontSize });
  await expectAccessible(page);
  expect(problems).toEqual([]);
});
