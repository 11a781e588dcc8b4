import type { LanguagePaths } from "../paths";

/** English: en-GB. */
const paths: LanguagePaths = {
  routes: {
    AGRIMACC: "/agrimacc",
    AIDE_CONNEXION: "/my-account/password",
    CHOIX_ENTREPRISE: "/my-account/choose-company",
    CONFIRMATION_INFORMATION: "/my-account/confirm-information",
    CONSEILLER: "/contact/adviser",
    COORDONNEE_BANCAIRE: "/my-account/bank-details",
    DASHBOARD: "/my-account",
    FACTURES: "/my-account/bills",
    FORMULAIRE_CONTACT: "/contact/contact-form",
    INFOS_PERSONNEL: "/my-account/my-information",
    INSCRIPTION: "/registration",
    INTERLOCUTEURS: "/contact",
    LOGIN: "/my-account/login",
    LOGIN_PANIER: "/cart/login",
    MAINTENANCE: "/maintenance",
    MOT_DE_PASSE_OUBLIE: "/forgotten-password",
    MOT_DE_PASSE_UPDATE: "/my-account/my-information/update-password",
    PANIER: "/cart/validation",
    PANIER_VALIDER: "/cart/validated",
    PARC_PRODUITS: "/my-account/MACC-products",
    PARC_PRODUITS_DETAIL: "/my-account/MACC-products/:codeFamille",
    PARC_PRODUITS_DETAIL_SAV: "/my-account/MACC-products/:codeFamille/sav",
  },
  site: {
    products: "/products",
    whoWeAre: "/who-we-are",
    innovate: "/innovate-together",
    joinUs: "/join-us",
    news: "/news",
    faq: "/faq",
    ideas: "/ideas",
    careers: "/careers",
    legal: "/legal-notice",
    sitemap: "/site-map",
    dataProtection: "/data-protection",
    search: "/search",
  },
};
export default paths;
