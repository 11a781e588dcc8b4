import type { Locale } from "../src/contract/constants.ts";
import type { LanguagePaths } from "../src/core/paths.ts";
import type { RouteName } from "../src/core/routes.ts";
import de from "../src/core/paths/de.ts";
import en from "../src/core/paths/en.ts";
import es from "../src/core/paths/es.ts";
import fr from "../src/core/paths/fr.ts";
import it from "../src/core/paths/it.ts";
import nl from "../src/core/paths/nl.ts";
import type { GeneratedFile } from "./tag-files.ts";

/**
 * The country demo sites (demo/sites/<locale>/): for each of the ten locales, the three pages a
 * country's CMS would have around the elements: a home page (header, login, footer, editorial
 * content), a product page whose `<macc-add-to-basket>` elements add items to the basket (a plain
 * `?panier=` link inside each, shown without scripts), and the page that
 * hosts `<macc-portal>`; and the page answering the site's other addresses (404). One source for the forty pages: `npx tsx scripts/generate-sites.ts`
 * writes them, and server/http/demo-sites.test.ts fails when the committed ones differ.
 */

type Language = "fr" | "de" | "en" | "es" | "it" | "nl";

/** A language's texts; `{site}` is the site's name and `{where}` its country, as the language says "in France". */
interface SiteTexts {
  siteNav: string;
  home: string;
  products: string;
  account: string;
  homeDescription: string;
  tagline: string;
  articles: Array<[title: string, text: string]>;
  productsDescription: string;
  productsIntro: string;
  addToBasket: string;
  seeBasket: string;
  /** The demo catalogue's items this page sells (ids of the basket API's catalogue), with the CMS's name and blurb. */
  items: Array<[id: string, name: string, blurb: string]>;
  accountDescription: string;
  /** The folder of the portal page's address, a word of the language. */
  portalFolder: string;
  /** The page of the site's other addresses (its menu's "Who we are", "FAQ"…), which the demo does not have. */
  notFound: { title: string; text: string; back: string };
  productsFile: string;
}

