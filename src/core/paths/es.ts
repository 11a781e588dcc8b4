import type { LanguagePaths } from "../paths";

/** Spanish: es-ES. */
const paths: LanguagePaths = {
  routes: {
    AGRIMACC: "/agrimacc",
    AIDE_CONNEXION: "/mi-cuenta/contrasena",
    CHOIX_ENTREPRISE: "/mi-cuenta/elegir-empresa",
    CONFIRMATION_INFORMATION: "/mi-cuenta/confirmacion-informacion",
    CONSEILLER: "/contacto/asesor",
    COORDONNEE_BANCAIRE: "/mi-cuenta/datos-bancarios",
    DASHBOARD: "/mi-cuenta",
    FACTURES: "/mi-cuenta/facturas",
    FORMULAIRE_CONTACT: "/contacto/formulario-contacto",
    INFOS_PERSONNEL: "/mi-cuenta/mis-datos",
    INSCRIPTION: "/registro",
    INTERLOCUTEURS: "/contacto",
    LOGIN: "/mi-cuenta/conexion",
    LOGIN_PANIER: "/cesta/conexion",
    MAINTENANCE: "/mantenimiento",
    MOT_DE_PASSE_OUBLIE: "/contrasena-olvidada",
    MOT_DE_PASSE_UPDATE: "/mi-cuenta/mis-datos/cambiar-contrasena",
    PANIER: "/cesta/validacion",
    PANIER_VALIDER: "/cesta/validada",
    PARC_PRODUITS: "/mi-cuenta/productos-MACC",
    PARC_PRODUITS_DETAIL: "/mi-cuenta/productos-MACC/:codeFamille",
    PARC_PRODUITS_DETAIL_SAV: "/mi-cuenta/productos-MACC/:codeFamille/sav",
  },
  site: {
    products: "/productos",
    whoWeAre: "/quienes-somos",
    innovate: "/innovemos-juntos",
    joinUs: "/unete",
    news: "/noticias",
    faq: "/preguntas-frecuentes",
    ideas: "/ideas",
    careers: "/empleo",
    legal: "/aviso-legal",
    sitemap: "/mapa-del-sitio",
    dataProtection: "/proteccion-de-datos",
    search: "/buscar",
  },
};
export default paths;
