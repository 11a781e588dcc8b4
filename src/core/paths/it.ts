import type { LanguagePaths } from "../paths";

/** Italian: it-IT. */
const paths: LanguagePaths = {
  routes: {
    AGRIMACC: "/agrimacc",
    AIDE_CONNEXION: "/il-mio-account/password",
    CHOIX_ENTREPRISE: "/il-mio-account/scelta-azienda",
    CONFIRMATION_INFORMATION: "/il-mio-account/conferma-informazioni",
    CONSEILLER: "/contatti/consulente",
    COORDONNEE_BANCAIRE: "/il-mio-account/coordinate-bancarie",
    DASHBOARD: "/il-mio-account",
    FACTURES: "/il-mio-account/fatture",
    FORMULAIRE_CONTACT: "/contatti/modulo-contatto",
    INFOS_PERSONNEL: "/il-mio-account/i-miei-dati",
    INSCRIPTION: "/registrazione",
    INTERLOCUTEURS: "/contatti",
    LOGIN: "/il-mio-account/accesso",
    LOGIN_PANIER: "/carrello/accesso",
    MAINTENANCE: "/manutenzione",
    MOT_DE_PASSE_OUBLIE: "/password-dimenticata",
    MOT_DE_PASSE_UPDATE: "/il-mio-account/i-miei-dati/modifica-password",
    PANIER: "/carrello/convalida",
    PANIER_VALIDER: "/carrello/convalidato",
    PARC_PRODUITS: "/il-mio-account/prodotti-MACC",
    PARC_PRODUITS_DETAIL: "/il-mio-account/prodotti-MACC/:codeFamille",
    PARC_PRODUITS_DETAIL_SAV: "/il-mio-account/prodotti-MACC/:codeFamille/sav",
  },
  site: {
    products: "/prodotti",
    whoWeAre: "/chi-siamo",
    innovate: "/innoviamo-insieme",
    joinUs: "/lavora-con-noi",
    news: "/notizie",
    faq: "/faq",
    ideas: "/idee",
    careers: "/carriere",
    legal: "/note-legali",
    sitemap: "/mappa-del-sito",
    dataProtection: "/protezione-dei-dati",
    search: "/cerca",
  },
};
export default paths;