const TEXTS: Record<Language, SiteTexts> = {
  fr: {
    siteNav: "Pages du site",
    home: "Accueil",
    products: "Nos produits",
    account: "Mon espace client",
    homeDescription: "{site} : semences, engrais, alimentation animale et matériel pour les agriculteurs {where}.",
    tagline: "Le partenaire des agriculteurs {where} : approvisionnement, conseil et services, au plus près de vos parcelles.",
    articles: [
      [
        "Campagne de semis de printemps",
        "Les semences de maïs et de tournesol de la nouvelle campagne sont arrivées dans nos dépôts. Réservez tôt auprès de votre conseiller pour choisir les meilleures variétés.",
      ],
      [
        "Votre conseiller sur votre exploitation",
        "Analyse de sol, plan de fumure, suivi des cultures : nos techniciens viennent chez vous toute l'année.",
      ],
      [
        "Votre espace client en ligne",
        "Factures, parc produits, documents techniques et coordonnées de votre conseiller : connectez-vous ci-dessus ou créez votre compte en quelques minutes.",
      ],
    ],
    productsDescription: "Semences, engrais, alimentation animale et petit matériel : une sélection du catalogue de {site}.",
    productsIntro:
      "Une sélection de notre catalogue. Ajoutez à votre panier les produits qui vous intéressent : un conseiller vous rappelle pour établir votre devis.",
    addToBasket: "Ajouter au panier",
    seeBasket: "Voir mon panier",
    items: [
      ["1001", "Semence de blé tendre certifiée", "Variété d'hiver productive, sélectionnée pour nos terroirs, traitée et prête à semer."],
      ["1002", "Ammonitrate 33,5 %", "L'azote des apports de printemps, livré en big bag sur votre exploitation."],
      [
        "1004",
        "Aliment vaches laitières VL 18",
        "Un aliment équilibré qui soutient la production laitière, formulé par nos nutritionnistes.",
      ],
      ["1006", "Fourche à fumier 5 dents", "Robuste et bien équilibrée : la fourche des travaux de tous les jours à l'étable."],
    ],
    accountDescription: "Espace client {site} : connexion, factures, parc produits et conseiller.",
    portalFolder: "portail",
    notFound: {
      title: "Page absente de la démonstration",
      text: "Cette page du site {site} ne fait pas partie de la démonstration : seuls l'en-tête, le pied de page, la connexion, le panier et l'espace client sont de vrais éléments.",
      back: "Retour à l'accueil",
    },
    productsFile: "produits.html",
  },
  de: {
    siteNav: "Seiten der Website",
    home: "Startseite",
    products: "Unsere Produkte",
    account: "Mein Kundenbereich",
    homeDescription: "{site}: Saatgut, Dünger, Tierfutter und Ausrüstung für Landwirte {where}.",
    tagline: "Der Partner der Landwirte {where}: Versorgung, Beratung und Service, ganz nah an Ihren Feldern.",
    articles: [
      [
        "Frühjahrsaussaat",
        "Das Mais- und Sonnenblumensaatgut der neuen Saison ist in unseren Lagern eingetroffen. Reservieren Sie frühzeitig bei Ihrem Berater, um die besten Sorten zu wählen.",
      ],
      [
        "Ihr Berater auf Ihrem Betrieb",
        "Bodenanalyse, Düngeplanung, Bestandsführung: Unsere Techniker kommen das ganze Jahr über zu Ihnen.",
      ],
      [
        "Ihr Kundenbereich online",
        "Rechnungen, Produktbestand, technische Unterlagen und die Kontaktdaten Ihres Beraters: Melden Sie sich oben an oder erstellen Sie Ihr Konto in wenigen Minuten.",
      ],
    ],
    productsDescription: "Saatgut, Dünger, Tierfutter und Kleingeräte: eine Auswahl aus dem Katalog von {site}.",
    productsIntro:
      "Eine Auswahl aus unserem Katalog. Legen Sie die Produkte, die Sie interessieren, in den Warenkorb: Ein Berater ruft Sie für Ihr Angebot zurück.",
    addToBasket: "In den Warenkorb",
    seeBasket: "Zum Warenkorb",
    items: [
      ["1001", "Zertifiziertes Weichweizen-Saatgut", "Ertragreiche Wintersorte, für unsere Standorte ausgewählt, gebeizt und saatfertig."],
      ["1002", "Ammonsalpeter 33,5 %", "Der Stickstoff für die Frühjahrsgaben, im Big Bag auf Ihren Hof geliefert."],
      [
        "1004",
        "Milchleistungsfutter VL 18",
        "Ein ausgewogenes Futter für eine hohe Milchleistung, von unseren Fachleuten für Tierernährung entwickelt.",
      ],
      ["1006", "Mistgabel mit 5 Zinken", "Robust und gut ausbalanciert: die Gabel für die tägliche Arbeit im Stall."],
    ],
    accountDescription: "Kundenbereich {site}: Anmeldung, Rechnungen, Produktbestand und Berater.",
    portalFolder: "portal",
    notFound: {
      title: "Seite nicht in der Demo",
      text: "Diese Seite von {site} gehört nicht zur Demo: Nur Kopfzeile, Fußzeile, Anmeldung, Warenkorb und Kundenbereich sind echte Elemente.",
      back: "Zur Startseite",
    },
    productsFile: "produkte.html",
  },
  en: {
    siteNav: "Site pages",
    home: "Home",
    products: "Our products",
    account: "My customer area",
    homeDescription: "{site}: seed, fertiliser, animal feed and equipment for farmers {where}.",
    tagline: "The farmer's partner {where}: supplies, advice and services, close to your fields.",
    articles: [
      [
        "Spring drilling season",
        "This season's spring barley and maize seed has arrived at our depots. Book early with your adviser to secure the best varieties.",
      ],
      ["Your adviser on your farm", "Soil analysis, nutrient planning, crop walks: our agronomists come out to you all year round."],
      [
        "Your customer area online",
        "Invoices, product fleet, technical documents and your adviser's details: log in above, or create your account in a few minutes.",
      ],
    ],
    productsDescription: "Seed, fertiliser, animal feed and small equipment: a selection from the {site} catalogue.",
    productsIntro:
      "A selection from our catalogue. Add the products you are interested in to your basket and an adviser will call you back with a quote.",
    addToBasket: "Add to basket",
    seeBasket: "See my basket",
    items: [
      ["1001", "Certified soft wheat seed", "A high-yielding winter variety chosen for our soils, treated and ready to drill."],
      ["1002", "Ammonium nitrate 33.5%", "Nitrogen for your spring dressings, delivered to the farm in big bags."],
      ["1004", "Dairy cow feed VL 18", "A balanced compound feed for strong milk yields, formulated by our nutritionists."],
      ["1006", "5-tine manure fork", "Sturdy and well balanced: the fork for everyday work in the yard and the shed."],
    ],
    accountDescription: "{site} customer area: log in, invoices, product fleet and adviser.",
    portalFolder: "portal",
    notFound: {
      title: "Page not in the demo",
      text: "This page of {site} is not part of the demo: only the header, the footer, the login, the basket and the customer area are real elements.",
      back: "Back to the home page",
    },
    productsFile: "products.html",
  },
  es: {
    siteNav: "Páginas del sitio",
    home: "Inicio",
    products: "Nuestros productos",
    account: "Mi área de cliente",
    homeDescription: "{site}: semillas, abonos, alimentación animal y material para agricultores {where}.",
    tagline: "El socio de los agricultores {where}: suministros, asesoramiento y servicios, cerca de sus parcelas.",
    articles: [
      [
        "Campaña de siembra de primavera",
        "Las semillas de maíz y girasol de la nueva campaña ya están en nuestros almacenes. Reserve pronto con su asesor para elegir las mejores variedades.",
      ],
      [
        "Su asesor en su explotación",
        "Análisis de suelo, plan de abonado, seguimiento de cultivos: nuestros técnicos le visitan durante todo el año.",
      ],
      [
        "Su área de cliente en línea",
        "Facturas, parque de productos, documentos técnicos y datos de su asesor: inicie sesión arriba o cree su cuenta en pocos minutos.",
      ],
    ],
    productsDescription: "Semillas, abonos, alimentación animal y pequeño material: una selección del catálogo de {site}.",
    productsIntro:
      "Una selección de nuestro catálogo. Añada a su cesta los productos que le interesan: un asesor le llamará para preparar su presupuesto.",
    addToBasket: "Añadir a la cesta",
    seeBasket: "Ver mi cesta",
    items: [
      [
        "1001",
        "Semilla certificada de trigo blando",
        "Variedad de invierno productiva, seleccionada para nuestras tierras, tratada y lista para sembrar.",
      ],
      ["1002", "Nitrato amónico 33,5 %", "El nitrógeno de los aportes de primavera, entregado en big bag en su explotación."],
      [
        "1004",
        "Pienso para vacas lecheras VL 18",
        "Un pienso equilibrado para una buena producción de leche, formulado por nuestros nutricionistas.",
      ],
      ["1006", "Horca para estiércol de 5 púas", "Robusta y bien equilibrada: la horca del trabajo diario en el establo."],
    ],
    accountDescription: "Área de cliente de {site}: acceso, facturas, parque de productos y asesor.",
    portalFolder: "portal",
    notFound: {
      title: "Página fuera de la demostración",
      text: "Esta página de {site} no forma parte de la demostración: solo la cabecera, el pie de página, el acceso, la cesta y el área de cliente son elementos reales.",
      back: "Volver a la página de inicio",
    },
    productsFile: "productos.html",
  },
  it: {
    siteNav: "Pagine del sito",
    home: "Home",
    products: "I nostri prodotti",
    account: "La mia area clienti",
    homeDescription: "{site}: sementi, concimi, mangimi e attrezzature per gli agricoltori {where}.",
    tagline: "Il partner degli agricoltori {where}: forniture, consulenza e servizi, vicino ai suoi campi.",
    articles: [
      [
        "Campagna di semina primaverile",
        "Le sementi di mais e girasole della nuova campagna sono arrivate nei nostri magazzini. Prenoti per tempo con il suo consulente per scegliere le varietà migliori.",
      ],
      [
        "Il suo consulente in azienda",
        "Analisi del suolo, piano di concimazione, monitoraggio delle colture: i nostri tecnici vengono da lei tutto l'anno.",
      ],
      [
        "La sua area clienti online",
        "Fatture, parco prodotti, documenti tecnici e recapiti del suo consulente: acceda qui sopra o crei il suo account in pochi minuti.",
      ],
    ],
    productsDescription: "Sementi, concimi, mangimi e piccola attrezzatura: una selezione dal catalogo di {site}.",
    productsIntro:
      "Una selezione dal nostro catalogo. Aggiunga al carrello i prodotti che le interessano: un consulente la richiamerà per il preventivo.",
    addToBasket: "Aggiungi al carrello",
    seeBasket: "Vedi il mio carrello",
    items: [
      [
        "1001",
        "Seme certificato di grano tenero",
        "Varietà invernale produttiva, selezionata per i nostri terreni, conciata e pronta per la semina.",
      ],
      ["1002", "Nitrato ammonico 33,5%", "L'azoto delle concimazioni primaverili, consegnato in big bag nella sua azienda."],
      [
        "1004",
        "Mangime per vacche da latte VL 18",
        "Un mangime equilibrato per una buona produzione di latte, formulato dai nostri nutrizionisti.",
      ],
      ["1006", "Forca da letame a 5 denti", "Robusta e ben bilanciata: la forca del lavoro di ogni giorno in stalla."],
    ],
    accountDescription: "Area clienti {site}: accesso, fatture, parco prodotti e consulente.",
    portalFolder: "portale",
    notFound: {
      title: "Pagina non inclusa nella demo",
      text: "Questa pagina di {site} non fa parte della demo: solo l'intestazione, il piè di pagina, l'accesso, il carrello e l'area clienti sono elementi reali.",
      back: "Torna alla pagina iniziale",
    },
    productsFile: "prodotti.html",
  },
  nl: {
    siteNav: "Pagina's van de site",
    home: "Home",
    products: "Onze producten",
    account: "Mijn klantenzone",
    homeDescription: "{site}: zaaizaad, meststoffen, diervoeding en materiaal voor landbouwers {where}.",
    tagline: "De partner van de landbouwers {where}: aanvoer, advies en service, dicht bij uw percelen.",
    articles: [
      [
        "Voorjaarszaai",
        "Het maïs- en zonnebloemzaad van het nieuwe seizoen is in onze depots aangekomen. Reserveer op tijd bij uw adviseur om de beste rassen te kiezen.",
      ],
      ["Uw adviseur op uw bedrijf", "Bodemanalyse, bemestingsplan, gewasopvolging: onze technici komen het hele jaar door bij u langs."],
      [
        "Uw klantenzone online",
        "Facturen, productpark, technische documenten en de gegevens van uw adviseur: log hierboven in of maak in enkele minuten uw account aan.",
      ],
    ],
    productsDescription: "Zaaizaad, meststoffen, diervoeding en klein materiaal: een selectie uit de catalogus van {site}.",
    productsIntro:
      "Een selectie uit onze catalogus. Leg de producten die u interesseren in uw winkelmandje: een adviseur belt u terug voor uw offerte.",
    addToBasket: "In winkelmandje",
    seeBasket: "Naar mijn winkelmandje",
    items: [
      [
        "1001",
        "Gecertificeerd zaaizaad zachte tarwe",
        "Productief wintertarweras, gekozen voor onze gronden, behandeld en klaar om te zaaien.",
      ],
      ["1002", "Ammoniumnitraat 33,5 %", "De stikstof voor de voorjaarsbemesting, in big bags op uw bedrijf geleverd."],
      ["1004", "Melkveevoer VL 18", "Een evenwichtig voeder voor een hoge melkproductie, samengesteld door onze voedingsdeskundigen."],
      ["1006", "Mestvork met 5 tanden", "Stevig en goed uitgebalanceerd: de vork voor het dagelijkse werk in de stal."],
    ],
    accountDescription: "Klantenzone {site}: inloggen, facturen, productpark en adviseur.",
    portalFolder: "portaal",
    notFound: {
      title: "Pagina niet in de demo",
      text: "Deze pagina van {site} hoort niet bij de demo: alleen de kop, de voettekst, het inloggen, het winkelmandje en de klantenzone zijn echte elementen.",
      back: "Terug naar de startpagina",
    },
    productsFile: "producten.html",
  },
};

