// A host page's own TypeScript, using the elements through the package's shipped typings
// ("macc-elements", as package.json's exports give them). Every `@ts-expect-error` must fail.
import type { MaccEventDetailMap, MaccLocale, MaccLoginElement } from "macc-elements";

const login: MaccLoginElement = document.createElement("macc-login");
login.variant = "basket";
login.locale = "nl-BE";
login.theme = "agri";
login.apiBase = "https://extranet.example/api";
// @ts-expect-error: not a variant of <macc-login>
login.variant = "panier";
// @ts-expect-error: not one of the ten locales
login.locale = "fr-CH";
// @ts-expect-error: the property is apiBase (the attribute is api-base)
login.apibase = "/api";

const fleet = document.querySelector("macc-product-fleet");
if (fleet) {
  fleet.family = "TRACT";
  fleet.view = "sav";
  // @ts-expect-error: the product fleet's only view is "sav"
  fleet.view = "sent";
}
// @ts-expect-error: <macc-footer> has no variant
document.createElement("macc-footer").variant = "basket";

export function routeThroughTheRouter(go: (path: string) => void): void {
  login.addEventListener("macc-navigate", (event) => {
    const route: MaccEventDetailMap["macc-navigate"]["route"] = event.detail.route;
    if (route === "FACTURES" || event.detail.params.codeFamille) {
      event.preventDefault();
      go(event.detail.path);
    }
    // @ts-expect-error: not a route name of the specification
    if (event.detail.route === "INVOICES") go("/");
  });
  login.addEventListener("macc-load-error", (event) => console.warn(event.detail.type, event.detail.url));
}

document.addEventListener("macc-login", (event) => {
  const email: string = event.detail.emailLogin;
  const company: string | null = event.detail.idTier;
  console.info(email, company, event.detail.uuidCompte);
});
document.addEventListener("macc-logout", (event) => {
  // @ts-expect-error: the reasons are user, idle, expired and forced
  if (event.detail.reason === "timeout") console.info("never");
});
document.addEventListener("macc-company-change", (event) => console.info(event.detail.idTier, event.detail.codeReseau));
document.addEventListener("macc-basket-change", (event) => console.info(event.detail.panier.join(",")));
// Element events bubble to the document too.
document.addEventListener("macc-navigate", (event) => console.info(event.detail.route));
// @ts-expect-error: the state events are dispatched on document, never on an element
login.addEventListener("macc-login", (event) => console.info(event.detail.emailLogin));

export const locales: MaccLocale[] = ["fr-FR", "de-LU"];
