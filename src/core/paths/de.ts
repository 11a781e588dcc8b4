import type { LanguagePaths } from "../paths";

/** German: de-BE, de-LU. */
const paths: LanguagePaths = {
  routes: {
    AGRIMACC: "/agrimacc",
    AIDE_CONNEXION: "/mein-konto/passwort",
    CHOIX_ENTREPRISE: "/mein-konto/firma-waehlen",
    CONFIRMATION_INFORMATION: "/mein-konto/daten-bestaetigen",
    CONSEILLER: "/kontakt/berater",
    COORDONNEE_BANCAIRE: "/mein-konto/bankverbindung",
    DASHBOARD: "/mein-konto",
    FACTURES: "/mein-konto/rechnungen",
    FORMULAIRE_CONTACT: "/kontakt/kontaktformular",
    INFOS_PERSONNEL: "/mein-konto/meine-daten",
    INSCRIPTION: "/registrierung",
    INTERLOCUTEURS: "/kontakt",
    LOGIN: "/mein-konto/anmeldung",
    LOGIN_PANIER: "/warenkorb/anmeldung",
    MAINTENANCE: "/wartung",
    MOT_DE_PASSE_OUBLIE: "/passwort-vergessen",
    MOT_DE_PASSE_UPDATE: "/mein-konto/meine-daten/passwort-aendern",
    PANIER: "/warenkorb/bestaetigung",
    PANIER_VALIDER: "/warenkorb/bestaetigt",
    PARC_PRODUITS: "/mein-konto/meine-produkte",
    PARC_PRODUITS_DETAIL: "/mein-konto/meine-produkte/:codeFamille",
    PARC_PRODUITS_DETAIL_SAV: "/mein-konto/meine-produkte/:codeFamille/sav",
  },
  site: {
    products: "/produkte",
    whoWeAre: "/wer-wir-sind",
    innovate: "/gemeinsam-innovieren",
    joinUs: "/karriere-bei-uns",
    news: "/aktuelles",
    faq: "/faq",
    ideas: "/ideen",
    careers: "/stellenangebote",
    legal: "/impressum",
    sitemap: "/sitemap",
    dataProtection: "/datenschutz",
    search: "/suche",
  },
};
export default paths;