interface Site {
  locale: Locale;
  language: Language;
  paths: LanguagePaths;
  name: string;
  /** The country as the language's "in France", for the texts' `{where}`. */
  where: string;
}

/** The ten sites of SPEC §1, one per locale. */
export const SITES: Site[] = [
  { locale: "fr-FR", language: "fr", paths: fr, name: "MACC France", where: "en France" },
  { locale: "fr-BE", language: "fr", paths: fr, name: "MACC Belgique", where: "en Belgique" },
  { locale: "fr-LU", language: "fr", paths: fr, name: "MACC Luxembourg", where: "au Luxembourg" },
  { locale: "de-BE", language: "de", paths: de, name: "MACC Belgien", where: "in Ostbelgien" },
  { locale: "de-LU", language: "de", paths: de, name: "MACC Luxemburg", where: "in Luxemburg" },
  { locale: "en-GB", language: "en", paths: en, name: "MACC UK", where: "across the UK" },
  { locale: "es-ES", language: "es", paths: es, name: "MACC España", where: "en España" },
  { locale: "it-IT", language: "it", paths: it, name: "MACC Italia", where: "in Italia" },
  { locale: "nl-BE", language: "nl", paths: nl, name: "MACC België", where: "in België" },
  { locale: "nl-NL", language: "nl", paths: nl, name: "MACC Nederland", where: "in Nederland" },
];

