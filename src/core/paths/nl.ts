import type { LanguagePaths } from "../paths";

/** Dutch: nl-BE, nl-NL. */
const paths: LanguagePaths = {
  routes: {
    AGRIMACC: "/agrimacc",
    AIDE_CONNEXION: "/mijn-account/wachtwoord",
    CHOIX_ENTREPRISE: "/mijn-account/bedrijf-kiezen",
    CONFIRMATION_INFORMATION: "/mijn-account/bevestiging-gegevens",
    CONSEILLER: "/contact/adviseur",
    COORDONNEE_BANCAIRE: "/mijn-account/bankgegevens",
    DASHBOARD: "/mijn-account",
    FACTURES: "/mijn-account/facturen",
    FORMULAIRE_CONTACT: "/contact/contactformulier",
    INFOS_PERSONNEL: "/mijn-account/mijn-gegevens",
    INSCRIPTION: "/registratie",
    INTERLOCUTEURS: "/contact",
    LOGIN: "/mijn-account/inloggen",
    LOGIN_PANIER: "/winkelmandje/inloggen",
    MAINTENANCE: "/onderhoud",
    MOT_DE_PASSE_OUBLIE: "/wachtwoord-vergeten",
    MOT_DE_PASSE_UPDATE: "/mijn-account/mijn-gegevens/wachtwoord-wijzigen",
    PANIER: "/winkelmandje/bevestiging",
    PANIER_VALIDER: "/winkelmandje/geldig",
    PARC_PRODUITS: "/mijn-account/mijn-producten",
    PARC_PRODUITS_DETAIL: "/mijn-account/mijn-producten/:codeFamille",
    PARC_PRODUITS_DETAIL_SAV: "/mijn-account/mijn-producten/:codeFamille/sav",
  },
  site: {
    products: "/producten",
    whoWeAre: "/wie-zijn-wij",
    innovate: "/samen-innoveren",
    joinUs: "/kom-bij-ons",
    news: "/nieuws",
    faq: "/faq",
    ideas: "/ideeen",
    careers: "/vacatures",
    legal: "/juridische-informatie",
    sitemap: "/sitemap",
    dataProtection: "/gegevensbescherming",
    search: "/zoeken",
  },
};
export default paths;
