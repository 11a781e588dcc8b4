import type { LanguagePaths } from "../paths";

/** French: fr-FR, fr-BE, fr-LU. */
const paths: LanguagePaths = {
  routes: {
    AGRIMACC: "/agrimacc",
    AIDE_CONNEXION: "/mon-compte/mot-de-passe",
    CHOIX_ENTREPRISE: "/mon-compte/choixEntreprise",
    CONFIRMATION_INFORMATION: "/mon-compte/confirmation-information",
    CONSEILLER: "/contact/conseiller",
    COORDONNEE_BANCAIRE: "/mon-compte/coordonnee-bancaire",
    DASHBOARD: "/mon-compte",
    FACTURES: "/mon-compte/factures",
    FORMULAIRE_CONTACT: "/contact/formulaire-contact",
    INFOS_PERSONNEL: "/mon-compte/mes-informations",
    INSCRIPTION: "/inscription",
    INTERLOCUTEURS: "/contact",
    LOGIN: "/mon-compte/connexion",
    LOGIN_PANIER: "/panier/connexion",
    MAINTENANCE: "/maintenance",
    MOT_DE_PASSE_OUBLIE: "/mot-de-passe-oublie",
    MOT_DE_PASSE_UPDATE: "/mon-compte/mes-informations/update-mot-de-passe",
    PANIER: "/panier/validation",
    PANIER_VALIDER: "/panier/valide",
    PARC_PRODUITS: "/mon-compte/parc-produits",
    PARC_PRODUITS_DETAIL: "/mon-compte/parc-produits/:codeFamille",
    PARC_PRODUITS_DETAIL_SAV: "/mon-compte/parc-produits/:codeFamille/sav",
  },
  site: {
    products: "/produits",
    whoWeAre: "/qui-sommes-nous",
    innovate: "/innovons-ensemble",
    joinUs: "/nous-rejoindre",
    news: "/actualites",
    faq: "/faq",
    ideas: "/idees",
    careers: "/carrieres",
    legal: "/mentions-legales",
    sitemap: "/plan-du-site",
    dataProtection: "/protection-des-donnees",
    search: "/recherche",
  },
};
export default paths;