const NOTICE = "Generated by scripts/generate-sites.ts from scripts/demo-sites.ts: edit those, not this file.";

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The addresses of a site's pages. */
export function siteUrls(site: Site) {
  const siteBase = `/sites/${site.locale}`;
  const portalBase = `${siteBase}/${TEXTS[site.language].portalFolder}`;
  const route = (name: RouteName) => portalBase + site.paths.routes[name];
  return { home: `${siteBase}/`, products: `${siteBase}/${TEXTS[site.language].productsFile}`, siteBase, portalBase, route };
}

interface PageOptions {
  title: string;
  description: string;
  /** A CMS page: its entry in the site's navigation and the content of its main region, between header and footer. */
  cms?: { current?: "home" | "products"; main: string };
}

function page(site: Site, { title, description, cms }: PageOptions): string {
  const texts = TEXTS[site.language];
  const urls = siteUrls(site);
  const fill = (text: string) => escape(text.replaceAll("{site}", site.name).replaceAll("{where}", site.where));
  const navLink = (href: string, label: string, key?: string) =>
    `<li><a href="${href}"${key && key === cms?.current ? ' aria-current="page"' : ""}>${escape(label)}</a></li>`;
  // The header comes first: its skip link is the page's first Tab stop.
  const body = cms
    ? `    <macc-header></macc-header>
    <nav class="site-nav" aria-label="${escape(texts.siteNav)}">
      <ul>
        ${navLink(urls.home, texts.home, "home")}
        ${navLink(urls.products, texts.products, "products")}
        ${navLink(urls.route("DASHBOARD"), texts.account)}
      </ul>
    </nav>
    <main>
${cms.main}
    </main>
    <macc-footer></macc-footer>`
    : "    <macc-portal></macc-portal>";
  return `<!doctype html>
<!-- ${NOTICE} -->
<html lang="${site.locale}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="${fill(description)}" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>${escape(title)} — ${escape(site.name)}</title>
    <link rel="stylesheet" href="/demo.css" />
    <link rel="stylesheet" href="/sites/sites.css" />
    <link rel="stylesheet" href="/static/css/macc-elements.css" />
    <script type="module" src="/static/js/macc-elements.js"${cms ? ' blocking="render"' : ""} data-locale="${site.locale}" data-portal-base="${urls.portalBase}" data-site-base="${urls.siteBase}"></script>
  </head>
  <body>
${body.replaceAll("{site}", escape(site.name)).replaceAll("{where}", escape(site.where))}
  </body>
</html>
`;
}

