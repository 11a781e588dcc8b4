/**
 * The demo basket catalogue (ids 1001–1012): agricultural supplies of the MACC (FRA) and AGRIMACC
 * (AGR) networks, named and described in the six languages of the ten locales, each with a
 * picture drawn from a small SVG template (a coloured background and a pictogram of its kind).
 */

type Language = "fr" | "en" | "nl" | "de" | "es" | "it";

type Kind = "wheat" | "maize" | "sack" | "spray" | "bucket" | "fence" | "fork" | "auger";

interface Colours {
  /** Background, halo behind the pictogram, pictogram. */
  bg: string;
  halo: string;
  ink: string;
}

export interface BasketItemSeed {
  id: string;
  codeReseau: "FRA" | "AGR";
  kind: Kind;
  colours: Colours;
  texts: Record<Language, { nom: string; description: string }>;
}

export const BASKET_ITEMS: BasketItemSeed[] = [
  {
    id: "1001",
    codeReseau: "FRA",
    kind: "wheat",
    colours: { bg: "#f7efd9", halo: "#ecd9a4", ink: "#7d5a10" },
    texts: {
      fr: { nom: "Semence de blé tendre certifiée", description: "Variété d'hiver productive et résistante à la verse, sac de 25 kg." },
      en: { nom: "Certified soft wheat seed", description: "High-yielding winter variety with good lodging resistance, 25 kg bag." },
      nl: { nom: "Gecertificeerd zaaizaad zachte tarwe", description: "Productief wintertarweras met goede legervastheid, zak van 25 kg." },
      de: { nom: "Zertifiziertes Weichweizen-Saatgut", description: "Ertragreiche Wintersorte mit guter Standfestigkeit, 25-kg-Sack." },
      es: {
        nom: "Semilla certificada de trigo blando",
        description: "Variedad de invierno productiva y resistente al encamado, saco de 25 kg.",
      },
      it: {
        nom: "Seme certificato di grano tenero",
        description: "Varietà invernale produttiva e resistente all'allettamento, sacco da 25 kg.",
      },
    },
  },
  {
    id: "1002",
    codeReseau: "FRA",
    kind: "sack",
    colours: { bg: "#e4edf5", halo: "#bed3e6", ink: "#1f4e79" },
    texts: {
      fr: { nom: "Ammonitrate 33,5 %", description: "Engrais azoté granulé pour les apports de printemps, big bag de 600 kg." },
      en: { nom: "Ammonium nitrate 33.5%", description: "Granular nitrogen fertiliser for spring dressings, 600 kg big bag." },
      nl: { nom: "Ammoniumnitraat 33,5 %", description: "Gekorrelde stikstofmeststof voor de voorjaarsbemesting, big bag van 600 kg." },
      de: { nom: "Ammonsalpeter 33,5 %", description: "Gekörnter Stickstoffdünger für die Frühjahrsdüngung, 600-kg-Big-Bag." },
      es: { nom: "Nitrato amónico 33,5 %", description: "Abono nitrogenado granulado para los aportes de primavera, big bag de 600 kg." },
      it: { nom: "Nitrato ammonico 33,5%", description: "Concime azotato granulare per le concimazioni primaverili, big bag da 600 kg." },
    },
  },
  {
    id: "1003",
    codeReseau: "FRA",
    kind: "spray",
    colours: { bg: "#dff2f0", halo: "#ade0d9", ink: "#0d6059" },
    texts: {
      fr: {
        nom: "Buses anti-dérive (lot de 12)",
        description: "Buses à injection d'air 110-03 qui limitent la dérive lors des traitements.",
      },
      en: { nom: "Anti-drift nozzles (pack of 12)", description: "Air-induction 110-03 nozzles that reduce drift when spraying." },
      nl: { nom: "Driftarme spuitdoppen (set van 12)", description: "Luchtinjectiedoppen 110-03 die drift bij het spuiten beperken." },
      de: { nom: "Abdriftmindernde Düsen (12er-Set)", description: "Injektordüsen 110-03, die die Abdrift beim Spritzen verringern." },
      es: {
        nom: "Boquillas antideriva (lote de 12)",
        description: "Boquillas de inyección de aire 110-03 que reducen la deriva al pulverizar.",
      },
      it: {
        nom: "Ugelli antideriva (confezione da 12)",
        description: "Ugelli a induzione d'aria 110-03 che riducono la deriva durante i trattamenti.",
      },
    },
  },
  {
    id: "1004",
    codeReseau: "FRA",
    kind: "bucket",
    colours: { bg: "#f6e9dd", halo: "#e8caad", ink: "#744520" },
    texts: {
      fr: {
        nom: "Aliment vaches laitières VL 18",
        description: "Aliment complémentaire à 18 % de protéines pour la production laitière, sac de 25 kg.",
      },
      en: { nom: "Dairy cow feed VL 18", description: "18% protein compound feed for milk production, 25 kg bag." },
      nl: { nom: "Melkveevoer VL 18", description: "Aanvullend voer met 18 % eiwit voor de melkproductie, zak van 25 kg." },
      de: { nom: "Milchleistungsfutter VL 18", description: "Ergänzungsfutter mit 18 % Rohprotein für die Milcherzeugung, 25-kg-Sack." },
      es: {
        nom: "Pienso para vacas lecheras VL 18",
        description: "Pienso complementario con un 18 % de proteína para la producción de leche, saco de 25 kg.",
      },
      it: {
        nom: "Mangime per vacche da latte VL 18",
        description: "Mangime complementare al 18% di proteine per la produzione di latte, sacco da 25 kg.",
      },
    },
  },
  {
    id: "1005",
    codeReseau: "FRA",
    kind: "fence",
    colours: { bg: "#fdf3d3", halo: "#f7de8c", ink: "#5c4700" },
    texts: {
      fr: {
        nom: "Électrificateur de clôture 5 joules",
        description: "Électrificateur sur secteur pour de longues clôtures, même en végétation dense.",
      },
      en: { nom: "5-joule fence energiser", description: "Mains-powered energiser for long fences, even through dense vegetation." },
      nl: { nom: "Schrikdraadapparaat 5 joule", description: "Apparaat op netstroom voor lange afrasteringen, ook bij dichte begroeiing." },
      de: { nom: "Weidezaungerät 5 Joule", description: "Netzgerät für lange Zäune, auch bei starkem Bewuchs." },
      es: { nom: "Pastor eléctrico de 5 julios", description: "Energizador de red para cercados largos, incluso con vegetación densa." },
      it: {
        nom: "Elettrificatore per recinti 5 joule",
        description: "Elettrificatore a rete per recinzioni lunghe, anche con vegetazione fitta.",
      },
    },
  },
  {
    id: "1006",
    codeReseau: "FRA",
    kind: "fork",
    colours: { bg: "#e9ecef", halo: "#cbd3da", ink: "#33434c" },
    texts: {
      fr: {
        nom: "Fourche à fumier 5 dents",
        description: "Dents en acier forgé et manche en frêne de 1,30 m, pour le paillage et le curage.",
      },
      en: { nom: "5-tine manure fork", description: "Forged steel tines and a 1.30 m ash handle, for bedding and mucking out." },
      nl: {
        nom: "Mestvork met 5 tanden",
        description: "Tanden van gesmeed staal en een essenhouten steel van 1,30 m, voor instrooien en uitmesten.",
      },
      de: {
        nom: "Mistgabel mit 5 Zinken",
        description: "Zinken aus geschmiedetem Stahl und 1,30 m langer Eschenstiel, zum Einstreuen und Ausmisten.",
      },
      es: {
        nom: "Horca para estiércol de 5 púas",
        description: "Púas de acero forjado y mango de fresno de 1,30 m, para encamar y limpiar establos.",
      },
      it: {
        nom: "Forca da letame a 5 denti",
        description: "Denti in acciaio forgiato e manico in frassino da 1,30 m, per la lettiera e la pulizia delle stalle.",
      },
    },
  },
  {
    id: "1007",
    codeReseau: "AGR",
    kind: "maize",
    colours: { bg: "#fdebd2", halo: "#f6c98c", ink: "#8a4a12" },
    texts: {
      fr: { nom: "Semence de maïs grain", description: "Hybride précoce adapté aux climats océaniques, dose de 50 000 grains." },
      en: { nom: "Grain maize seed", description: "Early hybrid suited to oceanic climates, 50,000-seed unit." },
      nl: { nom: "Zaaizaad korrelmaïs", description: "Vroege hybride, geschikt voor een zeeklimaat, eenheid van 50.000 zaden." },
      de: { nom: "Körnermais-Saatgut", description: "Frühe Hybridsorte für atlantisches Klima, Einheit mit 50.000 Körnern." },
      es: { nom: "Semilla de maíz grano", description: "Híbrido precoz adaptado a climas oceánicos, dosis de 50 000 semillas." },
      it: { nom: "Seme di mais da granella", description: "Ibrido precoce adatto ai climi oceanici, dose da 50.000 semi." },
    },
  },
  {
    id: "1008",
    codeReseau: "AGR",
    kind: "sack",
    colours: { bg: "#e7f0e1", halo: "#c3dbb5", ink: "#365f26" },
    texts: {
      fr: {
        nom: "Engrais NPK 15-15-15",
        description: "Engrais complet équilibré pour la fumure de fond et d'entretien, big bag de 500 kg.",
      },
      en: {
        nom: "NPK 15-15-15 fertiliser",
        description: "Balanced compound fertiliser for base and maintenance dressings, 500 kg big bag.",
      },
      nl: {
        nom: "NPK-meststof 15-15-15",
        description: "Evenwichtige samengestelde meststof voor basis- en onderhoudsbemesting, big bag van 500 kg.",
      },
      de: { nom: "NPK-Dünger 15-15-15", description: "Ausgewogener Volldünger für Grund- und Erhaltungsdüngung, 500-kg-Big-Bag." },
      es: {
        nom: "Abono NPK 15-15-15",
        description: "Abono complejo equilibrado para el abonado de fondo y de mantenimiento, big bag de 500 kg.",
      },
      it: {
        nom: "Concime NPK 15-15-15",
        description: "Concime complesso bilanciato per la concimazione di fondo e di mantenimento, big bag da 500 kg.",
      },
    },
  },
  {
    id: "1009",
    codeReseau: "AGR",
    kind: "spray",
    colours: { bg: "#e1eff7", halo: "#b2d5ea", ink: "#17577c" },
    texts: {
      fr: {
        nom: "Bouillie bordelaise 20 %",
        description: "Fongicide à base de cuivre, utilisable en agriculture biologique, seau de 5 kg.",
      },
      en: { nom: "Bordeaux mixture 20%", description: "Copper-based fungicide approved for organic farming, 5 kg tub." },
      nl: {
        nom: "Bordeauxse pap 20 %",
        description: "Fungicide op basis van koper, toegelaten in de biologische landbouw, emmer van 5 kg.",
      },
      de: { nom: "Bordeauxbrühe 20 %", description: "Fungizid auf Kupferbasis, im ökologischen Landbau zugelassen, 5-kg-Eimer." },
      es: { nom: "Caldo bordelés 20 %", description: "Fungicida a base de cobre, autorizado en agricultura ecológica, cubo de 5 kg." },
      it: { nom: "Poltiglia bordolese 20%", description: "Fungicida a base di rame, ammesso in agricoltura biologica, secchio da 5 kg." },
    },
  },
  {
    id: "1010",
    codeReseau: "AGR",
    kind: "bucket",
    colours: { bg: "#efe8f4", halo: "#d6c4e3", ink: "#553474" },
    texts: {
      fr: {
        nom: "Seau à lécher minéral",
        description: "Minéraux, oligo-éléments et vitamines en libre-service pour bovins et ovins, seau de 20 kg.",
      },
      en: {
        nom: "Mineral lick bucket",
        description: "Free-access minerals, trace elements and vitamins for cattle and sheep, 20 kg bucket.",
      },
      nl: {
        nom: "Mineralenlikemmer",
        description: "Vrij opneembare mineralen, sporenelementen en vitaminen voor runderen en schapen, emmer van 20 kg.",
      },
      de: {
        nom: "Mineralleckeimer",
        description: "Mineralstoffe, Spurenelemente und Vitamine zur freien Aufnahme für Rinder und Schafe, 20-kg-Eimer.",
      },
      es: {
        nom: "Cubo mineral para lamer",
        description: "Minerales, oligoelementos y vitaminas de libre acceso para bovino y ovino, cubo de 20 kg.",
      },
      it: {
        nom: "Secchio minerale da leccare",
        description: "Minerali, oligoelementi e vitamine a libera disposizione per bovini e ovini, secchio da 20 kg.",
      },
    },
  },
  {
    id: "1011",
    codeReseau: "AGR",
    kind: "fence",
    colours: { bg: "#ebf1dd", halo: "#cfe0ad", ink: "#45591c" },
    texts: {
      fr: { nom: "Piquets de clôture en fibre de verre", description: "Piquets de 1,50 m avec isolateurs intégrés, lot de 50." },
      en: { nom: "Fibreglass fence posts", description: "1.50 m posts with built-in insulators, pack of 50." },
      nl: { nom: "Glasvezelpalen voor afrastering", description: "Palen van 1,50 m met ingebouwde isolatoren, set van 50." },
      de: { nom: "Weidezaunpfähle aus Glasfaser", description: "1,50 m lange Pfähle mit integrierten Isolatoren, 50er-Pack." },
      es: { nom: "Estacas de fibra de vidrio para cercados", description: "Estacas de 1,50 m con aisladores integrados, lote de 50." },
      it: { nom: "Paletti per recinzione in fibra di vetro", description: "Paletti da 1,50 m con isolatori integrati, confezione da 50." },
    },
  },
  {
    id: "1012",
    codeReseau: "AGR",
    kind: "auger",
    colours: { bg: "#f0e9e2", halo: "#d9cab9", ink: "#56402d" },
    texts: {
      fr: {
        nom: "Tarière de prélèvement de sol",
        description: "Tarière en acier inoxydable de 30 cm pour les analyses de terre avant fertilisation.",
      },
      en: { nom: "Soil sampling auger", description: "30 cm stainless steel auger for soil analyses before fertilising." },
      nl: { nom: "Grondboor voor bodemmonsters", description: "Roestvrijstalen boor van 30 cm voor grondanalyses vóór de bemesting." },
      de: { nom: "Bodenprobenbohrer", description: "Bohrer aus Edelstahl, 30 cm, für Bodenanalysen vor der Düngung." },
      es: {
        nom: "Barrena para muestras de suelo",
        description: "Barrena de acero inoxidable de 30 cm para los análisis de suelo antes del abonado.",
      },
      it: {
        nom: "Trivella per campioni di terreno",
        description: "Trivella in acciaio inox da 30 cm per le analisi del terreno prima della concimazione.",
      },
    },
  },
];