function homePage(site: Site): string {
  const texts = TEXTS[site.language];
  const articles = texts.articles
    .map(([title, text]) => `        <article>\n          <h2>${escape(title)}</h2>\n          <p>${escape(text)}</p>\n        </article>`)
    .join("\n");
  return page(site, {
    title: texts.home,
    description: texts.homeDescription,
    cms: {
      current: "home",
      main: `      <div class="cms-banner">
        <h1>{site}</h1>
        <p>${escape(texts.tagline)}</p>
      </div>
      <macc-action-banner></macc-action-banner>
      <macc-login></macc-login>
      <div class="cms-content site-articles">
${articles}
      </div>`,
    },
  });
}

function productsPage(site: Site): string {
  const texts = TEXTS[site.language];
  const items = texts.items
    .map(
      ([id, name, blurb]) => `          <li class="product">
            <img src="/api/basket/items/${id}/image" alt="" width="96" height="96" />
            <h2>${escape(name)}</h2>
            <p>${escape(blurb)}</p>
            <macc-add-to-basket item="${id}" name="${escape(name)}">
              <a class="add-to-basket" href="?panier=${id}">${escape(texts.addToBasket)}<span class="visually-hidden">${site.language === "fr" ? " : " : ": "}${escape(name)}</span></a>
            </macc-add-to-basket>
          </li>`,
    )
    .join("\n");
  return page(site, {
    title: texts.products,
    description: texts.productsDescription,
    cms: {
      current: "products",
      main: `      <div class="cms-banner">
        <h1>${escape(texts.products)}</h1>
        <p>${escape(texts.productsIntro)}</p>
      </div>
      <div class="cms-content">
        <ul class="products">
${items}
        </ul>
        <p><a href="${siteUrls(site).route("PANIER")}">${escape(texts.seeBasket)}</a></p>
      </div>`,
    },
  });
}

/**
 * What the server answers (404) for the site's other addresses: the links of its header and footer
 * lead to pages of the brand's site that the demo does not have, and this says so in its language.
 */
function notFoundPage(site: Site): string {
  const { title, text, back } = TEXTS[site.language].notFound;
  return page(site, {
    title,
    description: text,
    cms: {
      main: `      <div class="cms-banner">
        <h1>${escape(title)}</h1>
        <p>${escape(text)}</p>
      </div>
      <div class="cms-content">
        <p><a href="${siteUrls(site).home}">${escape(back)}</a></p>
      </div>`,
    },
  });
}

function portalPage(site: Site): string {
  const texts = TEXTS[site.language];
  return page(site, { title: texts.account, description: texts.accountDescription });
}

/** Every page of every site, from the repository root. */
export function siteFiles(): GeneratedFile[] {
  return SITES.flatMap((site) => {
    const dir = `demo/sites/${site.locale}`;
    const texts = TEXTS[site.language];
    return [
      { path: `${dir}/index.html`, content: homePage(site) },
      { path: `${dir}/${texts.productsFile}`, content: productsPage(site) },
      { path: `${dir}/${texts.portalFolder}.html`, content: portalPage(site) },
      { path: `${dir}/404.html`, content: notFoundPage(site) },
    ];
  });
}