// ---------------------------------------------------------------------------------------------
// Pictures: 240 × 240, a pictogram of the item's kind on its colours (no text: one picture for
// every language; the page gives it its alternative text).

/** A drop of liquid whose round end is centred on (x, y). */
const drop = (x: number, y: number) =>
  `M${x} ${y - 16}C${x + 9} ${y - 4} ${x + 10} ${y + 1} ${x + 10} ${y + 4}A10 10 0 0 1 ${x - 10} ${y + 4}C${x - 10} ${y + 1} ${x - 9} ${y - 4} ${x} ${y - 16}Z`;

/** Kernels of a maize cob: rows of dots inside the ellipse centred on (120, 112), 26 × 56. */
function maizeKernels(fill: string): string {
  let dots = "";
  for (let y = 66; y <= 158; y += 13) {
    const half = 26 * Math.sqrt(Math.max(0, 1 - ((y - 112) / 56) ** 2));
    for (const dx of [-13, 0, 13]) if (Math.abs(dx) + 6 <= half) dots += `<circle cx="${120 + dx}" cy="${y}" r="4.5" fill="${fill}"/>`;
  }
  return dots;
}

const PICTOGRAMS: Record<Kind, (c: Colours) => string> = {
  wheat: (c) => {
    const grains = [84, 108, 132, 156]
      .map(
        (y) =>
          `<ellipse cx="104" cy="${y}" rx="10" ry="18" transform="rotate(-35 104 ${y})"/>` +
          `<ellipse cx="136" cy="${y}" rx="10" ry="18" transform="rotate(35 136 ${y})"/>`,
      )
      .join("");
    return (
      `<g fill="${c.ink}">${grains}<ellipse cx="120" cy="60" rx="9" ry="17"/></g>` +
      `<path d="M120 74V204" stroke="${c.ink}" stroke-width="7" stroke-linecap="round"/>` +
      `<path d="M120 200C100 194 86 180 82 162C102 166 116 180 120 200Z" fill="${c.ink}"/>`
    );
  },
  maize: (c) =>
    `<ellipse cx="120" cy="112" rx="26" ry="56" fill="${c.ink}"/>${maizeKernels(c.halo)}` +
    `<path d="M120 206C86 196 70 158 80 112C90 146 104 176 120 206Z" fill="${c.ink}"/>` +
    `<path d="M120 206C154 196 170 158 160 112C150 146 136 176 120 206Z" fill="${c.ink}"/>` +
    `<path d="M120 56V38" stroke="${c.ink}" stroke-width="5" stroke-linecap="round"/>`,
  sack: (c) =>
    `<path d="M92 68L82 44L104 54L120 42L136 54L158 44L148 68Z" fill="${c.ink}"/>` +
    `<path d="M90 70H150Q166 78 162 104L168 178Q168 198 148 198H92Q72 198 72 178L78 104Q74 78 90 70Z" fill="${c.ink}"/>` +
    `<rect x="94" y="116" width="52" height="44" rx="8" fill="${c.bg}"/>` +
    `<g fill="${c.ink}"><circle cx="108" cy="140" r="6"/><circle cx="122" cy="130" r="6"/><circle cx="134" cy="145" r="6"/></g>`,
  spray: (c) =>
    `<rect x="60" y="46" width="120" height="14" rx="7" fill="${c.ink}"/>` +
    `<path d="M106 60H134L127 82H113Z" fill="${c.ink}"/>` +
    `<path d="${drop(92, 114)}${drop(120, 108)}${drop(148, 114)}${drop(106, 144)}${drop(134, 144)}" fill="${c.ink}"/>` +
    `<path d="M66 200C82 168 132 160 178 170C160 202 110 212 66 200Z" fill="${c.ink}"/>` +
    `<path d="M80 196C108 184 138 176 166 172" stroke="${c.halo}" stroke-width="4" stroke-linecap="round" fill="none"/>`,
  bucket: (c) =>
    `<path d="M82 104Q120 30 158 104" stroke="${c.ink}" stroke-width="7" fill="none" stroke-linecap="round"/>` +
    `<path d="M84 98Q120 62 156 98Z" fill="${c.ink}" fill-opacity="0.55"/>` +
    `<rect x="70" y="94" width="100" height="16" rx="8" fill="${c.ink}"/>` +
    `<path d="M78 108H162L150 190Q149 200 139 200H101Q91 200 90 190Z" fill="${c.ink}"/>` +
    `<rect x="92" y="140" width="56" height="9" rx="4.5" fill="${c.bg}"/>`,
  fence: (c) =>
    `<g fill="${c.ink}"><path d="M60 80L70 66L80 80V204H60Z"/><path d="M160 80L170 66L180 80V204H160Z"/></g>` +
    `<path d="M80 100H160M80 134H160M80 168H160" stroke="${c.ink}" stroke-width="5"/>` +
    `<path d="M128 50L98 124H120L108 188L146 106H124L138 50Z" fill="#f5c400" stroke="${c.ink}" stroke-width="5" stroke-linejoin="round"/>`,
  fork: (c) =>
    `<g stroke="${c.ink}" stroke-linecap="round" fill="none">` +
    `<path d="M100 38H140M120 38V120" stroke-width="10"/>` +
    `<path d="M84 136Q84 122 98 122H142Q156 122 156 136" stroke-width="9"/>` +
    `<path d="M84 136V200M101 128V204M120 124V206M139 128V204M156 136V200" stroke-width="7"/></g>`,
  auger: (c) =>
    `<rect x="44" y="132" width="152" height="76" rx="10" fill="${c.halo}"/>` +
    `<path d="M44 132H196" stroke="${c.ink}" stroke-width="5" stroke-linecap="round"/>` +
    `<g stroke="${c.ink}" stroke-linecap="round" stroke-linejoin="round" fill="none">` +
    `<path d="M74 44H166" stroke-width="12"/><path d="M120 44V150" stroke-width="9"/>` +
    `<path d="M120 146L140 156L100 168L140 180L100 192L120 204" stroke-width="7"/></g>`,
};

/** The item's picture (SVG), from its kind and colours. */
export function basketItemSvg(item: Pick<BasketItemSeed, "kind" | "colours">): string {
  const c = item.colours;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">` +
    `<rect width="240" height="240" fill="${c.bg}"/><circle cx="120" cy="124" r="96" fill="${c.halo}" fill-opacity="0.55"/>` +
    PICTOGRAMS[item.kind](c) +
    `</svg>`
  );
}
